package io.wsqos.monitor.cxf;

import java.time.Instant;

/**
 * Microseconds since the epoch from a monotonic source: the wall clock read once, then advanced by
 * {@link System#nanoTime()}. A step of the wall clock (NTP, an operator) can therefore never make
 * t4 - t1 or t3 - t2 negative or wrong; the price is that stamps drift from the wall clock by the
 * oscillator's error (parts per million) over the clock's life. Only differences taken on one side
 * are ever used, so that drift never reaches a figure.
 */
final class MicrosClock {

  private final long baseMicros;
  private final long baseNanos;

  private MicrosClock(long baseMicros, long baseNanos) {
    this.baseMicros = baseMicros;
    this.baseNanos = baseNanos;
  }

  /** A clock anchored at the wall clock now. */
  static MicrosClock system() {
    Instant now = Instant.now();
    long nanos = System.nanoTime();
    return new MicrosClock(now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000, nanos);
  }

  /** Microseconds since the epoch. */
  long nowMicros() {
    return baseMicros + (System.nanoTime() - baseNanos) / 1_000;
  }

  /** {@code micros} as an instant (records are stamped on this clock, not the wall clock). */
  static Instant toInstant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000), Math.floorMod(micros, 1_000_000) * 1_000L);
  }
}
