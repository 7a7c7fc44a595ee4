package io.wsqos.benchmarks.load;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Selector;
import java.time.Duration;

/**
 * {@code N} requesters, each sending its next request as soon as the previous one ended, for a
 * duration (the Grid5000 experiment's shape). All requesters share the one I/O thread of the
 * engine. A request's latency runs from the moment it was sent; requests sent during the warm-up
 * are not counted, and requests sent before the end are waited for.
 */
public final class ClosedLoopDriver {

  private final DriverOptions options;

  private ClosedLoopDriver(DriverOptions options) {
    this.options = requireNonNull(options, "options");
  }

  public static ClosedLoopDriver create(DriverOptions options) {
    return new ClosedLoopDriver(options);
  }

  /** Runs {@code requesters} back-to-back requesters for {@code warmup} then {@code measure}. */
  public RunResult run(RequestSource source, int requesters, Duration warmup, Duration measure) {
    requireNonNull(source, "source");
    if (requesters < 1 || requesters > options.maxInFlight()) {
      throw new IllegalArgumentException(
          "requesters: " + requesters + " (expected: 1.." + options.maxInFlight() + ")");
    }
    OpenLoopDriver.checkDurations(warmup, measure);
    try (Selector selector = Selector.open()) {
      long start = System.nanoTime();
      long end = start + warmup.toNanos() + measure.toNanos();
      // Each requester holds at most one connection: the requesters bound them, not the pool.
      LoadEngine engine =
          new LoadEngine(
              selector, source, options, Integer.MAX_VALUE, start + warmup.toNanos(), end);
      return engine.run(new Requesters(requesters, end));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Each ended request frees its requester, which sends again at once until the end. */
  static final class Requesters implements Workload {
    private final long endNanos;
    private int ready;

    Requesters(int requesters, long endNanos) {
      this.ready = requesters;
      this.endNanos = endNanos;
    }

    @Override
    public long nextDue(long nowNanos) {
      if (nowNanos - endNanos >= 0) {
        return NOTHING_DUE;
      }
      return ready > 0 ? nowNanos : endNanos;
    }

    @Override
    public void issued() {
      ready--;
    }

    @Override
    public void completed(long nowNanos) {
      ready++;
    }

    @Override
    public boolean exhausted(long nowNanos) {
      return nowNanos - endNanos >= 0;
    }
  }
}
