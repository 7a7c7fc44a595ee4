package io.wsqos.benchmarks.load;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Offers a fixed request rate whatever the server does, as {@code sclient} and {@code httperf} do:
 * request {@code i} is due at {@code start + i / rate}, and its latency is measured from that
 * instant, so a server (or a driver) that falls behind shows as latency rather than as a lower
 * offered rate. Requests due during the warm-up are sent but not counted.
 *
 * <p>Requests built with {@code keepAlive(true)} go over at most {@link
 * DriverOptions#maxConnections} connections per server address, as a registry client's pool: one
 * due while all are busy waits for the next free one, and its latency still runs from its intended
 * send time, so the wait is measured; one that waits longer than {@link DriverOptions#queueTimeout}
 * is counted as a {@link RequestCounts#queueTimeouts} failure. Other requests each open a
 * connection of their own, as {@code httperf} does.
 *
 * <p>The I/O runs on the calling thread; a second, mostly parked thread wakes the selector at each
 * due time, because {@link Selector#select(long)} only waits in whole milliseconds.
 */
public final class OpenLoopDriver {

  /** Lets the run set itself up before the first request is due. */
  static final long START_DELAY_NANOS = 5_000_000;

  private final DriverOptions options;

  private OpenLoopDriver(DriverOptions options) {
    this.options = requireNonNull(options, "options");
  }

  public static OpenLoopDriver create(DriverOptions options) {
    return new OpenLoopDriver(options);
  }

  /**
   * Offers {@code ratePerSecond} requests from {@code source} for {@code warmup} then {@code
   * measure}, waits for every request to end (each is bounded by the timeouts), and returns the
   * counts of the requests due in the measured part.
   */
  public RunResult run(
      RequestSource source, double ratePerSecond, Duration warmup, Duration measure) {
    requireNonNull(source, "source");
    if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
      throw new IllegalArgumentException("ratePerSecond: " + ratePerSecond + " (expected: > 0)");
    }
    checkDurations(warmup, measure);
    double periodNanos = 1e9 / ratePerSecond;
    long total = (long) Math.ceil((warmup.toNanos() + measure.toNanos()) / periodNanos);
    try (Selector selector = Selector.open()) {
      long start = System.nanoTime() + START_DELAY_NANOS;
      Schedule schedule = new Schedule(start, periodNanos, total);
      LoadEngine engine =
          new LoadEngine(
              selector,
              source,
              options,
              options.maxConnections(),
              start + warmup.toNanos(),
              start + warmup.toNanos() + measure.toNanos());
      Thread waker = new Thread(() -> wakeOnSchedule(schedule, selector), "wsqos-load-waker");
      waker.setDaemon(true);
      waker.start();
      try {
        return engine.run(schedule);
      } finally {
        waker.interrupt();
        joinQuietly(waker);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void checkDurations(Duration warmup, Duration measure) {
    if (warmup == null || warmup.isNegative()) {
      throw new IllegalArgumentException("warmup: " + warmup + " (expected: >= 0)");
    }
    if (measure == null || measure.isNegative() || measure.isZero()) {
      throw new IllegalArgumentException("measure: " + measure + " (expected: > 0)");
    }
  }

  private static void wakeOnSchedule(Schedule schedule, Selector selector) {
    for (long i = 0; i < schedule.total && !Thread.currentThread().isInterrupted(); i++) {
      long due = schedule.due(i);
      long wait;
      while ((wait = due - System.nanoTime()) > 0 && !Thread.currentThread().isInterrupted()) {
        LockSupport.parkNanos(wait);
      }
      selector.wakeup();
    }
  }

  private static void joinQuietly(Thread thread) {
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Request {@code i} is due at {@code start + i * period}; rounding never accumulates. */
  static final class Schedule implements Workload {
    private final long start;
    private final double periodNanos;
    private final long total;
    private long next;

    Schedule(long start, double periodNanos, long total) {
      this.start = start;
      this.periodNanos = periodNanos;
      this.total = total;
    }

    long due(long i) {
      return start + (long) (i * periodNanos);
    }

    @Override
    public long nextDue(long nowNanos) {
      return next < total ? due(next) : NOTHING_DUE;
    }

    @Override
    public void issued() {
      next++;
    }

    @Override
    public void completed(long nowNanos) {}

    @Override
    public boolean exhausted(long nowNanos) {
      return next >= total;
    }
  }
}
