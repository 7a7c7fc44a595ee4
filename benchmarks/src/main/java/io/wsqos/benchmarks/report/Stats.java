package io.wsqos.benchmarks.report;

import java.util.Collection;
import java.util.function.ToDoubleFunction;

/**
 * Mean and sample standard deviation of one quantity over some values (the repetitions of a point,
 * the ratios of paired runs), NaN values left out.
 *
 * @param mean NaN when there is no value
 * @param sd sample standard deviation; 0 for one value, NaN for none
 * @param n the values counted
 */
public record Stats(double mean, double sd, int n) {

  public static <T> Stats of(Collection<T> items, ToDoubleFunction<T> quantity) {
    return of(items.stream().mapToDouble(quantity).toArray());
  }

  public static Stats of(double... values) {
    double sum = 0;
    int n = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        sum += v;
        n++;
      }
    }
    if (n == 0) {
      return new Stats(Double.NaN, Double.NaN, 0);
    }
    double mean = sum / n;
    double squares = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        squares += (v - mean) * (v - mean);
      }
    }
    return new Stats(mean, n > 1 ? Math.sqrt(squares / (n - 1)) : 0, n);
  }

  /** {@code mean ± sd}, or the mean alone for one value; empty for none. */
  public String meanSd(int decimals) {
    if (n == 0) {
      return "";
    }
    return n == 1
        ? Table.fixed(mean, decimals)
        : Table.fixed(mean, decimals) + " ± " + Table.fixed(sd, decimals);
  }
}
