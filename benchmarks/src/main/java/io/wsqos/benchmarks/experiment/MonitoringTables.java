package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.Outcome;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.monitor.QosStatistics;
import io.wsqos.monitor.TimeStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The Markdown sections the monitoring experiments append to their reports: peak-throughput ratios
 * and latency deltas against the unmonitored baseline, records written against responses served,
 * and the Grid5000 paper's Tables 2 and 3 next to ours. Pure functions of the results, so that they
 * can be tested without running anything.
 */
final class MonitoringTables {

  /** The goal: monitored peak throughput at least this share of unmonitored. */
  static final double GOAL_PEAK_RATIO = 0.97;

  /** The goal: added p99 below this, in milliseconds, at a moderate rate. */
  static final double GOAL_ADDED_P99_MILLIS = 0.1;

  private MonitoringTables() {}

  /** The provider's figures for one measured run (one repetition at one point) of a variant. */
  record ProviderWindow(double x, int repetition, QosStatistics statistics) {}

  /** One row of the paper's Table 2 (10 minutes per requester count). */
  record PaperRow(
      int requesters,
      long requests,
      long succeeded,
      long failed,
      double execMin,
      double execMax,
      double execAvg,
      double commMin,
      double commMax,
      double commAvg) {
    double throughputPerSecond() {
      return succeeded / 600.0;
    }

    double availability() {
      return (double) succeeded / requests;
    }
  }

  /** Table 2 of {@code 001_09b853a5d60af789.txt} (times in ms). */
  static final List<PaperRow> PAPER_TABLE_2 =
      List.of(
          new PaperRow(1, 6464, 6193, 271, 10, 222, 18.163, 40, 1253, 59.767),
          new PaperRow(3, 16285, 15368, 917, 10, 654, 22.795, 35, 2447, 71.895),
          new PaperRow(5, 18218, 16903, 1315, 9, 638, 28.496, 35, 155917, 99.683),
          new PaperRow(10, 29783, 25528, 4255, 9, 964, 55.076, 27, 5454, 128.297),
          new PaperRow(25, 35304, 26337, 8967, 9, 2989, 79.059, 33, 5700, 310.039),
          new PaperRow(50, 39087, 25563, 13524, 9, 4903, 87.033, 35, 21554, 737.783),
          new PaperRow(75, 42227, 24554, 17673, 9, 6052, 95.330, 31, 185258, 1352.367),
          new PaperRow(100, 43118, 24380, 18738, 9, 6021, 97.900, 39, 211162, 1780.646),
          new PaperRow(200, 44072, 24084, 19988, 9, 5626, 116.434, 34, 245921, 1653.905),
          new PaperRow(350, 44243, 24869, 19374, 9, 6271, 116.985, 24, 489053, 1735.029),
          new PaperRow(500, 47981, 25736, 22245, 9, 5919, 117.739, 24, 217436, 1660.850));

  /** Table 3 of the paper: share (%) of succeeded requests per second bucket (no row for 3). */
  static final Map<Integer, double[]> PAPER_TABLE_3 = paperTable3();

