package io.wsqos.benchmarks.report;

import java.util.Arrays;
import java.util.Collection;
import java.util.function.ToDoubleFunction;

/**
 * One quantity over some values (the repetitions of a point, the paired ratios of a goal, the
 * rounds of an interleaved comparison, the timings of a query): mean and standard deviation,
 * median, range and percentiles, NaN values left out. The one summary every report takes its
 * figures from.
 */
public final class Summary {

  private final double[] sorted;
  private final double mean;
  private final double sd;

  private Summary(double[] sorted) {
    this.sorted = sorted;
    int n = sorted.length;
    double sum = 0;
    for (double v : sorted) {
      sum += v;
    }
    this.mean = n == 0 ? Double.NaN : sum / n;
    double squares = 0;
    for (double v : sorted) {
      squares += (v - mean) * (v - mean);
    }
    this.sd = n == 0 ? Double.NaN : n == 1 ? 0 : Math.sqrt(squares / (n - 1));
  }

  public static <T> Summary of(Collection<T> items, ToDoubleFunction<T> quantity) {
    return of(items.stream().mapToDouble(quantity).toArray());
  }

  public static Summary of(double... values) {
    return new Summary(Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray());
  }

  /** The values counted. */
  public int n() {
    return sorted.length;
  }

  /** NaN when there is no value. */
  public double mean() {
    return mean;
  }

  /** The sample standard deviation: 0 for one value, NaN for none. */
  public double sd() {
    return sd;
  }

  /** The middle value, the mean of the middle two for an even number; NaN for none. */
  public double median() {
    int n = sorted.length;
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** NaN for none. */
  public double min() {
    return sorted.length == 0 ? Double.NaN : sorted[0];
  }

  /** NaN for none. */
  public double max() {
    return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
  }

  /**
   * The {@code percent} percentile by nearest rank: the smallest value that at least {@code
   * percent}% of the values do not exceed; NaN for none.
   *
   * @throws IllegalArgumentException unless {@code 0 <= percent <= 100}
   */
  public double percentile(double percent) {
    if (!(percent >= 0 && percent <= 100)) {
      throw new IllegalArgumentException("percent: " + percent + " (expected: 0..100)");
    }
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(percent / 100 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  /** {@code mean ± sd}, or the mean alone for one value; empty for none. */
  public String meanSd(int decimals) {
    if (n() == 0) {
      return "";
    }
    return n() == 1
        ? Table.fixed(mean, decimals)
        : Table.fixed(mean, decimals) + " ± " + Table.fixed(sd, decimals);
  }

  /** {@code median (min-max)}, or the value alone for one; empty for none. */
  public String medianRange(int decimals) {
    if (n() <= 1) {
      return Table.fixed(median(), decimals);
    }
    return Table.fixed(median(), decimals)
        + " ("
        + Table.fixed(min(), decimals)
        + "-"
        + Table.fixed(max(), decimals)
        + ")";
  }

  @Override
  public String toString() {
    return "Summary" + Arrays.toString(sorted);
  }
}
