package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.experiment.MonitorLogs.check;
import static io.wsqos.benchmarks.experiment.MonitorLogs.number;
import static io.wsqos.benchmarks.experiment.MonitorLogs.per;
import static io.wsqos.benchmarks.experiment.MonitorLogs.stat;

import io.wsqos.benchmarks.load.RequestCounts;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Results;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.jdbc.QosStatistics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The report sections of the monitoring experiments: peak-throughput ratios and latency deltas
 * against the unmonitored baseline, records written against responses served, and the Grid5000
 * paper's Tables 2 and 3 next to ours. Pure functions of the results.
 */
final class MonitoringTables {

  /** The goal: monitored peak throughput at least this share of unmonitored. */
  static final double GOAL_PEAK_RATIO = 0.97;

  /** The goal: added p99 below this, in milliseconds, with few callers. */
  static final double GOAL_ADDED_P99_MILLIS = 0.1;

  private MonitoringTables() {}

  /** The provider's figures for one measured run (one repetition at one point) of a variant. */
  record ProviderWindow(double x, int repetition, QosStatistics statistics) {}

  /** A goal of the issue: {@code variant}'s peak at least {@code ratio} of the baseline's. */
  record PeakGoal(String variant, double ratio, String text) {}

  /** The peak table with ratios to {@code baseline}, and the goal for {@code goalVariant}. */
  static String peakSection(List<PointResult> list, String baseline, String goalVariant) {
    String text =
        String.format(
            Locale.ROOT, "%s peak >= %.0f%% of %s", goalVariant, 100 * GOAL_PEAK_RATIO, baseline);
    return peakSection(list, baseline, List.of(new PeakGoal(goalVariant, GOAL_PEAK_RATIO, text)));
  }

  /**
   * The peak table with ratios to {@code baseline}, and whether each goal was met, with the
   * run-to-run spread that says whether this run can decide it.
   */
  static String peakSection(List<PointResult> list, String baseline, List<PeakGoal> goals) {
    Results results = new Results(list);
    StringBuilder md =
        new StringBuilder(
            Report.section(
                "Peak throughput and the issue's goals",
                Template.render("reports/peak.md", Map.of("baseline", baseline)),
                results.peakTable(baseline)));
    Double base = results.peaks().get(baseline);
    if (base == null) {
      return md.toString();
    }
    md.append('\n');
    for (PeakGoal goal : goals) {
      Double peak = results.peaks().get(goal.variant());
      if (peak == null) {
        md.append("- ").append(goal.text()).append(": not measured in this run\n");
        continue;
      }
      double ratio = peak / base;
      double spread =
          Math.max(
              results.relativeSpreadAtPeak(baseline), results.relativeSpreadAtPeak(goal.variant()));
      md.append(
          String.format(
              Locale.ROOT,
              "- %s: %.1f%% -> %s; run-to-run spread at the peaks: ±%.1f%% (standard"
                  + " deviation over repetitions / mean)%s%n",
              goal.text(),
              100 * ratio,
              ratio >= goal.ratio() ? "met" : "NOT met",
              100 * spread,
              spread > 1 - goal.ratio()
                  ? String.format(
                      Locale.ROOT,
                      ", wider than the %.0f%% the goal allows: this run cannot decide it",
                      100 * (1 - goal.ratio()))
                  : ""));
    }
    return md.toString();
  }

