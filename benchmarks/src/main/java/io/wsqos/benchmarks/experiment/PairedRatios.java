package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Results;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Throughput ratios of one variant to another taken within each repetition (the variants of a
 * repetition run back to back, so they share the machine's state), with their median and range over
 * the repetitions: on a shared machine a steadier figure than the ratio of means. Pure functions of
 * a sweep's results.
 */
final class PairedRatios {

  /**
   * The goal that {@code variant}'s throughput is at least {@code ratio} times {@code reference}'s.
   */
  record Goal(String variant, String reference, double ratio) {
    String text() {
      return String.format(Locale.ROOT, "%s >= %.2f x %s", variant, ratio, reference);
    }
  }

  private PairedRatios() {}

  /**
   * The section of every goal whose two variants were run: per point, the median, minimum and
   * maximum of the per-repetition ratios; then, at the point where the reference's mean throughput
   * peaks, whether the median meets the goal.
   */
  static String section(String axis, List<PointResult> list, List<Goal> goals) {
    Results results = new Results(list);
    Table table = Table.of("goal", axis, "reps", "median", "min", "max");
    List<String> verdicts = new ArrayList<>();
    for (Goal goal : goals) {
      if (!results.variants().contains(goal.variant())
          || !results.variants().contains(goal.reference())) {
        continue;
      }
      double peakPoint = Double.NaN;
      double peak = Double.NEGATIVE_INFINITY;
      for (double x : results.points(goal.reference())) {
        double mean = results.summary(goal.reference(), x, PointResult::throughputPerSecond).mean();
        if (mean > peak) {
          peak = mean;
          peakPoint = x;
        }
      }
      for (double x : results.points(goal.variant())) {
        Summary ratios =
            results.paired(goal.variant(), goal.reference(), x, PointResult::throughputPerSecond);
        if (ratios.n() == 0) {
          continue;
        }
        table.row(
            goal.text(),
            Table.point(x),
            ratios.n(),
            Table.fixed(ratios.median(), 3),
            Table.fixed(ratios.min(), 3),
            Table.fixed(ratios.max(), 3));
        if (x == peakPoint) {
          verdicts.add(
              String.format(
                  Locale.ROOT,
                  "- %s, at %s (%s's peak): median %.3f over %d repetitions (%.3f-%.3f) -> %s",
                  goal.text(),
                  Table.point(x),
                  goal.reference(),
                  ratios.median(),
                  ratios.n(),
                  ratios.min(),
                  ratios.max(),
                  ratios.median() >= goal.ratio() ? "met" : "NOT met"));
        }
      }
    }
    if (verdicts.isEmpty()) {
      return Report.section("Paired throughput ratios", "No goal's two variants were run.", null);
    }
    return Report.section(
            "Paired throughput ratios", Template.text("reports/sweep/paired-ratios.md"), table)
        + "\n"
        + String.join("\n", verdicts)
        + "\n";
  }
}
