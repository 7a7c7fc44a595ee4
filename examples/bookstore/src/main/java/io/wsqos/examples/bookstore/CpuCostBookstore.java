package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.Semaphore;

/**
 * A bookstore that spends a fixed amount of CPU in every operation before answering: a documented
 * cost per call, so that an experiment can make a server's capacity small (a cost of {@code c} per
 * call saturates one core at {@code 1/c} calls per second) without a slower machine. The cost is
 * counted on the calling thread's own CPU time, so a call costs the same CPU however busy the
 * machine is; only its wall time grows when the thread waits for a core. At most as many calls
 * spend their cost at once as the JVM has processors (one when pinned to one core), the others wait
 * their turn, as in a server whose workers match its cores: an overloaded server queues its calls
 * instead of sharing its core among hundreds of spinning threads.
 */
public final class CpuCostBookstore extends SlowedBookstore {

  /** The largest cost accepted per call. */
  public static final Duration MAX_COST = Duration.ofSeconds(1);

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final long costNanos;
  private final Semaphore workers = new Semaphore(Runtime.getRuntime().availableProcessors(), true);

  /**
   * Wraps {@code delegate}, spending {@code cost} of CPU per call.
   *
   * @throws IllegalArgumentException if {@code cost} is not in {@code 0..}{@link #MAX_COST}, or the
   *     JVM cannot measure a thread's CPU time
   */
  public CpuCostBookstore(BookstoreService delegate, Duration cost) {
    super(delegate);
    requireNonNull(cost, "cost");
    if (cost.isNegative() || cost.compareTo(MAX_COST) > 0) {
      throw new IllegalArgumentException(
          "cost: " + cost.toNanos() / 1000 + " us (expected: 0.." + MAX_COST.toMillis() + " ms)");
    }
    if (!THREADS.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalArgumentException("cost: this JVM cannot measure a thread's CPU time");
    }
    this.costNanos = cost.toNanos();
  }

  /** The CPU each call spends before answering. */
  public Duration cost() {
    return Duration.ofNanos(costNanos);
  }

  @Override
  void beforeCall() {
    if (costNanos == 0) {
      return;
    }
    workers.acquireUninterruptibly();
    try {
      long end = THREADS.getCurrentThreadCpuTime() + costNanos;
      long sink = 0;
      while (THREADS.getCurrentThreadCpuTime() < end) {
        for (int i = 0; i < 1_000; i++) {
          sink += i * 31L ^ sink;
        }
      }
      if (sink == 42) {
        Thread.onSpinWait(); // keeps the loop from being removed as dead code
      }
    } finally {
      workers.release();
    }
  }
}
