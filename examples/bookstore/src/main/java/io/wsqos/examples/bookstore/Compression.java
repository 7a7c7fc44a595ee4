package io.wsqos.examples.bookstore;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.core.load.LoadProbe;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.transport.common.gzip.GZIPFeature;

/** How the bookstore compresses its responses: the launcher's {@code --compression}. */
enum Compression {
  /** No compression feature at all: the uncompressed baseline. */
  NONE("none"),
  /**
   * wsqos {@code CompressionFeature} with its default, load-aware policy (system CPU sampled in the
   * background): {@code compress} requests are compressed, {@code server-decides} ones only while
   * the load is under the threshold.
   */
  DYNAMIC("dynamic"),
  /** wsqos {@code CompressionFeature} compressing every response whose client accepts a coding. */
  ALWAYS("always"),
  /**
   * wsqos {@code CompressionFeature} grading its effort with load: {@code server-decides} responses
   * at zstd 3 / gzip 6 while the system CPU is under {@link #GRADED_BUSY_PERCENT}, at the codec's
   * fastest level up to the policy's threshold, not at all above it. A benchmark variant.
   */
  GRADED("graded"),
  /**
   * CXF's own {@code GZIPFeature} with its defaults: gzip whenever the client sends {@code
   * Accept-Encoding: gzip} and the body is at least 1 KB. The benchmarks' baseline.
   */
  CXF_GZIP("cxf-gzip");

  /** Where {@link #GRADED} drops to the fastest level. */
  static final double GRADED_BUSY_PERCENT = 50.0;

  private final String token;

  Compression(String token) {
    this.token = token;
  }

  /** The value of {@code --compression}. */
  String token() {
    return token;
  }

  static List<String> tokens() {
    return Arrays.stream(values()).map(Compression::token).toList();
  }

  static Compression of(String token) {
    return Arrays.stream(values())
        .filter(c -> c.token.equals(token))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "--compression: " + token + " (expected: one of " + tokens() + ")"));
  }

  /**
   * The feature to put on the endpoint, if any; what must be closed once the server has stopped
   * (the feature's codecs, a load probe) is added to {@code toClose}.
   */
  Optional<Feature> feature(MeterRegistry registry, List<AutoCloseable> toClose) {
    Optional<Feature> feature = create(registry, toClose);
    feature
        .filter(CompressionFeature.class::isInstance)
        .ifPresent(f -> toClose.add((CompressionFeature) f));
    return feature;
  }

  private Optional<Feature> create(MeterRegistry registry, List<AutoCloseable> toClose) {
    return switch (this) {
      case NONE -> Optional.empty();
      case CXF_GZIP -> Optional.of(new GZIPFeature());
      case ALWAYS ->
          Optional.of(
              CompressionFeature.builder()
                  .policy(CompressionPolicy.always())
                  .meterRegistry(registry)
                  .build());
      case DYNAMIC -> Optional.of(CompressionFeature.builder().meterRegistry(registry).build());
      case GRADED -> {
        LoadProbe probe = LoadProbe.cpu();
        toClose.add(probe);
        yield Optional.of(
            CompressionFeature.builder()
                .policy(
                    CompressionPolicy.graded(
                        probe,
                        GRADED_BUSY_PERCENT,
                        CompressionPolicy.DEFAULT_THRESHOLD_PERCENT,
                        CompressionPolicy.DEFAULT_HYSTERESIS_PERCENT))
                .level(ContentCoding.ZSTD, 3)
                .level(ContentCoding.GZIP, 6)
                .level(ContentCoding.DEFLATE, 6)
                .meterRegistry(registry)
                .build());
      }
    };
  }
}