  private static Map<Integer, double[]> paperTable3() {
    Map<Integer, double[]> t = new LinkedHashMap<>();
    t.put(1, new double[] {99.97, 0.03, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    t.put(5, new double[] {99.96, 0.02, 0.02, 0, 0, 0, 0, 0, 0, 0, 0});
    t.put(10, new double[] {99.24, 0.63, 0.13, 0, 0, 0, 0, 0, 0, 0, 0});
    t.put(25, new double[] {93.94, 3.84, 2.07, 0.15, 0, 0, 0, 0, 0, 0, 0});
    t.put(50, new double[] {54.27, 35.90, 6.82, 2.30, 0.55, 0.15, 0.01, 0, 0, 0, 0});
    t.put(75, new double[] {26.98, 57.63, 9.38, 4.44, 0.81, 0.29, 0.36, 0.09, 0.02, 0, 0});
    t.put(100, new double[] {18.37, 50.80, 15.99, 9.25, 4.01, 1.24, 0.24, 0.06, 0.03, 0.01, 0});
    t.put(200, new double[] {18.22, 51.86, 11.52, 8.55, 6.32, 0.86, 0.56, 0.68, 0.44, 0.30, 0.69});
    t.put(350, new double[] {11.98, 50.60, 22.48, 7.97, 2.72, 1.02, 0.54, 0.60, 0.41, 0.53, 1.15});
    t.put(500, new double[] {11.06, 45.43, 24.93, 6.01, 2.76, 1.46, 0.34, 0.25, 0.08, 0.09, 7.59});
    return t;
  }

  static final List<String> TABLE_3_LABELS =
      List.of("<1s", "<2s", "<3s", "<4s", "<5s", "<6s", "<7s", "<8s", "<9s", "<10s", ">=10s");

  /** The peak table with ratios to {@code baseline}, and the goal for {@code goalVariant}. */
  static String peakSection(List<PointResult> results, String baseline, String goalVariant) {
    Map<String, Double> peaks = Experiments.peaks(results);
    StringBuilder md = new StringBuilder("\n## Peak throughput\n\n");
    md.append(
        "Peak: the highest mean throughput (over repetitions) at any offered rate; the ratio is"
            + " to `"
            + baseline
            + "`'s peak in the same run (variants interleaved).\n\n");
    md.append(Experiments.peakTable(peaks, baseline));
    Double base = peaks.get(baseline);
    Double goal = peaks.get(goalVariant);
    if (base != null && goal != null) {
      double ratio = goal / base;
      double spread =
          Math.max(
              relativeSpreadAtPeak(results, baseline), relativeSpreadAtPeak(results, goalVariant));
      md.append(
          String.format(
              Locale.ROOT,
              "%n- goal: %s peak >= %.0f%% of %s: %.1f%% -> %s; run-to-run spread at the peaks:"
                  + " ±%.1f%% (standard deviation over repetitions / mean)%s%n",
              goalVariant,
              100 * GOAL_PEAK_RATIO,
              baseline,
              100 * ratio,
              ratio >= GOAL_PEAK_RATIO ? "met" : "NOT met",
              100 * spread,
              spread > 1 - GOAL_PEAK_RATIO
                  ? ", wider than the 3% the goal allows: this run cannot decide it"
                  : ""));
    }
    return md.toString();
  }

  /** Standard deviation / mean of the throughput of {@code variant} at its peak point. */
  static double relativeSpreadAtPeak(List<PointResult> results, String variant) {
    double peak = Experiments.peaks(results).getOrDefault(variant, Double.NaN);
    for (PointResult r : results) {
      if (!r.variant().equals(variant)) {
        continue;
      }
      double mean = mean(results, variant, r.x(), PointResult::throughputPerSecond).orElse(0.0);
      if (mean == peak) {
        return standardDeviation(results, variant, r.x(), PointResult::throughputPerSecond) / mean;
      }
    }
    return 0;
  }

  /** Sample standard deviation of {@code field} over the repetitions (0 for one). */
  static double standardDeviation(
      List<PointResult> results,
      String variant,
      double x,
      java.util.function.ToDoubleFunction<PointResult> field) {
    double mean = mean(results, variant, x, field).orElse(0.0);
    double sum = 0;
    int n = 0;
    for (PointResult r : results) {
      if (r.variant().equals(variant) && r.x() == x) {
        double d = field.applyAsDouble(r) - mean;
        sum += d * d;
        n++;
      }
    }
    return n < 2 ? 0 : Math.sqrt(sum / (n - 1));
  }

  /** Mean of {@code field} over the repetitions of {@code variant} at {@code x}, or empty. */
  static Optional<Double> mean(
      List<PointResult> results,
      String variant,
      double x,
      java.util.function.ToDoubleFunction<PointResult> field) {
    double sum = 0;
    int n = 0;
    for (PointResult r : results) {
      if (r.variant().equals(variant) && r.x() == x) {
        sum += field.applyAsDouble(r);
        n++;
      }
    }
    return n == 0 ? Optional.empty() : Optional.of(sum / n);
  }

  /**
   * p50 and p99 of every variant at {@code rate}, the difference to {@code baseline}, and the goal
   * for {@code goalVariant}. Also the differences per repetition, since the variants of one
   * repetition ran back to back.
   */
  static String latencySection(
      List<PointResult> results, String baseline, String goalVariant, double rate) {
    return latencySection(
        results,
        baseline,
        goalVariant,
        rate,
        "a moderate rate (" + CompressionExperiments.format(rate) + " req/s)",
        "at " + CompressionExperiments.format(rate) + " req/s",
        "response time of successful requests from the intended send time, as the driver"
            + " measures it");
  }

  /**
   * The same at point {@code x} of any sweep: {@code point} names it in the heading ("at {@code
   * point}"), {@code at} in the goal's line, {@code measured} says what the times are.
   */
  static String latencySection(
      List<PointResult> results,
      String baseline,
      String goalVariant,
      double rate,
      String point,
      String at,
      String measured) {
    Set<String> variants = new LinkedHashSet<>();
    results.forEach(r -> variants.add(r.variant()));
    StringBuilder md =
        new StringBuilder(String.format(Locale.ROOT, "%n## Added latency at %s%n%n", point));
    Optional<Double> baseP50 = mean(results, baseline, rate, PointResult::p50Millis);
    Optional<Double> baseP99 = mean(results, baseline, rate, PointResult::p99Millis);
    if (baseP99.isEmpty()) {
      return md.append("Not measured: the sweep has no such point.\n").toString();
    }
    md.append(
        "Mean over repetitions of each run's p50 and p99 ("
            + measured
            + "); added = variant - `"
            + baseline
            + "`. Per repetition: the p99 difference of runs made back to back.\n\n");
    md.append(
        "| variant | p50 ms | p99 ms | added p50 ms | added p99 ms | added p99 per repetition"
            + " (ms) |\n| --- | --- | --- | --- | --- | --- |\n");
    for (String variant : variants) {
      double p50 = mean(results, variant, rate, PointResult::p50Millis).orElse(Double.NaN);
      double p99 = mean(results, variant, rate, PointResult::p99Millis).orElse(Double.NaN);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %.3f | %.3f | %+.3f | %+.3f | %s |%n",
              variant,
              p50,
              p99,
              p50 - baseP50.get(),
              p99 - baseP99.get(),
              perRepetitionP99(results, variant, baseline, rate)));
    }
    Optional<Double> goalP99 = mean(results, goalVariant, rate, PointResult::p99Millis);
    if (goalP99.isPresent()) {
      double added = goalP99.get() - baseP99.get();
      double spread =
          Math.max(
              standardDeviation(results, baseline, rate, PointResult::p99Millis),
              standardDeviation(results, goalVariant, rate, PointResult::p99Millis));
      md.append(
          String.format(
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
                  : ""));
    }
    return md.toString();
  }

