package io.wsqos.benchmarks.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LinkProfileTest {

  @Test
  void gprsHasThePapersBandwidthsAndDelays() {
    LinkProfile gprs = LinkProfile.GPRS;

    assertThat(gprs.downBitsPerSecond()).isEqualTo(40_200);
    assertThat(gprs.upBitsPerSecond()).isEqualTo(13_400);
    assertThat(gprs.downDelayMillis()).isEqualTo(800);
    assertThat(gprs.upDelayMillis()).isEqualTo(500);
  }

  @Test
  void refusesABandwidthBelowOneKilobit() {
    assertThatThrownBy(() -> new LinkProfile("x", 999, 1_000, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bandwidth: down 999, up 1000 bit/s (expected: >= 1000 each)");
  }
}
