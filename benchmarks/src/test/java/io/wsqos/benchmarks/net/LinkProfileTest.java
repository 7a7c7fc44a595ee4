package io.wsqos.benchmarks.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.testing.net.LinkConditions;
import java.time.Duration;
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
  void theFourLinksOfFigures47To50AreFoundByNameAndGiveEachDirectionsConditions() {
    assertThat(LinkProfile.named("poor-gprs").downBitsPerSecond()).isEqualTo(12_800);
    assertThat(LinkProfile.named("poor-gprs").upBitsPerSecond()).isEqualTo(4_000);
    assertThat(LinkProfile.GPRS.down())
        .isEqualTo(new LinkConditions(0, 40_200, Duration.ofMillis(800)));
    assertThat(LinkProfile.GPRS.up())
        .isEqualTo(new LinkConditions(0, 13_400, Duration.ofMillis(500)));
    assertThatThrownBy(() -> LinkProfile.named("dsl"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("link: dsl (expected: one of wlan, bluetooth, gprs, poor-gprs)");
  }

  @Test
  void refusesABandwidthBelowOneKilobit() {
    assertThatThrownBy(() -> new LinkProfile("x", 999, 1_000, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bandwidth: down 999, up 1000 bit/s (expected: >= 1000 each)");
  }
}