  private static String perRepetitionP99(
      List<PointResult> results, String variant, String baseline, double rate) {
    List<String> deltas = new ArrayList<>();
    for (PointResult r : results) {
      if (!r.variant().equals(variant) || r.x() != rate) {
        continue;
      }
      results.stream()
          .filter(
              b ->
                  b.variant().equals(baseline) && b.x() == rate && b.repetition() == r.repetition())
          .findFirst()
          .ifPresent(
              b -> deltas.add(String.format(Locale.ROOT, "%+.3f", r.p99Millis() - b.p99Millis())));
    }
    return String.join(", ", deltas);
  }

  /**
   * What each server JVM counted when it stopped: responses served (its own counter, in every mode)
   * against the records the log wrote, dropped and lost, and the timers' counts.
   */
  static String recordsSection(Map<String, Properties> statsByMode) {
    StringBuilder md = new StringBuilder("\n## Records written against responses served\n\n");
    md.append(
        "Counted by each server JVM over its whole life (server warm-up, every run and"
            + " repetition, pauses), written when it stopped: Jetty first stopped gracefully, then"
            + " the `QosLog` was closed (it writes everything queued). `responses` is a counter"
            + " of its own (one increment at the end of CXF's out chain, in every mode);"
            + " `written`, `dropped`, `lost` are the log's counters; `timer count` is the number"
            + " of samples in the Micrometer timers (`wsqos.monitor.execution` or CXF's"
            + " `cxf.server.requests`). CPU: the server JVM's whole CPU time (request threads, JIT,"
            + " GC, the log's writer) over its life divided by the responses it sent, and the"
            + " writer thread's CPU time divided by the records it wrote: per-request costs that"
            + " other load on the machine distorts far less than it distorts throughput. `log file"
            + " bytes per record`: the size of the log's H2 file once the log closed, over the"
            + " records written (with `--monitor-jdbc-url`, `-`).\n\n");
    md.append(
        "| mode | responses | faults | records written | dropped | lost | invalid | timer count |"
            + " written = responses + faults | JVM CPU us per response | writer CPU us per record"
            + " | log file bytes per record |\n"
            + "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    statsByMode.forEach(
        (mode, stats) -> {
          long responses = number(stats, "responses");
          long faults = number(stats, "faults");
          String written = stats.getProperty("wsqos.monitor.records.written", "-");
          String timer =
              stats.getProperty(
                  "timer.wsqos.monitor.execution",
                  stats.getProperty("timer.cxf.server.requests", "-"));
          String check =
              written.equals("-")
                  ? "-"
                  : (Long.parseLong(written) == responses + faults
                      ? "yes"
                      : "NO (" + (responses + faults - Long.parseLong(written)) + " missing)");
          long cpu = number(stats, "process.cpu.ns");
          long writerCpu = number(stats, "writer.cpu.ns");
          String cpuPerResponse =
              cpu < 0 || responses + faults <= 0
                  ? "-"
                  : String.format(Locale.ROOT, "%.1f", cpu / 1e3 / (responses + faults));
          String cpuPerRecord =
              writerCpu < 0 || written.equals("-") || Long.parseLong(written) == 0
                  ? "-"
                  : String.format(Locale.ROOT, "%.1f", writerCpu / 1e3 / Long.parseLong(written));
          long fileBytes = number(stats, MonitoringServer.LOG_FILE_BYTES);
          String bytesPerRecord =
              fileBytes < 0 || written.equals("-") || Long.parseLong(written) == 0
                  ? "-"
                  : String.format(
                      Locale.ROOT, "%.0f", (double) fileBytes / Long.parseLong(written));
          md.append(
              String.format(
                  Locale.ROOT,
                  "| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                  mode,
                  responses,
                  faults,
                  written,
                  stats.getProperty("wsqos.monitor.records.dropped", "-"),
                  stats.getProperty("wsqos.monitor.records.lost", "-"),
                  stats.getProperty("wsqos.monitor.records.invalid", "-"),
                  timer,
                  check,
                  cpuPerResponse,
                  cpuPerRecord,
                  bytesPerRecord));
        });
    if (statsByMode.isEmpty()) {
      md.append("\nNo server wrote its counters (killed before its shutdown hook ran?).\n");
    }
    return md.toString();
  }

