package io.wsqos.core.compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CompressionFeatureBuilderTest {

  @Test
  void invalidSettingsAreRejectedWithWhatWasExpected() {
    CompressionFeature.Builder builder = CompressionFeature.builder();

    assertThatThrownBy(() -> builder.minBodyBytes(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("minBodyBytes: -1 (expected: 0..65536)");
    assertThatThrownBy(() -> builder.minBodyBytes(65537))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("minBodyBytes: 65537 (expected: 0..65536)");
    assertThatThrownBy(() -> builder.level(ContentCoding.GZIP, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("level: 10 (expected: 1..9 for gzip)");
    assertThatThrownBy(() -> builder.codings())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("codings: [] (expected: at least one coding)");
    assertThatThrownBy(() -> builder.codings(ContentCoding.GZIP, ContentCoding.GZIP))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("codings: [GZIP, GZIP] (expected: each coding at most once)");
    assertThatThrownBy(() -> builder.policy(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("policy");
  }

  @Test
  void defaultPolicyIsLoadAwareAtEightyPercentOnACpuProbe() {
    try (CompressionFeature feature = CompressionFeature.builder().build()) {
      assertThat(feature.policy()).isInstanceOf(LoadAwarePolicy.class);
      assertThat(feature.policy().toString()).contains("threshold=0.8").contains("CpuLoadProbe");
    }
  }
}
