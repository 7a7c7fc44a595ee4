package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.db.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Tiny real experiments, end to end, against real servers on loopback. */
class ExperimentRunTest {

  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  private void run(String name, String... argv) throws Exception {
    Run.execute(
        Experiments.find(name).orElseThrow(),
        List.of(argv),
        new PrintStream(progress, true, StandardCharsets.UTF_8));
  }

  /** A tiny run of the compression experiment {@code name}, none against all, into {@code out}. */
  private void runCompression(String name, Path out, String... pointsAndModes) throws Exception {
    List<String> argv =
        new java.util.ArrayList<>(
            List.of(
                "--variants=none,all",
                "--warmup=0.2",
                "--measure=0.5",
                "--pause-ms=0",
                "--server-warmup=0",
                "--request=" + Path.of("../examples/bookstore/requests/lite-1.xml"),
                "--out=" + out));
    argv.addAll(List.of(pointsAndModes));
    run(name, argv.toArray(String[]::new));
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void driverLimitWritesItsCsvReportAndPlots(@TempDir Path out) throws Exception {
    run(
        "driver-limit",
        "--rates",
        "100,200",
        "--reps",
        "2",
        "--warmup",
        "0.1",
        "--measure",
        "0.3",
        "--pause-ms",
        "0",
        "--server-warmup",
        "0.1",
        "--out",
        out.toString());

    List<String> csv = Files.readAllLines(out.resolve("results.csv"));
    assertThat(csv).hasSize(1 + 2 * 2);
    assertThat(csv.get(0)).startsWith("variant,rate,repetition,requests,success,");
    assertThat(csv.get(1)).startsWith("trivial,100,1,");
    assertThat(csv.get(4)).startsWith("trivial,200,2,");
    String report = Files.readString(out.resolve("report.md"));
    assertThat(report)
        .startsWith("# The driver's own limit against a trivial endpoint\n")
        .contains("- rates [100.0, 200.0]\n")
        .contains("- command: `benchmarks/run-experiment.sh driver-limit --rates 100,200")
        .contains("## Throughput and response time")
        .contains("| 200 | trivial |")
        .contains("## Response-time distribution (Table 3 buckets)");
    assertThat(out.resolve("throughput.png")).isNotEmptyFile();
    assertThat(out.resolve("response-time.png")).isNotEmptyFile();
    assertThat(progress.toString(StandardCharsets.UTF_8))
        .contains("[driver-limit] point 2/2 (200) rep 2/2 variant trivial | run 4/4")
        .contains("wrote " + out.toAbsolutePath());
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void compressionRateRunsTheBookstoreInItsOwnJvmAndStopsIt(@TempDir Path out) throws Exception {
    runCompression("compression-rate", out, "--rates=50", "--reps=1");

    List<String> csv = Files.readAllLines(out.resolve("results.csv"));
    assertThat(csv).hasSize(3);
    assertThat(csv.get(1)).startsWith("none,50,1,");
    assertThat(csv.get(2)).startsWith("all,50,1,");
    assertThat(Files.readString(out.resolve("compression.csv")))
        .startsWith("variant,rate,succeeded,compressed,share_of_eligible\nnone,50,");
    assertThat(Files.readString(out.resolve("report.md")))
        .contains("- variant all: server `BookstoreServer --compression always` in its own JVM")
        .contains("## Compressed responses")
        .contains("| offered rate (req/s) | none | all |")
        .contains("## Peak throughput and the issue's goals")
        .contains("| all | ")
        .contains("- all-compressed loses <= 15% of peak: ");
    assertThat(out.resolve("throughput.png")).isNotEmptyFile();
    String log = progress.toString(StandardCharsets.UTF_8);
    long pid = Long.parseLong(log.replaceFirst("(?s).*server always: pid (\\d+) .*", "$1"));
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
        .isNotEqualTo(java.util.Optional.of(true));
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void compressionRequestersRunsBothConnectionModesSideBySide(@TempDir Path out) throws Exception {
    runCompression(
        "compression-requesters", out, "--connections=both", "--requesters=2", "--reps=2");

    List<String> csv = Files.readAllLines(out.resolve("results.csv"));
    assertThat(csv).hasSize(1 + 2 * 4);
    assertThat(csv.subList(1, csv.size()))
        .extracting(line -> line.substring(0, line.indexOf(',')))
        .containsOnly("none", "all", "none-kept-alive", "all-kept-alive")
        .hasSize(8);
    assertThat(Files.readString(out.resolve("compression.csv"))).contains("\nall-kept-alive,2,");
    String report = Files.readString(out.resolve("report.md"));
    assertThat(report)
        .contains("connections: each variant once with one connection per request and once")
        .contains("| requesters | none | all | none-kept-alive | all-kept-alive |")
        .contains("| all-kept-alive | ")
        .contains("- all-compressed loses <= 12% of peak: ")
        .contains("## Server CPU per response in the measured runs")
        .contains("## Paired throughput ratios")
        .contains("- all-kept-alive >= 0.88 x none-kept-alive, at 2 (none-kept-alive's peak):")
        .contains("- all >= 0.85 x none, at 2 (none's peak):");
    assertThat(Files.readAllLines(out.resolve("cpu.csv"))).hasSizeGreaterThan(1);
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void monitoringRequestersRunsBothConnectionModesAndReadsTheProvidersRecords(@TempDir Path out)
      throws Exception {
    run(
        "monitoring-requesters",
        "--variants=plain,monitored",
        "--connections=both",
        "--requesters=2",
        "--reps=1",
        "--warmup=0.2",
        "--measure=0.5",
        "--pause-ms=0",
        "--server-warmup=0",
        "--monitor-store-interval-ms=0",
        "--request=" + Path.of("../examples/bookstore/requests/lite-1.xml"),
        "--out=" + out);

    List<String> csv = Files.readAllLines(out.resolve("results.csv"));
    assertThat(csv.subList(1, csv.size()))
        .extracting(line -> line.substring(0, line.indexOf(',')))
        .containsExactlyInAnyOrder(
            "plain", "monitored", "plain-kept-alive", "monitored-kept-alive");
    String report = Files.readString(out.resolve("report.md"));
    assertThat(report)
        .contains("connections: each variant once with one connection per request and once")
        .contains("## Server CPU per response in the measured runs");
    // Table 2 once per connection mode, each from the provider's own records of that mode.
    assertThat(report)
        .contains("Table 2 (ours): performance per requester count, `monitored`")
        .contains("Table 2 (ours): performance per requester count, `monitored-kept-alive`");
    assertThat(Files.readString(out.resolve("qos-report-provider.txt"))).contains("getBookInfo");
  }

  /**
   * The options of a tiny broker run on the paper's set into {@code out}, its PostgreSQL broker in
   * {@code schema}: the experiment drops and makes that schema anew, so it must be this run's own.
   */
  private static List<String> tinyBroker(Path out, String schema, String... more) {
    List<String> argv =
        new java.util.ArrayList<>(
            List.of(
                "--set=paper",
                "--reps=2",
                "--warmup=0.1",
                "--measure=0.3",
                "--pause-ms=0",
                "--server-warmup=0",
                "--postgresql-schema=" + schema,
                "--out=" + out));
    argv.addAll(List.of(more));
    return argv;
  }

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void brokerRequestersRunsEveryApiAgainstBothDatabasesAndTheMinimalEndpoints(@TempDir Path out)
      throws Exception {
    String schema;
    try (TestDatabase postgres = TestDatabase.postgres()) {
      schema = postgres.schema();
      run("broker-requesters", tinyBroker(out, schema, "--requesters=2").toArray(String[]::new));
    }

    List<String> csv = Files.readAllLines(out.resolve("results.csv"));
    List<String> variants =
        List.of(
            "rest-minimal-kept-alive",
            "rest-h2-kept-alive",
            "rest-postgresql-kept-alive",
            "soap-minimal-kept-alive",
            "soap-h2-kept-alive",
            "soap-postgresql-kept-alive",
            "publish-h2-kept-alive",
            "publish-postgresql-kept-alive");
    assertThat(csv).hasSize(1 + 2 * variants.size());
    assertThat(csv.subList(1, csv.size()))
        .extracting(line -> line.substring(0, line.indexOf(',')))
        .containsOnlyElementsOf(variants);
    // No request of any variant failed (selections answered, publishes accepted), and some came.
    long succeeded = 0;
    for (String line : csv.subList(1, csv.size())) {
      String[] cells = line.split(",");
      assertThat(cells[4]).as(line).isEqualTo(cells[3]);
      succeeded += Long.parseLong(cells[4]);
    }
    assertThat(succeeded).isPositive();
    String report = Files.readString(out.resolve("report.md"));
    assertThat(report)
        .startsWith("# Broker: capacity under N back-to-back requesters\n")
        .contains("- data set: paper (22 services, 27 offers)")
        .contains("- server postgresql: `BrokerBenchServer --set=paper --jdbc-url=")
        .contains(" --schema=" + schema + "`")
        .contains("## Server CPU per response in the measured runs")
        .contains("- rest-h2-kept-alive >= 0.80 x rest-minimal-kept-alive, at 2")
        .contains("- soap-postgresql-kept-alive >= 0.90 x soap-h2-kept-alive, at 2")
        .contains("## Publishes")
        .contains("| publish-postgresql-kept-alive | 2 | 2 |");
    assertThat(Files.readString(out.resolve("cpu.csv"))).contains("\nsoap-h2-kept-alive,2,");
    String log = progress.toString(StandardCharsets.UTF_8);
    long pid = Long.parseLong(log.replaceFirst("(?s).*server postgresql: pid (\\d+) .*", "$1"));
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
        .isNotEqualTo(java.util.Optional.of(true));
  }

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void brokerRateWritesThePapersFiguresBesideOurs(@TempDir Path out) throws Exception {
    // H2 only: the PostgreSQL schema is never made.
    run(
        "broker-rate",
        tinyBroker(out, "unused", "--rates=20,40", "--apis=rest,soap", "--databases=h2")
            .toArray(String[]::new));

    List<String> csv = Files.readAllLines(out.resolve("results.csv"));
    assertThat(csv).hasSize(1 + 2 * 2 * 4);
    assertThat(csv.get(1)).startsWith("rest-minimal-kept-alive,20,1,");
    String report = Files.readString(out.resolve("report.md"));
    assertThat(report)
        .contains("## p99 response time (ms)")
        .contains("| offered rate (req/s) | rest-minimal-kept-alive | rest-h2-kept-alive |")
        .contains("## Figures 56-59: the paper's broker beside ours")
        .contains("| 59 | paper SQL Server | 65 |");
    assertThat(Files.readAllLines(out.resolve("paper.csv")).get(0))
        .isEqualTo("figure,series,rate,value,source");
    assertThat(out.resolve("fig57-59-throughput.png")).isNotEmptyFile();
    assertThat(out.resolve("fig56-58-response-time.png")).isNotEmptyFile();
  }
}
