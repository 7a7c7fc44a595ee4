package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.load.RequestCounts;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Results;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.jdbc.QosQuery;
import io.wsqos.monitor.jdbc.QosStatistics;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class MonitoringTablesTest {

  private static PointResult point(
      String variant,
      double x,
      int rep,
      long succeeded,
      long timeouts,
      double throughput,
      double p50,
      double p99) {
    Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    for (Outcome o : Outcome.values()) {
      counts.put(o, 0L);
    }
    counts.put(Outcome.SUCCESS, succeeded);
    counts.put(Outcome.TIMEOUT, timeouts);
    List<Long> buckets = new java.util.ArrayList<>(Collections.nCopies(PointResult.BUCKETS, 0L));
    buckets.set(0, succeeded - 1);
    buckets.set(1, 1L);
    return new PointResult(
        variant,
        x,
        rep,
        new RequestCounts(counts, timeouts, 0),
        throughput,
        throughput,
        p50 * 2,
        p50,
        p99 / 2,
        p99,
        p99 * 2,
        p50,
        p50,
        buckets);
  }

  /** The added-latency section of the sweep at 2000, as the requester-side experiment writes it. */
  private static String latencyAt2000(List<PointResult> results) {
    return MonitoringTables.latencySection(
        results, "plain", "monitored", 2000, "2000", "at 2000", "response time");
  }

  private static QosStatistics provider(long requests, long min, long max, double mean, long p99) {
    QosQuery query =
        QosQuery.window(
            Instant.parse("2026-11-23T17:00:00Z"), Instant.parse("2026-11-23T17:00:10Z"));
    return new QosStatistics(
        query,
        requests,
        requests,
        Map.of(),
        Map.of(),
        new TimeStats(requests, min, max, mean, min, max, p99),
        TimeStats.EMPTY,
        TimeStats.EMPTY,
        requests / 10.0,
        1.0,
        Collections.nCopies(11, 0L));
  }

  @Test
  void peakIsTheBestMeanOverRepetitionsAndTheGoalComparesItWithTheBaseline() {
    List<PointResult> results =
        List.of(
            point("plain", 1000, 1, 10, 0, 1000, 0.5, 1.0),
            point("monitored", 1000, 1, 10, 0, 1000, 0.5, 1.0),
            point("plain", 8000, 1, 10, 0, 6000, 5, 50),
            point("monitored", 8000, 1, 10, 0, 5600, 5, 50),
            point("plain", 8000, 2, 10, 0, 6000, 5, 50),
            point("monitored", 8000, 2, 10, 0, 6000, 5, 50));

    Map<String, Double> peaks = new Results(results).peaks();
    String section = MonitoringTables.peakSection(results, "plain", "monitored");

    assertThat(peaks).containsEntry("plain", 6000.0).containsEntry("monitored", 5800.0);
    assertThat(section)
        .contains("| monitored | 5800 | 0.967 |")
        .contains("96.7% -> NOT met")
        .contains("spread at the peaks: ±4.9%")
        .contains("this run cannot decide it");
  }

  @Test
  void addedP99IsTheDifferenceOfMeansAtTheModerateRateWithPerRepetitionDeltas() {
    List<PointResult> results =
        List.of(
            point("plain", 2000, 1, 10, 0, 2000, 0.40, 1.00),
            point("monitored", 2000, 1, 10, 0, 2000, 0.42, 1.04),
            point("plain", 2000, 2, 10, 0, 2000, 0.40, 1.20),
            point("monitored", 2000, 2, 10, 0, 2000, 0.42, 1.28));

    String section = latencyAt2000(results);

    assertThat(section)
        .contains("| monitored | 0.420 | 1.160 | +0.020 | +0.060 | +0.040, +0.080 |")
        .contains("+0.060 ms -> met")
        // The larger standard deviation of p99 over the repetitions: monitored's 1.04 and 1.28.
        .contains("spread of p99: ±0.170 ms")
        .contains("this run cannot decide it");
  }

  @Test
  void aMissingRatePointSaysSoInsteadOfAFigure() {
    List<PointResult> results = List.of(point("plain", 1000, 1, 10, 0, 1000, 0.4, 1.0));

    assertThat(latencyAt2000(results)).contains("Not measured");
  }

  @Test
  void recordsSectionComparesRecordsWrittenWithResponsesAndFaultsServed() {
    Properties complete = new Properties();
    complete.setProperty("responses", "100");
    complete.setProperty("faults", "2");
    complete.setProperty("wsqos.monitor.records.written", "102");
    complete.setProperty("wsqos.monitor.records.dropped", "0");
    complete.setProperty("timer.wsqos.monitor.execution", "102");
    complete.setProperty("process.cpu.ns", "30600000");
    complete.setProperty("writer.cpu.ns", "1020000");
    complete.setProperty(BookstoreServer.LOG_FILE_BYTES, "20400");
    Properties short_ = new Properties();
    short_.setProperty("responses", "100");
    short_.setProperty("faults", "0");
    short_.setProperty("wsqos.monitor.records.written", "97");
    Properties plain = new Properties();
    plain.setProperty("responses", "90");
    plain.setProperty("faults", "0");
    Map<String, Properties> stats = new LinkedHashMap<>();
    stats.put("plain", plain);
    stats.put("monitored", complete);
    stats.put("other", short_);

    String section = MonitoringTables.recordsSection(stats);

    assertThat(section)
        .contains("| plain | 90 | 0 | - | - | - | - | - | - | - | - | - |")
        .contains("| monitored | 100 | 2 | 102 | 0 | - | - | 102 | yes | 300.0 | 10.0 | 200 |")
        .contains("| other | 100 | 0 | 97 | - | - | - | - | NO (3 missing) | - | - | - |");
  }

  @Test
  void table2SumsDriverCountsAndMergesProviderWindowsPerRequesterCount() {
    List<PointResult> results =
        List.of(
            point("plain", 50, 1, 999, 0, 999, 1, 2),
            point("monitored", 50, 1, 100, 10, 100, 1.0, 4.0),
            point("monitored", 50, 2, 300, 0, 300, 2.0, 6.0));
    List<MonitoringTables.ProviderWindow> provider =
        List.of(
            new MonitoringTables.ProviderWindow(50, 1, provider(100, 200, 900, 400, 800)),
            new MonitoringTables.ProviderWindow(50, 2, provider(300, 100, 700, 600, 600)));

    String table = MonitoringTables.table2(results, "monitored", provider);

    // Driver: 410 requests, 400 succeeded, 10 connect timeouts; mean response weighted by
    // successes: (100 x 2 + 300 x 4) / 400 = 3.5 ms (meanMillis = 2 x p50). Provider: 400
    // records, min 0.1, max 0.9, mean (100 x 400 + 300 x 600) / 400 us = 0.55 ms, p99 averaged
    // 0.7 ms; communication 3.5 - 0.55 = 2.95 ms; throughput (10 + 30) / 2 = 20/s.
    assertThat(table)
        .contains(
            "| 50 | 410 | 400 | 10 (timeout=10, connect_timeout=10) | 400 | 0.100 | 0.900 | 0.550 | 0.700 |"
                + " 3.500 | 5.000 | 2.950 | 20 | 200 | 97.56% |");
  }

  @Test
  void table3PutsOurSharesUnderThePapersRowOfTheSameRequesterCount() {
    List<PointResult> results =
        List.of(
            point("monitored", 1, 1, 100, 0, 100, 1, 2),
            point("monitored", 3, 1, 100, 0, 100, 1, 2));

    String table = MonitoringTables.table3(results, "monitored");

    assertThat(table)
        .contains("| 1 | paper | 99.97% | 0.03% |\n".substring(0, 24))
        .contains("| 1 | ours [D] | 99.00% | 1.00% | 0.00% |")
        .contains("| 3 | ours [D] | 99.00% |");
    assertThat(table.indexOf("| 1 | paper")).isLessThan(table.indexOf("| 1 | ours [D]"));
    assertThat(table.indexOf("| 1 | ours [D]")).isLessThan(table.indexOf("| 3 | ours [D]"));
    assertThat(table).doesNotContain("| 3 | paper");
  }

  @Test
  void theComparisonShowsThePapersDerivedThroughputAndAvailability() {
    String table = MonitoringTables.table2Comparison(List.of(), "monitored", List.of());

    // 6193 / 600 s = 10.3/s and 6193 / 6464 = 95.81% for one requester.
    assertThat(table).contains("| 1 | 10.3 | - | 95.81% | - | 18.163 | - | 59.767 | - |");
  }
}
