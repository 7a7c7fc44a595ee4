package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.cli.Option;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExperimentsTest {

  /** Relative to the module: Surefire runs in {@code benchmarks/}. */
  private static final Path EXPERIMENTS_MD = Path.of("EXPERIMENTS.md");

  @Test
  void everyExperimentOfTheScriptIsThereUnderItsName() {
    assertThat(Experiments.ALL.stream().map(Experiment::name))
        .containsExactly(
            "baseline-rate",
            "baseline-requesters",
            "driver-limit",
            "compression-rate",
            "compression-requesters",
            "slow-client",
            "packet-loss",
            "slow-links",
            "monitoring-requesters",
            "monitoring-client",
            "broker-rate",
            "broker-requesters",
            "diffserv-rate",
            "diffserv-share",
            "binding-workloads",
            "binding-granularity",
            "adaptive-offers",
            "overload",
            "monitor-store",
            "codec-paired");
  }

  @Test
  void theExperimentsPageIsCurrentWithTheDeclarations() throws Exception {
    String page = Experiments.markdown();

    assertThat(Files.readString(EXPERIMENTS_MD, StandardCharsets.UTF_8))
        .as("benchmarks/EXPERIMENTS.md; regenerate it: benchmarks/run-experiment.sh --markdown")
        .isEqualTo(page);
    for (Experiment e : Experiments.ALL) {
      assertThat(page)
          .contains("\n## " + e.name() + "\n")
          .contains(Run.declared(e).markdownTable());
    }
  }

  @Test
  void aSweepsEstimateAddsItsRunsWarmUpsAndPausesFromItsOwnOptions() {
    Experiment baseline = Experiments.find("baseline-rate").orElseThrow();

    Duration estimate =
        Experiments.estimate(
            baseline,
            List.of(
                "--rates",
                "100,200",
                "--reps",
                "3",
                "--warmup",
                "2",
                "--measure",
                "8",
                "--pause-ms",
                "500",
                "--server-warmup",
                "20"));

    // 6 runs of 2 + 8 s, each finished, 5 pauses, one server started and warmed.
    assertThat(estimate)
        .isEqualTo(
            Estimates.OWN_START_AND_REPORT
                .plus(Duration.ofSeconds(6 * 10))
                .plus(Estimates.RUN_OVERHEAD.multipliedBy(6))
                .plus(Duration.ofMillis(5 * 500))
                .plus(Duration.ofSeconds(20))
                .plus(Estimates.JVM_START));
  }

  @Test
  void everyExperimentHasAnEstimateThatGrowsWithItsRepetitions() {
    for (Experiment e : Experiments.ALL) {
      Duration defaults = Experiments.estimate(e, List.of());

      assertThat(defaults).as(e.name()).isPositive();
      if (e.quickArguments().contains("--reps")) {
        assertThat(Experiments.estimate(e, List.of("--reps", "2")))
            .as(e.name())
            .isLessThan(Experiments.estimate(e, List.of("--reps", "3")));
      }
    }
  }

  @Test
  void theQuickTableListsTheQuickFormsQuickestFirstWithTheirCommands() {
    String table = Experiments.quickTable();

    assertThat(table)
        .contains(
            "| [`driver-limit`](#driver-limit) | `benchmarks/run-experiment.sh driver-limit --reps 1"
                + " --out /tmp/driver-limit` | ")
        .doesNotContain("`compression-rate`");
    List<Duration> listed =
        Experiments.ALL.stream()
            .filter(e -> table.contains("[`" + e.name() + "`]"))
            .map(e -> Experiments.estimate(e, e.quickArguments()))
            .toList();
    assertThat(listed)
        .isNotEmpty()
        .allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(Experiments.QUICK));
  }

  @Test
  void runTimesReadInSecondsMinutesOrHours() {
    assertThat(Experiments.approximately(Duration.ofSeconds(44))).isEqualTo("~40 s");
    assertThat(Experiments.approximately(Duration.ofSeconds(150))).isEqualTo("~3 min");
    assertThat(Experiments.approximately(Duration.ofMinutes(150))).isEqualTo("~2.5 h");
  }

  @Test
  void helpPrintsTheUsageFromTheOptionsAndRunsNothing() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    Run.execute(
        Experiments.find("compression-rate").orElseThrow(),
        List.of("--help"),
        new PrintStream(out, true, StandardCharsets.UTF_8));

    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("usage: benchmarks/run-experiment.sh compression-rate [--rates X,...]")
        .contains("offered rates (req/s) (default: 1000.0,2000.0,3000.0,")
        .contains("  --server-cpus CPUS ")
        .contains("  --out PATH ")
        .contains("  --help ");
  }

  @Test
  void theRunStopsWhatItHoldsWhenTheExperimentFails() {
    List<String> stopped = new java.util.ArrayList<>();
    Experiment failing =
        new Experiment() {
          @Override
          public String name() {
            return "failing";
          }

          @Override
          public String summary() {
            return "fails after starting two things";
          }

          @Override
          public List<Option<?>> options() {
            return List.of();
          }

          @Override
          public Duration estimatedDuration(OptionValues options) {
            return Duration.ZERO;
          }

          @Override
          public void run(Run run) {
            run.hold(() -> stopped.add("first"));
            run.hold(() -> stopped.add("second"));
            throw new IllegalStateException("boom");
          }
        };

    assertThatThrownBy(
            () ->
                Run.execute(
                    failing, List.of(), new PrintStream(java.io.OutputStream.nullOutputStream())))
        .hasMessage("boom");
    assertThat(stopped).containsExactly("second", "first");
  }
}