  /**
   * p50 and p99 of every variant at point {@code x}, the difference to {@code baseline} (also per
   * repetition, since the variants of one repetition ran back to back), and the goal for {@code
   * goalVariant}: {@code point} names the point in the heading, {@code at} in the goal's line,
   * {@code measured} says what the times are.
   */
  static String latencySection(
      List<PointResult> list,
      String baseline,
      String goalVariant,
      double x,
      String point,
      String at,
      String measured) {
    Results results = new Results(list);
    String heading = "Added latency at " + point;
    Summary baseP50 = results.summary(baseline, x, PointResult::p50Millis);
    Summary baseP99 = results.summary(baseline, x, PointResult::p99Millis);
    if (baseP99.n() == 0) {
      return Report.section(heading, "Not measured: the sweep has no such point.", null);
    }
    Table table =
        Table.of(
            "variant",
            "p50 ms",
            "p99 ms",
            "added p50 ms",
            "added p99 ms",
            "added p99 per repetition (ms)");
    for (String variant : results.variants()) {
      double p50 = results.summary(variant, x, PointResult::p50Millis).mean();
      double p99 = results.summary(variant, x, PointResult::p99Millis).mean();
      List<String> deltas = new ArrayList<>();
      for (PointResult r : results.at(variant, x)) {
        results.at(baseline, x).stream()
            .filter(b -> b.repetition() == r.repetition())
            .forEach(b -> deltas.add(signed(r.p99Millis() - b.p99Millis())));
      }
      table.row(
          variant,
          Table.fixed(p50, 3),
          Table.fixed(p99, 3),
          signed(p50 - baseP50.mean()),
          signed(p99 - baseP99.mean()),
          String.join(", ", deltas));
    }
    String md =
        Report.section(
            heading,
            Template.render(
                "reports/monitoring/latency.md",
                Map.of("measured", measured, "baseline", baseline)),
            table);
    Summary goal = results.summary(goalVariant, x, PointResult::p99Millis);
    if (goal.n() == 0) {
      return md;
    }
    double added = goal.mean() - baseP99.mean();
    double spread = Math.max(baseP99.sd(), goal.sd());
    return md
        + String.format(
            Locale.ROOT,
            "%n- goal: added p99 of %s < %.1f ms %s: %+.3f ms -> %s; run-to-run spread"
                + " of p99: ±%.3f ms (standard deviation over repetitions)%s%n",
            goalVariant,
            GOAL_ADDED_P99_MILLIS,
            at,
            added,
            added < GOAL_ADDED_P99_MILLIS ? "met" : "NOT met",
            spread,
            spread > GOAL_ADDED_P99_MILLIS
                ? ", wider than the goal itself: this run cannot decide it"
                : "");
  }

  private static String signed(double v) {
    return String.format(Locale.ROOT, "%+.3f", v);
  }

  /**
   * What each server JVM counted when it stopped: responses served (its own counter, in every mode)
   * against the records the log wrote, dropped and lost, and the timers' counts.
   */
  static String recordsSection(Map<String, Properties> statsByMode) {
    Table table =
        MonitorLogs.recordsTable(
            statsByMode,
            "mode",
            List.of(
                stat("responses", s -> number(s, "responses")),
                stat("faults", s -> number(s, "faults"))),
            List.of(
                stat(
                    "timer count",
                    s ->
                        s.getProperty(
                            "timer.wsqos.monitor.execution",
                            s.getProperty("timer.cxf.server.requests", "-"))),
                stat("written = responses + faults", s -> check(written(s), served(s))),
                stat(
                    "JVM CPU us per response",
                    s -> per(number(s, "process.cpu.ns") / 1e3, served(s), 1)),
                stat(
                    "writer CPU us per record",
                    s -> per(number(s, "writer.cpu.ns") / 1e3, written(s), 1)),
                stat(
                    "log file bytes per record",
                    s -> per(number(s, BookstoreServer.LOG_FILE_BYTES), written(s), 0))));
    return Report.section(
            "Records written against responses served",
            Template.text("reports/monitoring/records.md"),
            table)
        + (statsByMode.isEmpty()
            ? "\nNo server wrote its counters (killed before its shutdown hook ran?).\n"
            : "");
  }

  private static long served(Properties stats) {
    return number(stats, "responses") + number(stats, "faults");
  }

  private static long written(Properties stats) {
    return number(stats, MonitorLogs.WRITTEN);
  }

