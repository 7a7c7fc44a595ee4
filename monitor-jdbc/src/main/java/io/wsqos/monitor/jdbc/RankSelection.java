package io.wsqos.monitor.jdbc;

import java.util.Arrays;

/**
 * Finds the value of one rank of an unsorted array without sorting all of it: repeated three-way
 * partitions around a median-of-three pivot, each keeping only the part that holds the rank, so the
 * work is linear in the length on average. Ties go to the middle part and never get partitioned
 * again. Should the pivots keep splitting badly (the partitions' number passes twice the length's
 * logarithm), the remaining part is sorted instead, which bounds the work at a sort's.
 */
final class RankSelection {

  private RankSelection() {}

  /**
   * The value that {@code values[from..to)} would hold at index {@code k} once sorted. The range is
   * reordered so that it does: everything in {@code [from, k)} is at most that value and everything
   * in {@code (k, to)} at least it.
   */
  static long select(long[] values, int from, int to, int k) {
    if (from < 0 || to > values.length || k < from || k >= to) {
      throw new IllegalArgumentException(
          "k: " + k + " in [" + from + ", " + to + ") of " + values.length + " values");
    }
    int low = from;
    int high = to;
    int budget = 2 * (32 - Integer.numberOfLeadingZeros(to - from));
    while (high - low > 1) {
      if (budget-- == 0) {
        Arrays.sort(values, low, high);
        return values[k];
      }
      long pivot = medianOfThree(values[low], values[(low + high) >>> 1], values[high - 1]);
      // [low, lt) < pivot, [lt, i) == pivot, [i, gt] unseen, (gt, high) > pivot.
      int lt = low;
      int i = low;
      int gt = high - 1;
      while (i <= gt) {
        long value = values[i];
        if (value < pivot) {
          values[i++] = values[lt];
          values[lt++] = value;
        } else if (value > pivot) {
          values[i] = values[gt];
          values[gt--] = value;
        } else {
          i++;
        }
      }
      if (k < lt) {
        high = lt;
      } else if (k > gt) {
        low = gt + 1;
      } else {
        return pivot;
      }
    }
    return values[k];
  }

  private static long medianOfThree(long a, long b, long c) {
    return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
  }
}
