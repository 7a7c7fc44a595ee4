package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;

/** A UTC clock that moves only when a test moves it; safe to read from any thread. */
public final class MutableClock extends Clock {

  private final AtomicReference<Instant> now;

  /** A clock standing at {@code start}. */
  public MutableClock(Instant start) {
    now = new AtomicReference<>(requireNonNull(start, "start"));
  }

  /**
   * A clock standing at the system's present instant, to the millisecond (as the project stores
   * instants), for code whose peers read the real time.
   */
  public static MutableClock atSystemTime() {
    return new MutableClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));
  }

  /** Moves the clock forward (or back, for a negative duration). */
  public void advance(Duration duration) {
    requireNonNull(duration, "duration");
    now.updateAndGet(instant -> instant.plus(duration));
  }

  /** Sets the clock to {@code instant}. */
  public void set(Instant instant) {
    now.set(requireNonNull(instant, "instant"));
  }

  @Override
  public Instant instant() {
    return now.get();
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("withZone");
  }
}
