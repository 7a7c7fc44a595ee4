package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

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
    run(
        "compression-rate",
        "--variants=none,all",
        "--rates=50",
        "--reps=1",
        "--warmup=0.2",
        "--measure=0.5",
        "--pause-ms=0",
        "--server-warmup=0",
        "--request=" + Path.of("../examples/bookstore/requests/lite-1.xml"),
        "--out=" + out);

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
}
