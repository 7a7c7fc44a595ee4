package io.wsqos.benchmarks.experiment;

import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
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
   * CXF's own {@code GZIPFeature} (in {@code cxf-core}, {@code
   * org.apache.cxf.transport.common.gzip}) with its defaults: gzip whenever the client sends {@code
   * Accept-Encoding: gzip} and the body is at least 1 KB.
   */
  CXF_GZIP("cxf-gzip");

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
    };
  }
}
