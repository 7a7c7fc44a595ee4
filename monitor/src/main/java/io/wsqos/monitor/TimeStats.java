package io.wsqos.monitor;

import io.wsqos.monitor.internal.Percentiles;
import java.time.Duration;

/**
 * Summary of one derived time over a set of records, in microseconds. Percentiles are nearest-rank
 * values of the sample (no interpolation). When {@link #count()} is 0 every figure is 0.
 */
public record TimeStats(
    long count,
    long minMicros,
    long maxMicros,
    double meanMicros,
    long p50Micros,
    long p95Micros,
    long p99Micros) {

  /** No samples. */
  public static final TimeStats EMPTY = new TimeStats(0, 0, 0, 0, 0, 0, 0);

  /** Summarises {@code values[0..size)}; the array is not changed. */
  public static TimeStats of(long[] values, int size) {
    if (size == 0) {
      return EMPTY;
    }
    long[] sorted = Percentiles.sorted(values, size);
    double sum = 0;
    for (long value : sorted) {
      sum += value;
    }
    return new TimeStats(
        size,
        sorted[0],
        sorted[size - 1],
        sum / size,
        Percentiles.nearestRank(sorted, 50),
        Percentiles.nearestRank(sorted, 95),
        Percentiles.nearestRank(sorted, 99));
  }

  /** The 95th percentile as a duration. */
  public Duration p95() {
    return Duration.ofNanos(p95Micros * 1_000);
  }
}
