package io.wsqos.monitor.diagnosis;

import io.wsqos.monitor.internal.Percentiles;
import java.util.Arrays;

/**
 * One window's values of a derived time, sorted, in microseconds: the distribution a rule looks at
 * when a summary is not enough (e.g. {@link NetworkLossRule} looks for clusters). Immutable.
 */
public final class Samples {

  /** No values. */
  public static final Samples EMPTY = new Samples(new long[0]);

  private final long[] sorted;

  private Samples(long[] sorted) {
    this.sorted = sorted;
  }

  /** The values {@code values[0..size)}, copied and sorted; the array is not changed. */
  public static Samples of(long[] values, int size) {
    if (size == 0) {
      return EMPTY;
    }
    return new Samples(Percentiles.sorted(values, size));
  }

  /** How many values. */
  public int count() {
    return sorted.length;
  }

  /**
   * The nearest-rank percentile: the smallest value with at least {@code percent} % of the values
   * at or below it; {@code percent} in (0, 100].
   *
   * @throws IllegalStateException when there are no values
   */
  public long percentile(double percent) {
    if (sorted.length == 0) {
      throw new IllegalStateException("no samples");
    }
    return Percentiles.nearestRank(sorted, percent);
  }

  /** How many values are at least {@code from} and below {@code to}. */
  public int countBetween(long from, long to) {
    return to <= from ? 0 : firstAtLeast(to) - firstAtLeast(from);
  }

  /** How many values are at least {@code from}. */
  public int countAtLeast(long from) {
    return sorted.length - firstAtLeast(from);
  }

  private int firstAtLeast(long value) {
    int low = 0;
    int high = sorted.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (sorted[mid] < value) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Samples samples && Arrays.equals(sorted, samples.sorted);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(sorted);
  }

  @Override
  public String toString() {
    return "Samples{count=" + sorted.length + '}';
  }
}