  /**
   * Our Table 2, one row per requester count of {@code variant}: the driver's counts and response
   * times beside the provider's records (execution time, throughput).
   */
  static String table2(List<PointResult> list, String variant, List<ProviderWindow> provider) {
    Results results = new Results(list);
    Table table =
        Table.of(
            "requesters",
            "requests [D]",
            "succeeded [D]",
            "failed [D] (by cause)",
            "records [P]",
            "exec min ms [P]",
            "exec max ms [P]",
            "exec avg ms [P]",
            "exec p99 ms [P]",
            "response avg ms [D]",
            "response p99 ms [D]",
            "comm avg ms [D-P]",
            "throughput/s [P]",
            "throughput/s [D]",
            "availability [D]");
    for (double x : results.points(variant)) {
      List<PointResult> runs = results.at(variant, x);
      long requests = runs.stream().mapToLong(PointResult::requests).sum();
      long succeeded = runs.stream().mapToLong(r -> r.count(Outcome.SUCCESS)).sum();
      List<QosStatistics> stats = provider(provider, x);
      TimeStats exec = merge(stats);
      boolean none = stats.isEmpty();
      table.row(
          Table.point(x),
          requests,
          succeeded,
          (requests - succeeded) + " " + causes(runs),
          none ? "-" : stats.stream().mapToLong(QosStatistics::requests).sum(),
          none ? "-" : Table.fixed(exec.minMicros() / 1e3, 3),
          none ? "-" : Table.fixed(exec.maxMicros() / 1e3, 3),
          none ? "-" : Table.fixed(exec.meanMicros() / 1e3, 3),
          mean(stats, s -> s.execution().p99Micros() / 1e3, 3),
          Table.fixed(weightedMean(runs), 3),
          Table.fixed(Summary.of(runs, PointResult::p99Millis).mean(), 3),
          none ? "-" : Table.fixed(weightedMean(runs) - exec.meanMicros() / 1e3, 3),
          mean(stats, QosStatistics::throughputPerSecond, 0),
          Table.fixed(Summary.of(runs, PointResult::throughputPerSecond).mean(), 0),
          Table.percent(succeeded, requests, "-"));
    }
    return Report.section(
        "Table 2 (ours): performance per requester count, `" + variant + "`",
        Template.render("reports/monitoring/table2.md", Map.of("variant", variant)),
        table);
  }

  /** The paper's Table 2 next to ours, on the figures both have. */
  static String table2Comparison(
      List<PointResult> list, String variant, List<ProviderWindow> provider) {
    Results results = new Results(list);
    Table table =
        Table.of(
            "requesters",
            "paper throughput/s",
            "ours throughput/s [P]",
            "paper availability",
            "ours availability [D]",
            "paper exec avg ms",
            "ours exec avg ms [P]",
            "paper comm avg ms",
            "ours comm avg ms [D-P]");
    // The paper's 10 minutes per requester count: requesters, requests, succeeded, exec, comm.
    for (List<String> paper : Table.fromCsv(Template.text("reports/grid5000/table2.csv")).rows()) {
      int requesters = Integer.parseInt(paper.get(0));
      long succeeded = Long.parseLong(paper.get(2));
      List<PointResult> runs = results.at(variant, requesters);
      List<QosStatistics> stats = provider(provider, requesters);
      double exec = merge(stats).meanMicros() / 1e3;
      table.row(
          requesters,
          Table.fixed(succeeded / 600.0, 1),
          mean(stats, QosStatistics::throughputPerSecond, 0),
          Table.percent(succeeded, Long.parseLong(paper.get(1)), "-"),
          Table.percent(
              runs.stream().mapToLong(r -> r.count(Outcome.SUCCESS)).sum(),
              runs.stream().mapToLong(PointResult::requests).sum(),
              "-"),
          Table.fixed(Double.parseDouble(paper.get(3)), 3),
          stats.isEmpty() ? "-" : Table.fixed(exec, 3),
          Table.fixed(Double.parseDouble(paper.get(4)), 3),
          stats.isEmpty() || runs.isEmpty() ? "-" : Table.fixed(weightedMean(runs) - exec, 3));
    }
    return Report.section(
        "Table 2: the paper's figures next to ours, `" + variant + "`",
        Template.text("reports/monitoring/table2-paper.md"),
        table);
  }

