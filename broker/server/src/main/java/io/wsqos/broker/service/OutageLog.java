package io.wsqos.broker.service;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * The log of requests refused because the registry's database is unavailable: the first refusal is
 * a {@code WARN} line, and then at most one such line per interval, saying how many were refused
 * since the last; the others go to {@code DEBUG}. An outage refuses every write until it ends, and
 * a line per request would bury everything else in the log. Thread-safe, no lock.
 */
public final class OutageLog {

  /** Default least time between two {@code WARN} lines: 10 s. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

  private final Logger log;
  private final String what;
  private final long intervalNanos;
  private final LongSupplier nanoTime;
  private final AtomicLong nextWarnAt;
  private final AtomicLong quiet = new AtomicLong();

  /**
   * @param log where the lines go
   * @param what names the requests, e.g. {@code A REST request}
   * @param interval the least time between two {@code WARN} lines, more than zero
   */
  public OutageLog(Logger log, String what, Duration interval) {
    this(log, what, interval, System::nanoTime);
  }

  OutageLog(Logger log, String what, Duration interval, LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
    this.log = requireNonNull(log, "log");
    this.what = requireNonNull(what, "what");
    requireNonNull(interval, "interval");
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval: " + interval + " (expected: > 0)");
    }
    this.intervalNanos = interval.toNanos();
    this.nextWarnAt = new AtomicLong(nanoTime.getAsLong());
  }

  /** Logs one refused request, {@code why} being the database's own text (for the log only). */
  public void refused(String why) {
    long now = nanoTime.getAsLong();
    long next = nextWarnAt.get();
    if (now - next >= 0 && nextWarnAt.compareAndSet(next, now + intervalNanos)) {
      long since = quiet.getAndSet(0);
      if (since == 0) {
        log.warn("{} failed: {}", what, why);
      } else {
        log.warn(
            "{} failed: {} ({} more failed the same way since the last such line)",
            what,
            why,
            since);
      }
    } else {
      quiet.incrementAndGet();
      log.debug("{} failed: {}", what, why);
    }
  }
}
