package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A bookstore that answers every operation only after an injected delay, changeable while it
 * serves: the "slow provider" of the self-healing experiments, and a server whose latency is large
 * enough for a millisecond-resolution tool such as {@code httperf} to measure it precisely.
 */
public final class DelayedBookstore extends SlowedBookstore {

  /** The largest delay accepted: longer only hangs clients, it shows nothing more. */
  public static final Duration MAX_DELAY = Duration.ofMinutes(1);

  private volatile long delayNanos;

  /**
   * Wraps {@code delegate} with an initial {@code delay}.
   *
   * @throws IllegalArgumentException if {@code delay} is negative or above {@link #MAX_DELAY}
   */
  public DelayedBookstore(BookstoreService delegate, Duration delay) {
    super(delegate);
    setDelay(delay);
  }

  /**
   * Sets the delay for the calls that start from now on; {@link Duration#ZERO} removes it.
   *
   * @throws IllegalArgumentException if {@code delay} is negative or above {@link #MAX_DELAY}
   */
  public void setDelay(Duration delay) {
    requireNonNull(delay, "delay");
    if (delay.isNegative() || delay.compareTo(MAX_DELAY) > 0) {
      throw new IllegalArgumentException(
          "delay: " + delay.toMillis() + " ms (expected: 0.." + MAX_DELAY.toMillis() + " ms)");
    }
    this.delayNanos = delay.toNanos();
  }

  /** The delay in force now. */
  public Duration delay() {
    return Duration.ofNanos(delayNanos);
  }

  @Override
  void beforeCall() {
    long nanos = delayNanos;
    if (nanos == 0) {
      return;
    }
    try {
      TimeUnit.NANOSECONDS.sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
