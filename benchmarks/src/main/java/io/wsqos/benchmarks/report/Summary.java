package io.wsqos.benchmarks.report;

import java.util.List;
import java.util.function.ToDoubleFunction;

/** Mean and sample standard deviation of one quantity over the repetitions of a point. */
record Summary(double mean, double sd, int n) {

  static Summary of(List<PointResult> repetitions, ToDoubleFunction<PointResult> quantity) {
    double[] values =
        repetitions.stream().mapToDouble(quantity).filter(v -> !Double.isNaN(v)).toArray();
    if (values.length == 0) {
      return new Summary(Double.NaN, Double.NaN, 0);
    }
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / values.length;
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    double sd = values.length > 1 ? Math.sqrt(squares / (values.length - 1)) : 0;
    return new Summary(mean, sd, values.length);
  }
}