  /**
   * Table 3: the paper's shares ({@code reports/grid5000/table3.csv}, no row for 3 requesters) and
   * ours (the driver's response times), per requester count.
   */
  static String table3(List<PointResult> list, String variant) {
    Results results = new Results(list);
    List<String> header = new ArrayList<>(List.of("requesters", "source"));
    header.addAll(
        List.of("<1s", "<2s", "<3s", "<4s", "<5s", "<6s", "<7s", "<8s", "<9s", "<10s", ">=10s"));
    Table table = Table.of(header);
    List<List<String>> paper = Table.fromCsv(Template.text("reports/grid5000/table3.csv")).rows();
    TreeSet<Double> points = new TreeSet<>(results.points(variant));
    paper.forEach(row -> points.add(Double.parseDouble(row.get(0))));
    for (double x : points) {
      paper.stream()
          .filter(row -> Double.parseDouble(row.get(0)) == x)
          .forEach(
              row -> {
                List<String> cells = new ArrayList<>(List.of(Table.point(x), "paper"));
                row.stream()
                    .skip(1)
                    .forEach(share -> cells.add(Table.fixed(Double.parseDouble(share), 2) + "%"));
                table.row(cells);
              });
      List<PointResult> runs = results.at(variant, x);
      if (!runs.isEmpty()) {
        long[] sums = PointResult.bucketTotals(runs);
        long total = Arrays.stream(sums).sum();
        List<String> cells = new ArrayList<>(List.of(Table.point(x), "ours [D]"));
        Arrays.stream(sums).forEach(n -> cells.add(Table.percent(n, total, "-")));
        table.row(cells);
      }
    }
    return Report.section(
        "Table 3: response-time distribution, paper and ours, `" + variant + "`",
        Template.render("reports/monitoring/table3.md", Map.of("variant", variant)),
        table);
  }

  private static List<QosStatistics> provider(List<ProviderWindow> provider, double x) {
    return provider.stream().filter(p -> p.x() == x).map(ProviderWindow::statistics).toList();
  }

  private static String mean(
      List<QosStatistics> stats, ToDoubleFunction<QosStatistics> quantity, int decimals) {
    return stats.isEmpty() ? "-" : Table.fixed(Summary.of(stats, quantity).mean(), decimals);
  }

  /** Min of mins, max of maxes, count-weighted mean of means; percentiles are not merged. */
  static TimeStats merge(List<QosStatistics> stats) {
    long count = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    double sum = 0;
    for (QosStatistics s : stats) {
      TimeStats e = s.execution();
      if (e.count() > 0) {
        count += e.count();
        min = Math.min(min, e.minMicros());
        max = Math.max(max, e.maxMicros());
        sum += e.meanMicros() * e.count();
      }
    }
    return count == 0 ? TimeStats.EMPTY : new TimeStats(count, min, max, sum / count, 0, 0, 0);
  }

  /** The mean response time of successful requests over {@code runs}, in milliseconds. */
  private static double weightedMean(List<PointResult> runs) {
    double sum = 0;
    long n = 0;
    for (PointResult r : runs) {
      long s = r.count(Outcome.SUCCESS);
      if (s > 0) {
        sum += r.meanMillis() * s;
        n += s;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  private static String causes(List<PointResult> runs) {
    List<String> parts = new ArrayList<>();
    List<String> names = RequestCounts.columnNames();
    for (int i = 0; i < names.size(); i++) {
      int index = i;
      long n = runs.stream().mapToLong(r -> r.counts().columnValues().get(index)).sum();
      if (index != Outcome.SUCCESS.ordinal() && n > 0) {
        parts.add(names.get(index) + "=" + n);
      }
    }
    return parts.isEmpty() ? "" : "(" + String.join(", ", parts) + ")";
  }
}
