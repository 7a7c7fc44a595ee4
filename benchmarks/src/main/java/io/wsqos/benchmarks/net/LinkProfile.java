package io.wsqos.benchmarks.net;

import static java.util.Objects.requireNonNull;

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
