package io.wsqos.benchmarks.net;

import static java.util.Objects.requireNonNull;

import io.wsqos.testing.net.LinkConditions;
import java.time.Duration;
import java.util.List;

/**
 * The bandwidths and one-way delays of an emulated access link, as seen from the client.
 *
 * @param name shown in reports
 * @param downBitsPerSecond server to client
 * @param upBitsPerSecond client to server
 * @param downDelayMillis one-way delay server to client
 * @param upDelayMillis one-way delay client to server
 */
public record LinkProfile(
    String name,
    long downBitsPerSecond,
    long upBitsPerSecond,
    long downDelayMillis,
    long upDelayMillis) {

  /**
   * GPRS at its best (three downlink channels, one uplink) with the delays Chakravorty et al.
   * measured, as in section 7.1.3.1 of {@code 000_49aae6b7688bc2eb.txt}.
   */
  public static final LinkProfile GPRS = new LinkProfile("gprs", 40_200, 13_400, 800, 500);

  /** GPRS when conditions were poor, as Chakravorty et al. measured (section 7.1.3.1). */
  public static final LinkProfile POOR_GPRS = new LinkProfile("poor-gprs", 12_800, 4_000, 800, 500);

  /**
   * 802.11b at its nominal rate; the seed gives no figures for its wireless LAN, so the rate is the
   * standard's and the delay a typical access point's.
   */
  public static final LinkProfile WLAN = new LinkProfile("wlan", 11_000_000, 11_000_000, 2, 2);

  /**
   * Bluetooth 1.x asymmetric ACL (DH5) at its nominal rates; the seed gives no figures, so the
   * delay is a typical piconet's.
   */
  public static final LinkProfile BLUETOOTH = new LinkProfile("bluetooth", 723_200, 57_600, 20, 20);

  /** The seed's four links of Figures 47 to 50, fastest first. */
  public static final List<LinkProfile> FIGURES_47_TO_50 =
      List.of(WLAN, BLUETOOTH, GPRS, POOR_GPRS);

  /** The profile named {@code name} among {@link #FIGURES_47_TO_50}. */
  public static LinkProfile named(String name) {
    return FIGURES_47_TO_50.stream()
        .filter(p -> p.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "link: " + name + " (expected: one of wlan, bluetooth, gprs, poor-gprs)"));
  }

  /** What the server sends through: the downlink's rate and delay, no loss. */
  public LinkConditions down() {
    return new LinkConditions(0, downBitsPerSecond, Duration.ofMillis(downDelayMillis));
  }

  /** What the client sends through: the uplink's rate and delay, no loss. */
  public LinkConditions up() {
    return new LinkConditions(0, upBitsPerSecond, Duration.ofMillis(upDelayMillis));
  }

  public LinkProfile {
    requireNonNull(name, "name");
    if (downBitsPerSecond < 1_000 || upBitsPerSecond < 1_000) {
      throw new IllegalArgumentException(
          "bandwidth: down "
              + downBitsPerSecond
              + ", up "
              + upBitsPerSecond
              + " bit/s (expected: >= 1000 each)");
    }
  }
}
