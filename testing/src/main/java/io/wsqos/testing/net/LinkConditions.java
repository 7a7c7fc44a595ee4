package io.wsqos.testing.net;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * What one direction of a {@link NetworkNamespace}'s link does to the packets it carries: drops a
 * share of them at random, limits their rate, delays them. {@link NetworkNamespace#impose} applies
 * the loss and the rate to the namespace; the delay is applied by the {@link DelayRelay}s that
 * {@link NetworkNamespace#delayRelayTo} starts (without {@code tc netem}, delay is added in user
 * space, per connection).
 *
 * <pre>{@code
 * ns.impose(End.HOST, LinkConditions.NONE.withLossPercent(2));  // into the namespace
 * ns.impose(End.INNER, new LinkConditions(2, 40_200, Duration.ofMillis(500))); // out of it
 * }</pre>
 *
 * @param lossPercent the share of packets dropped, 0 to 100, to a hundredth of a percent; each
 *     packet independently, on the receiving side, so that the sender's TCP sees a lost packet (an
 *     error on the sender's own output would not behave like one)
 * @param rateBitsPerSecond the most this direction carries, at least {@value
 *     #MIN_RATE_BITS_PER_SECOND} bit/s; 0 for no limit
 * @param delay the one-way delay added to each chunk of a relayed connection, whole milliseconds,
 *     not negative
 */
public record LinkConditions(double lossPercent, long rateBitsPerSecond, Duration delay) {

  /** The least rate {@code tc tbf} is asked for. */
  public static final long MIN_RATE_BITS_PER_SECOND = 1_000;

  /** No loss, no limit, no delay. */
  public static final LinkConditions NONE = new LinkConditions(0, 0, Duration.ZERO);

  /** Validates; see the record's components. */
  public LinkConditions {
    if (!(lossPercent >= 0 && lossPercent <= 100)) {
      throw new IllegalArgumentException("lossPercent: " + lossPercent + " (expected: 0..100)");
    }
    if (rateBitsPerSecond != 0 && rateBitsPerSecond < MIN_RATE_BITS_PER_SECOND) {
      throw new IllegalArgumentException(
          "rateBitsPerSecond: "
              + rateBitsPerSecond
              + " (expected: 0 for no limit, or >= "
              + MIN_RATE_BITS_PER_SECOND
              + ")");
    }
    requireNonNull(delay, "delay");
    if (delay.isNegative() || delay.toNanos() % 1_000_000 != 0) {
      throw new IllegalArgumentException(
          "delay: " + delay + " (expected: whole milliseconds, not negative)");
    }
  }

  /** These conditions with {@code lossPercent} instead. */
  public LinkConditions withLossPercent(double lossPercent) {
    return new LinkConditions(lossPercent, rateBitsPerSecond, delay);
  }

  /** These conditions with {@code rateBitsPerSecond} instead (0 for no limit). */
  public LinkConditions withRateBitsPerSecond(long rateBitsPerSecond) {
    return new LinkConditions(lossPercent, rateBitsPerSecond, delay);
  }

  /** These conditions with {@code delay} instead. */
  public LinkConditions withDelay(Duration delay) {
    return new LinkConditions(lossPercent, rateBitsPerSecond, delay);
  }

  /** The loss in hundredths of a percent, as the drop rule compares a random number below 10000. */
  int lossPerTenThousand() {
    return (int) Math.round(lossPercent * 100);
  }

  /** Whether packets are dropped at all. */
  public boolean lossy() {
    return lossPerTenThousand() > 0;
  }

  /** Whether the rate is limited. */
  public boolean rateLimited() {
    return rateBitsPerSecond > 0;
  }
}
