package io.wsqos.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.load.RequestCounts;
import io.wsqos.monitor.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWritersTest {

  private static final MachineInfo MACHINE =
      new MachineInfo(
          2, "TestVM 17", "Linux 6 amd64", Instant.parse("2026-01-02T03:04:05Z"), "none");

  private static PointResult point(
      String variant,
      double x,
      int rep,
      long succeeded,
      long refused,
      double throughput,
      double mean) {
    Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    for (Outcome outcome : Outcome.values()) {
      counts.put(outcome, 0L);
    }
    counts.put(Outcome.SUCCESS, succeeded);
    counts.put(Outcome.REFUSED, refused);
    List<Long> buckets = List.of(succeeded - 1, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
    return new PointResult(
        variant,
        x,
        rep,
        RequestCounts.of(counts),
        throughput,
        throughput,
        mean,
        mean,
        mean * 2,
        mean * 4,
        mean * 8,
        mean,
        mean,
        buckets);
  }

  private final List<PointResult> results =
      List.of(
          point("plain", 100, 1, 10, 0, 100, 1.0),
          point("feature", 100, 1, 9, 1, 90, 2.0),
          point("plain", 100, 2, 10, 0, 110, 3.0),
          point("feature", 100, 2, 9, 1, 99, 6.0));

  private static Report report(List<String> settings, List<PointResult> results) {
    return new Report("T", "D", MACHINE, settings)
        .add(SweepReport.sections("rate", new Results(results)));
  }

  private static String render(List<String> settings, List<PointResult> results) {
    return report(settings, results).render();
  }

  @Test
  void csvHasAHeaderAndOneRowPerRepetitionInRunOrder() {
    String csv = SweepReport.csv("rate", results).csv();

    List<String> lines = csv.lines().toList();
    assertThat(lines).hasSize(5);
    assertThat(lines.get(0))
        .isEqualTo(
            "variant,rate,repetition,requests,success,soap_fault,transport_error,timeout,refused,"
                + "http_error,busy,connect_timeout,dropped,queue_timeout,offered_per_s,throughput_per_s,"
                + "mean_ms,p50_ms,p90_ms,p99_ms,max_ms,service_mean_ms,service_p50_ms,"
                + "lt_1s,lt_2s,lt_3s,lt_4s,lt_5s,lt_6s,lt_7s,lt_8s,lt_9s,lt_10s,ge_10s");
    assertThat(lines.get(2))
        .isEqualTo(
            "feature,100,1,10,9,0,0,0,1,0,0,0,0,0,90,90,2,2,4,8,16,2,2,8,1,0,0,0,0,0,0,0,0,0");
    assertThat(lines.get(3)).startsWith("plain,100,2,10,10,");
  }

  @Test
  void csvLeavesUndefinedLatenciesEmptyAndPrintsFractionsWithThreeDecimals() {
    assertThat(Table.number(Double.NaN)).isEmpty();
    assertThat(Table.number(2.0 / 3)).isEqualTo("0.667");
    assertThat(Table.number(1500)).isEqualTo("1500");
  }

  @Test
  void markdownGivesMeanAndSpreadAndTheRatioToTheBaseline() {
    String md = render(List.of("s1"), results);

    assertThat(md).contains("# T\n\nD\n");
    assertThat(md).contains("- cores: 2\n").contains("- core-wake convention: none\n");
    assertThat(md).contains("- s1\n");
    assertThat(md)
        .contains(
            "| rate | variant | offered/s | throughput/s | mean ms | p50 ms | p99 ms |"
                + " throughput ratio | mean ratio | p99 ratio |");
    // plain: throughput 100 and 110 -> 105.0 ± 7.1; mean 1 and 3 -> 2.00 ± 1.41
    assertThat(md)
        .contains(
            "| 100 | plain | 105.0 ± 7.1 | 105.0 ± 7.1 | 2.00 ± 1.41 | 2.00 ± 1.41 |"
                + " 8.00 ± 5.66 | 1.00 | 1.00 | 1.00 |");
    // feature: throughput 94.5 (ratio 0.90), mean 4.0 (ratio 2.00)
    assertThat(md)
        .contains(
            "| 100 | feature | 94.5 ± 6.4 | 94.5 ± 6.4 | 4.00 ± 2.83 | 4.00 ± 2.83 |"
                + " 16.00 ± 11.31 | 0.90 | 2.00 | 2.00 |");
  }

  @Test
  void sectionsSayWhatTheirFiguresAreAndTheRatiosBaseline() {
    String md = render(List.of(), results);
    String single =
        render(List.of(), results.stream().filter(r -> r.variant().equals("plain")).toList());

    assertThat(md)
        .contains(
            "Mean ± standard deviation over 2 repetition(s); response times of successful"
                + " requests, from the intended send time. Ratios are this variant's mean over the"
                + " baseline's (`plain`) at the same point.\n")
        .contains("Mean per repetition. Availability is succeeded / requests.\n")
        .contains(
            "Share of successful requests per response-time interval, over all repetitions.\n");
    assertThat(single)
        .contains(
            "Mean ± standard deviation over 2 repetition(s); response times of successful"
                + " requests, from the intended send time.\n");
  }

  @Test
  void markdownCountsFailuresByCauseAndTheTable3Buckets() {
    String md = render(List.of(), results);

    assertThat(md)
        .contains("| 100 | feature | 10 | 9 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 90.00% |");
    // feature: 8 + 8 below 1 s, 1 + 1 below 2 s, of 18 successes
    assertThat(md)
        .contains(
            "| 100 | feature | 88.89% | 11.11% | 0.00% | 0.00% | 0.00% | 0.00% | 0.00% | 0.00% |"
                + " 0.00% | 0.00% | 0.00% |");
  }

  @Test
  void markdownOfASingleVariantHasNoRatioColumns() {
    List<PointResult> single = results.stream().filter(r -> r.variant().equals("plain")).toList();

    String md = render(List.of(), single);

    assertThat(md).doesNotContain("ratio |");
  }

  @Test
  void writesCsvMarkdownAndBothPlots(@TempDir Path dir) {
    SweepReport.csv("rate", results).writeCsv(dir.resolve("results.csv"));
    report(List.of(), results).write(dir.resolve("report.md"));

    SweepReport.plots(dir, "T", "rate", results);

    assertThat(dir.resolve("results.csv")).isNotEmptyFile();
    assertThat(dir.resolve("report.md")).isNotEmptyFile();
    assertThat(dir.resolve("throughput.png")).isNotEmptyFile();
    assertThat(dir.resolve("response-time.png")).isNotEmptyFile();
    assertThat(Files.exists(dir.resolve("throughput.png"))).isTrue();
  }
}
