package io.wsqos.benchmarks.report;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.load.RequestCounts;
import io.wsqos.monitor.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The standard output of a sweep: its CSV rows, its report's three sections (per point and variant,
 * the mean and standard deviation over the repetitions and the ratio to the baseline, the first
 * variant; the counts by outcome; the response-time distribution in the buckets of the Grid5000
 * paper's Table 3) and its two plots (as Figures 51-54 of the paper).
 */
public final class SweepReport {

  private SweepReport() {}

  /** Every repetition of every point as one row, in run order: {@code results.csv}. */
  public static Table csv(String xName, List<PointResult> results) {
    List<Table.Column<PointResult>> columns =
        new ArrayList<>(
            List.of(
                column("variant", PointResult::variant),
                column(xName, r -> Table.number(r.x())),
                column("repetition", PointResult::repetition),
                column("requests", PointResult::requests)));
    List<String> countNames = RequestCounts.columnNames();
    for (int i = 0; i < countNames.size(); i++) {
      int index = i;
      columns.add(column(countNames.get(i), r -> r.counts().columnValues().get(index)));
    }
    columns.addAll(
        List.of(
            number("offered_per_s", PointResult::offeredPerSecond),
            number("throughput_per_s", PointResult::throughputPerSecond),
            number("mean_ms", PointResult::meanMillis),
            number("p50_ms", PointResult::p50Millis),
            number("p90_ms", PointResult::p90Millis),
            number("p99_ms", PointResult::p99Millis),
            number("max_ms", PointResult::maxMillis),
            number("service_mean_ms", PointResult::serviceMeanMillis),
            number("service_p50_ms", PointResult::serviceP50Millis)));
    for (int i = 0; i < PointResult.BUCKETS; i++) {
      int bucket = i;
      String name = i + 1 < PointResult.BUCKETS ? "lt_" + (i + 1) + "s" : "ge_10s";
      columns.add(column(name, r -> r.buckets().get(bucket)));
    }
    return Table.of(results, columns);
  }

  private static Table.Column<PointResult> number(
      String name, ToDoubleFunction<PointResult> value) {
    return column(name, r -> Table.number(value.applyAsDouble(r)));
  }

  /** The sweep's three standard sections. */
  public static List<String> sections(String xName, Results results) {
    String baseline = results.variants().stream().findFirst().orElse("");
    boolean ratios = results.variants().size() > 1;
    int repetitions = results.all().stream().mapToInt(PointResult::repetition).max().orElse(0);
    List<String> header =
        new ArrayList<>(
            List.of(xName, "variant", "offered/s", "throughput/s", "mean ms", "p50 ms", "p99 ms"));
    if (ratios) {
      header.addAll(List.of("throughput ratio", "mean ratio", "p99 ratio"));
    }
    Table main = Table.of(header);
    List<String> countsHeader = new ArrayList<>(List.of(xName, "variant", "requests"));
    countsHeader.addAll(RequestCounts.columnNames());
    countsHeader.add("availability");
    Table counts = Table.of(countsHeader);
    List<String> bucketHeader = new ArrayList<>(List.of(xName, "variant"));
    for (int second = 1; second < PointResult.BUCKETS; second++) {
      bucketHeader.add("<" + second + "s");
    }
    bucketHeader.add("≥10s");
    Table buckets = Table.of(bucketHeader);
    for (double x : results.points()) {
      List<PointResult> base = results.at(baseline, x);
      for (String variant : results.variants()) {
        List<PointResult> reps = results.at(variant, x);
        if (reps.isEmpty()) {
          continue;
        }
        List<String> cells = new ArrayList<>(List.of(Table.number(x), variant));
        cells.add(Summary.of(reps, PointResult::offeredPerSecond).meanSd(1));
        cells.add(Summary.of(reps, PointResult::throughputPerSecond).meanSd(1));
        cells.add(Summary.of(reps, PointResult::meanMillis).meanSd(2));
        cells.add(Summary.of(reps, PointResult::p50Millis).meanSd(2));
        cells.add(Summary.of(reps, PointResult::p99Millis).meanSd(2));
        if (ratios) {
          cells.add(ratio(reps, base, PointResult::throughputPerSecond));
          cells.add(ratio(reps, base, PointResult::meanMillis));
          cells.add(ratio(reps, base, PointResult::p99Millis));
        }
        main.row(cells);

        List<String> countCells = new ArrayList<>(List.of(Table.number(x), variant));
        double requests = Summary.of(reps, r -> r.requests()).mean();
        countCells.add(Table.fixed(requests, 0));
        for (int i = 0; i < RequestCounts.columnNames().size(); i++) {
          int index = i;
          countCells.add(
              Table.fixed(Summary.of(reps, r -> r.counts().columnValues().get(index)).mean(), 0));
        }
        double succeeded = Summary.of(reps, r -> r.count(Outcome.SUCCESS)).mean();
        countCells.add(Table.percent(succeeded, requests, ""));
        counts.row(countCells);

        long[] totals = PointResult.bucketTotals(reps);
        long all = Arrays.stream(totals).sum();
        List<String> bucketCells = new ArrayList<>(List.of(Table.number(x), variant));
        for (long t : totals) {
          bucketCells.add(Table.percent(t, all, ""));
        }
        buckets.row(bucketCells);
      }
    }
    return List.of(
        Report.section(
            "Throughput and response time",
            Template.render(
                "reports/sweep/throughput.md",
                Map.of(
                    "repetitions",
                    repetitions,
                    "ratios",
                    ratios
                        ? " "
                            + Template.render(
                                "reports/sweep/ratios.md", Map.of("baseline", baseline))
                        : "")),
            main),
        Report.section(
            "Requests and failures by cause", Template.text("reports/sweep/counts.md"), counts),
        Report.section(
            "Response-time distribution (Table 3 buckets)",
            Template.text("reports/sweep/buckets.md"),
            buckets));
  }

  /** Writes {@code throughput.png} and {@code response-time.png} into {@code directory}. */
  public static void plots(Path directory, String title, String xName, List<PointResult> results) {
    Results r = new Results(results);
    r.plot(
            Plot.of(title + ": throughput", xName, "successful requests/s"),
            "",
            PointResult::throughputPerSecond)
        .write(directory.resolve("throughput.png"));
    Plot latency = Plot.of(title + ": response time", xName, "ms (mean, p99)").logarithmicY();
    for (String variant : r.variants()) {
      Results one = new Results(r.all().stream().filter(p -> p.variant().equals(variant)).toList());
      one.plot(latency, " mean", PointResult::meanMillis);
      one.plot(latency, " p99", PointResult::p99Millis);
    }
    latency.write(directory.resolve("response-time.png"));
  }

  private static String ratio(
      List<PointResult> reps, List<PointResult> base, ToDoubleFunction<PointResult> quantity) {
    double denominator = Summary.of(base, quantity).mean();
    double numerator = Summary.of(reps, quantity).mean();
    if (Double.isNaN(denominator) || Double.isNaN(numerator) || denominator == 0) {
      return "";
    }
    return Table.fixed(numerator / denominator, 2);
  }
}
