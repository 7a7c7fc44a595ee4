package io.wsqos.benchmarks.experiment;

import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.core.load.LoadProbe;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.transport.common.gzip.GZIPFeature;

/** How {@link CompressionServer} compresses the bookstore's responses. */
enum ServerMode {
  /** No compression feature at all: the uncompressed baseline. */
  NONE("none"),
  /**
   * wsqos {@code CompressionFeature} with {@code CompressionPolicy.always()}: every response whose
   * client accepts a coding is compressed, with the feature's default codings and level.
   */
  ALL("all"),
  /**
   * wsqos {@code CompressionFeature} with its default, load-aware policy (system CPU sampled in the
   * background, threshold 80%, hysteresis 5 points): {@code compress} requests are compressed,
   * {@code server-decides} ones only while the load is under the threshold.
   */
  DYNAMIC("dynamic"),
  /**
   * wsqos {@code CompressionFeature} grading its effort with load: {@code server-decides} responses
   * at zstd 3 / gzip 6 while the system CPU is under 50%, at the codec's fastest level from 50% to
   * 80%, not at all above 80% (hysteresis 5 points): whether more effort while idle pays.
   */
  GRADED("graded"),
  /**
   * CXF's own {@code GZIPFeature} (in {@code cxf-core}, {@code
   * org.apache.cxf.transport.common.gzip}) with its defaults: gzip whenever the client sends {@code
   * Accept-Encoding: gzip} and the body is at least 1 KB.
   */
  CXF_GZIP("cxf-gzip");

  /** Where {@link #GRADED} drops to the fastest level. */
  static final double GRADED_BUSY_PERCENT = 50.0;

  private final String token;

  ServerMode(String token) {
    this.token = token;
  }

  String token() {
    return token;
  }

  static Optional<ServerMode> fromToken(String token) {
    return Arrays.stream(values()).filter(m -> m.token.equals(token)).findFirst();
  }

  /** The features to put on the bookstore's endpoint. */
  List<Feature> features() {
    return switch (this) {
      case NONE -> List.of();
      case CXF_GZIP -> List.of(new GZIPFeature());
      case ALL -> List.of(CompressionFeature.builder().policy(CompressionPolicy.always()).build());
      // The feature's default policy: load-aware on the system CPU probe, threshold 80%.
      case DYNAMIC -> List.of(CompressionFeature.builder().build());
      // The probe lives as long as the server process, which is all this mode is for.
      case GRADED ->
          List.of(
              CompressionFeature.builder()
                  .policy(
                      CompressionPolicy.graded(
                          LoadProbe.cpu(),
                          GRADED_BUSY_PERCENT,
                          CompressionPolicy.DEFAULT_THRESHOLD_PERCENT,
                          CompressionPolicy.DEFAULT_HYSTERESIS_PERCENT))
                  .level(ContentCoding.ZSTD, 3)
                  .level(ContentCoding.GZIP, 6)
                  .level(ContentCoding.DEFLATE, 6)
                  .build());
    };
  }
}
