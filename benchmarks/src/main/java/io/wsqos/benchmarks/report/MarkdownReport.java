package io.wsqos.benchmarks.report;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The report of a sweep: per point and variant, the mean and standard deviation over the
 * repetitions, the ratio of each variant's mean to the baseline's (the first variant), the counts
 * by outcome and the response-time distribution in the buckets of the Grid5000 paper's Table 3.
 *
 * @param title the heading
 * @param description what the experiment does, in a paragraph
 * @param xName the point's name, e.g. "offered rate (req/s)" or "requesters"
 * @param settings lines listed under "Settings" (request, durations, timeouts, command)
 * @param machine where it ran
 */
public record MarkdownReport(
    String title, String description, String xName, List<String> settings, MachineInfo machine) {

  public MarkdownReport {
    requireNonNull(title, "title");
    requireNonNull(description, "description");
    requireNonNull(xName, "xName");
    settings = List.copyOf(settings);
    requireNonNull(machine, "machine");
  }

  public void write(Path file, List<PointResult> results) {
    Table.write(file, render(results));
  }

  /** The report for {@code results}; points and variants keep their first-seen order. */
  public String render(List<PointResult> results) {
    return new Report(title, description, machine, settings)
        .add(sections(xName, new Results(results)))
        .render();
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
    for (Outcome outcome : Outcome.values()) {
      countsHeader.add(outcome.name().toLowerCase(Locale.ROOT));
    }
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
        cells.add(Stats.of(reps, PointResult::offeredPerSecond).meanSd(1));
        cells.add(Stats.of(reps, PointResult::throughputPerSecond).meanSd(1));
        cells.add(Stats.of(reps, PointResult::meanMillis).meanSd(2));
        cells.add(Stats.of(reps, PointResult::p50Millis).meanSd(2));
        cells.add(Stats.of(reps, PointResult::p99Millis).meanSd(2));
        if (ratios) {
          cells.add(ratio(reps, base, PointResult::throughputPerSecond));
          cells.add(ratio(reps, base, PointResult::meanMillis));
          cells.add(ratio(reps, base, PointResult::p99Millis));
        }
        main.row(cells);

        List<String> countCells = new ArrayList<>(List.of(Table.number(x), variant));
        double requests = Stats.of(reps, r -> r.requests()).mean();
        countCells.add(Table.fixed(requests, 0));
        for (Outcome outcome : Outcome.values()) {
          countCells.add(Table.fixed(Stats.of(reps, r -> r.count(outcome)).mean(), 0));
        }
        double succeeded = Stats.of(reps, r -> r.count(Outcome.SUCCEEDED)).mean();
        countCells.add(Table.percent(succeeded, requests, ""));
        counts.row(countCells);

        long[] totals = PointResult.bucketTotals(reps);
        long all = java.util.Arrays.stream(totals).sum();
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
            "Mean ± standard deviation over "
                + repetitions
                + " repetition(s); response times of successful requests, from the intended send"
                + " time."
                + (ratios
                    ? " Ratios are this variant's mean over the baseline's (`"
                        + baseline
                        + "`) at the same point."
                    : ""),
            main),
        Report.section(
            "Requests and failures by cause",
            "Mean per repetition. Availability is succeeded / requests.",
            counts),
        Report.section(
            "Response-time distribution (Table 3 buckets)",
            "Share of successful requests per response-time interval, over all repetitions.",
            buckets));
  }

  private static String ratio(
      List<PointResult> reps, List<PointResult> base, ToDoubleFunction<PointResult> quantity) {
    double denominator = Stats.of(base, quantity).mean();
    double numerator = Stats.of(reps, quantity).mean();
    if (Double.isNaN(denominator) || Double.isNaN(numerator) || denominator == 0) {
      return "";
    }
    return Table.fixed(numerator / denominator, 2);
  }
}