  private static long number(Properties stats, String key) {
    String v = stats.getProperty(key);
    return v == null ? -1 : Long.parseLong(v);
  }

  /**
   * Our Table 2, one row per requester count of {@code variant}: the driver's counts and response
   * times beside the provider's records (execution time, throughput).
   */
  static String table2(List<PointResult> results, String variant, List<ProviderWindow> provider) {
    StringBuilder md =
        new StringBuilder("\n## Table 2 (ours): performance per requester count\n\n");
    md.append(
        "Summed (counts) or averaged (times, throughput) over the repetitions of `"
            + variant
            + "`. Columns marked **[P]** come from the provider's own records (its `QosLog` H2"
            + " database, read with `QosAnalysis` over each run's measured window, provider side);"
            + " columns marked **[D]** come from the load driver, which sends fixed bytes and"
            + " stands in for the requesters (the requester-side t1/t4 are the driver's clock, not"
            + " a monitor's). Communication **[D-P]** is the driver's mean response time minus the"
            + " provider's mean execution time (each a difference on one clock; no per-request"
            + " min/max can be formed that way). Execution time runs from the provider's t2 (the"
            + " request entering CXF) to t3 (just before the response's header is written).\n\n");
    md.append(
        "| requesters | requests [D] | succeeded [D] | failed [D] (by cause) | records [P] |"
            + " exec min ms [P] | exec max ms [P] | exec avg ms [P] | exec p99 ms [P] |"
            + " response avg ms [D] | response p99 ms [D] | comm avg ms [D-P] | throughput/s [P] |"
            + " throughput/s [D] | availability [D] |\n");
    md.append("| --- ".repeat(15)).append("|\n");
    for (double x : points(results, variant)) {
      List<PointResult> runs = select(results, variant, x);
      long requests = runs.stream().mapToLong(PointResult::requests).sum();
      long succeeded = runs.stream().mapToLong(r -> r.count(Outcome.SUCCEEDED)).sum();
      double responseAvg = weightedMean(runs);
      double responseP99 = runs.stream().mapToDouble(PointResult::p99Millis).average().orElse(0);
      double throughputDriver =
          runs.stream().mapToDouble(PointResult::throughputPerSecond).average().orElse(0);
      List<QosStatistics> stats =
          provider.stream().filter(p -> p.x() == x).map(ProviderWindow::statistics).toList();
      long records = stats.stream().mapToLong(QosStatistics::requests).sum();
      TimeStats exec = merge(stats);
      double execP99 =
          stats.stream().mapToDouble(s -> s.execution().p99Micros() / 1e3).average().orElse(0);
      double throughputProvider =
          stats.stream().mapToDouble(QosStatistics::throughputPerSecond).average().orElse(0);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d | %d %s | %s | %s | %s | %s | %s | %.3f | %.3f | %s | %s | %.0f |"
                  + " %s |%n",
              CompressionExperiments.format(x),
              requests,
              succeeded,
              requests - succeeded,
              causes(runs),
              stats.isEmpty() ? "-" : Long.toString(records),
              stats.isEmpty() ? "-" : ms(exec.minMicros()),
              stats.isEmpty() ? "-" : ms(exec.maxMicros()),
              stats.isEmpty() ? "-" : String.format(Locale.ROOT, "%.3f", exec.meanMicros() / 1e3),
              stats.isEmpty() ? "-" : String.format(Locale.ROOT, "%.3f", execP99),
              responseAvg,
              responseP99,
              stats.isEmpty()
                  ? "-"
                  : String.format(Locale.ROOT, "%.3f", responseAvg - exec.meanMicros() / 1e3),
              stats.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", throughputProvider),
              throughputDriver,
              requests == 0
                  ? "-"
                  : String.format(Locale.ROOT, "%.2f%%", 100.0 * succeeded / requests)));
    }
    return md.toString();
  }

  /** The paper's Table 2 next to ours, on the figures both have. */
  static String table2Comparison(
      List<PointResult> results, String variant, List<ProviderWindow> provider) {
    StringBuilder md = new StringBuilder("\n## Table 2: the paper's figures next to ours\n\n");
    md.append(
        "Paper: `001_09b853a5d60af789.txt`, Table 2 (Tomcat 5.5 / Axis 1.4 on 2006 Grid5000"
            + " nodes over a WAN, 10 minutes per point; throughput and availability derived here"
            + " as succeeded / 600 s and succeeded / requests). Ours: this run (loopback, one"
            + " 2-core machine shared with the driver).\n\n");
    md.append(
        "| requesters | paper throughput/s | ours throughput/s [P] | paper availability |"
            + " ours availability [D] | paper exec avg ms | ours exec avg ms [P] | paper comm avg"
            + " ms | ours comm avg ms [D-P] |\n");
    md.append("| --- ".repeat(9)).append("|\n");
    for (PaperRow paper : PAPER_TABLE_2) {
      double x = paper.requesters();
      List<PointResult> runs = select(results, variant, x);
      List<QosStatistics> stats =
          provider.stream().filter(p -> p.x() == x).map(ProviderWindow::statistics).toList();
      String oursThroughput = "-";
      String oursExec = "-";
      String oursComm = "-";
      String oursAvailability = "-";
      if (!runs.isEmpty()) {
        long requests = runs.stream().mapToLong(PointResult::requests).sum();
        long succeeded = runs.stream().mapToLong(r -> r.count(Outcome.SUCCEEDED)).sum();
        oursAvailability =
            requests == 0
                ? "-"
                : String.format(Locale.ROOT, "%.2f%%", 100.0 * succeeded / requests);
      }
      if (!stats.isEmpty()) {
        TimeStats exec = merge(stats);
        oursThroughput =
            String.format(
                Locale.ROOT,
                "%.0f",
                stats.stream().mapToDouble(QosStatistics::throughputPerSecond).average().orElse(0));
        oursExec = String.format(Locale.ROOT, "%.3f", exec.meanMicros() / 1e3);
        if (!runs.isEmpty()) {
          oursComm =
              String.format(Locale.ROOT, "%.3f", weightedMean(runs) - exec.meanMicros() / 1e3);
        }
      }
      md.append(
          String.format(
              Locale.ROOT,
              "| %d | %.1f | %s | %.2f%% | %s | %.3f | %s | %.3f | %s |%n",
              paper.requesters(),
              paper.throughputPerSecond(),
              oursThroughput,
              100 * paper.availability(),
              oursAvailability,
              paper.execAvg(),
              oursExec,
              paper.commAvg(),
              oursComm));
    }
    return md.toString();
  }

  /** Table 3: the paper's shares and ours (the driver's response times), per requester count. */
  static String table3(List<PointResult> results, String variant) {
    StringBuilder md =
        new StringBuilder("\n## Table 3: response-time distribution, paper and ours\n\n");
    md.append(
        "Share of succeeded requests per response-time bucket. Ours **[D]**: response times as"
            + " the driver measured them (send to complete response), summed over repetitions of `"
            + variant
            + "`; the provider's records hold no response time (t1/t4 are the requester's), so"
            + " this table cannot come from them. Paper: its Table 3 (no row for 3"
            + " requesters).\n\n");
    md.append("| requesters | source | ").append(String.join(" | ", TABLE_3_LABELS)).append(" |\n");
    md.append("| --- ".repeat(2 + TABLE_3_LABELS.size())).append("|\n");
    Set<Double> points = new LinkedHashSet<>(points(results, variant));
    PAPER_TABLE_3.keySet().forEach(k -> points.add((double) k));
    for (double x : points.stream().sorted().toList()) {
      double[] paper = PAPER_TABLE_3.get((int) x);
      if (paper != null && x == Math.rint(x)) {
        md.append("| ").append(CompressionExperiments.format(x)).append(" | paper |");
        for (double share : paper) {
          md.append(String.format(Locale.ROOT, " %.2f%% |", share));
        }
        md.append('\n');
      }
      List<PointResult> runs = select(results, variant, x);
      if (!runs.isEmpty()) {
        long[] sums = new long[PointResult.BUCKETS];
        for (PointResult r : runs) {
          for (int i = 0; i < sums.length; i++) {
            sums[i] += r.buckets().get(i);
          }
        }
        long total = java.util.Arrays.stream(sums).sum();
        md.append("| ").append(CompressionExperiments.format(x)).append(" | ours [D] |");
        for (long n : sums) {
          md.append(
              total == 0 ? " - |" : String.format(Locale.ROOT, " %.2f%% |", 100.0 * n / total));
        }
        md.append('\n');
      }
    }
    return md.toString();
  }

  /** Min of mins, max of maxes, count-weighted mean of means; percentiles are not merged. */
  static TimeStats merge(List<QosStatistics> stats) {
    long count = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    double sum = 0;
    for (QosStatistics s : stats) {
      TimeStats e = s.execution();
      if (e.count() == 0) {
        continue;
      }
      count += e.count();
      min = Math.min(min, e.minMicros());
      max = Math.max(max, e.maxMicros());
      sum += e.meanMicros() * e.count();
    }
    return count == 0 ? TimeStats.EMPTY : new TimeStats(count, min, max, sum / count, 0, 0, 0);
  }

  private static double weightedMean(List<PointResult> runs) {
    double sum = 0;
    long n = 0;
    for (PointResult r : runs) {
      long s = r.count(Outcome.SUCCEEDED);
      if (s > 0) {
        sum += r.meanMillis() * s;
        n += s;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  private static String causes(List<PointResult> runs) {
    List<String> parts = new ArrayList<>();
    for (Outcome outcome : Outcome.values()) {
      if (outcome == Outcome.SUCCEEDED) {
        continue;
      }
      long n = runs.stream().mapToLong(r -> r.count(outcome)).sum();
      if (n > 0) {
        parts.add(outcome.name().toLowerCase(Locale.ROOT) + "=" + n);
      }
    }
    return parts.isEmpty() ? "" : "(" + String.join(", ", parts) + ")";
  }

  private static String ms(long micros) {
    return String.format(Locale.ROOT, "%.3f", micros / 1e3);
  }

  private static List<Double> points(List<PointResult> results, String variant) {
    Set<Double> points = new LinkedHashSet<>();
    results.stream().filter(r -> r.variant().equals(variant)).forEach(r -> points.add(r.x()));
    return List.copyOf(points);
  }

  private static List<PointResult> select(List<PointResult> results, String variant, double x) {
    return results.stream().filter(r -> r.variant().equals(variant) && r.x() == x).toList();
  }
}
