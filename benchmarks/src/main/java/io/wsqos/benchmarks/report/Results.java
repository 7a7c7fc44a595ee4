package io.wsqos.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The results of a sweep, every repetition of every variant at every point, with the ways the
 * reports read them: by variant and point, in the order first seen.
 *
 * @param all in run order
 */
public record Results(List<PointResult> all) {

  public Results {
    all = List.copyOf(all);
  }

  /** The variants in the order first seen; the first is the baseline. */
  public Set<String> variants() {
    return new LinkedHashSet<>(all.stream().map(PointResult::variant).toList());
  }

  /** Every point in the order first seen. */
  public Set<Double> points() {
    return new LinkedHashSet<>(all.stream().map(PointResult::x).toList());
  }

  /** The points {@code variant} ran at, in the order first seen. */
  public Set<Double> points(String variant) {
    return new LinkedHashSet<>(
        all.stream().filter(r -> r.variant().equals(variant)).map(PointResult::x).toList());
  }

  /** The repetitions of {@code variant} at {@code x}. */
  public List<PointResult> at(String variant, double x) {
    return all.stream().filter(r -> r.variant().equals(variant) && r.x() == x).toList();
  }

  /** The summary of {@code quantity} over the repetitions of {@code variant} at {@code x}. */
  public Summary summary(String variant, double x, ToDoubleFunction<PointResult> quantity) {
    return Summary.of(at(variant, x), quantity);
  }

  /**
   * The ratios of {@code quantity} of {@code variant} to that of {@code reference} at {@code x},
   * one per repetition both ran (back to back, so sharing the machine's state), where the
   * reference's is positive.
   */
  public Summary paired(
      String variant, String reference, double x, ToDoubleFunction<PointResult> quantity) {
    List<PointResult> references = at(reference, x);
    List<Double> ratios = new ArrayList<>();
    for (PointResult run : at(variant, x)) {
      for (PointResult base : references) {
        double denominator = quantity.applyAsDouble(base);
        if (base.repetition() == run.repetition() && denominator > 0) {
          ratios.add(quantity.applyAsDouble(run) / denominator);
        }
      }
    }
    return Summary.of(ratios, Double::doubleValue);
  }

  /** Each variant's peak: its highest mean throughput (over repetitions) at any point. */
  public Map<String, Double> peaks() {
    Map<String, Double> peaks = new LinkedHashMap<>();
    for (String variant : variants()) {
      peaks.put(
          variant,
          points(variant).stream()
              .mapToDouble(x -> summary(variant, x, PointResult::throughputPerSecond).mean())
              .max()
              .orElse(Double.NaN));
    }
    return peaks;
  }

  /** The standard deviation over mean of {@code variant}'s throughput at its peak point. */
  public double relativeSpreadAtPeak(String variant) {
    double peak = peaks().getOrDefault(variant, Double.NaN);
    for (double x : points(variant)) {
      Summary s = summary(variant, x, PointResult::throughputPerSecond);
      if (s.mean() == peak) {
        return s.sd() / s.mean();
      }
    }
    return 0;
  }

  /** The table of each variant's peak and its ratio to {@code baseline}'s. */
  public Table peakTable(String baseline) {
    Map<String, Double> peaks = peaks();
    Table table = Table.of("variant", "peak req/s", "ratio to " + baseline);
    Double base = peaks.get(baseline);
    peaks.forEach(
        (variant, peak) ->
            table.row(
                variant, Table.fixed(peak, 0), base == null ? "-" : Table.fixed(peak / base, 3)));
    return table;
  }

  /** One line per variant and point: the mean of {@code quantity} over repetitions. */
  public Plot plot(Plot plot, String suffix, ToDoubleFunction<PointResult> quantity) {
    for (String variant : variants()) {
      List<Double> xs = points(variant).stream().sorted().toList();
      plot.series(
          variant + suffix,
          xs,
          xs.stream().map(x -> summary(variant, x, quantity).mean()).toList());
    }
    return plot;
  }
}
