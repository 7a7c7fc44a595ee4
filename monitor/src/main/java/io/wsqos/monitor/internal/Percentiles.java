package io.wsqos.monitor.internal;

import java.util.Arrays;

/**
 * Nearest-rank percentiles over a sorted array: exact values of the sample, easy to check by hand.
 */
public final class Percentiles {

  private Percentiles() {}

  /**
   * The smallest value such that at least {@code percent} % of {@code sorted} is at or below it:
   * {@code sorted[ceil(percent / 100 * n) - 1]}. {@code sorted} must be sorted and not empty.
   */
  public static long nearestRank(long[] sorted, double percent) {
    if (sorted.length == 0) {
      throw new IllegalArgumentException("sorted: [] (expected: at least one value)");
    }
    if (!(percent > 0 && percent <= 100)) {
      throw new IllegalArgumentException("percent: " + percent + " (expected: (0, 100])");
    }
    int rank = (int) Math.ceil(percent / 100 * sorted.length);
    return sorted[Math.max(rank, 1) - 1];
  }

  /** Sorts {@code values[0..size)} and returns the sorted copy. */
  public static long[] sorted(long[] values, int size) {
    long[] copy = Arrays.copyOf(values, size);
    Arrays.sort(copy);
    return copy;
  }
}
