package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResults;
import io.wsqos.benchmarks.report.PointResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepTest {

  private static final RequestSource UNUSED = () -> null;

  @Test
  void runsVariantsInterleavedInAnOrderRotatedEachRepetition() {
    List<String> calls = new ArrayList<>();
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Sweep sweep =
        new Sweep(
            "demo",
            List.of(10.0, 20.0),
            List.of(new Variant("A", UNUSED), new Variant("B", UNUSED), new Variant("C", UNUSED)),
            new RunTiming(2, Duration.ZERO, Duration.ofSeconds(1), Duration.ZERO),
            new PrintStream(progress, true, StandardCharsets.UTF_8),
            () -> calls.add("|"));

    List<PointResult> results =
        sweep.run(
            (variant, x, warmup, measure) -> {
              calls.add(variant.name() + (int) x);
              return RunResults.succeededWithLatencies(1_000);
            });

    assertThat(calls.stream().filter(c -> !c.equals("|")))
        .containsExactly(
            "A10", "B10", "C10", "B10", "C10", "A10", "A20", "B20", "C20", "B20", "C20", "A20");
    assertThat(String.join("", calls))
        .as("a wait between every two runs, none after the last")
        .isEqualTo("A10|B10|C10|B10|C10|A10|A20|B20|C20|B20|C20|A20");
    assertThat(results)
        .extracting(PointResult::repetition)
        .containsExactly(1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2);
    assertThat(progress.toString(StandardCharsets.UTF_8))
        .contains("[demo] point 1/2 (10) rep 1/2 variant A | run 1/12")
        .contains("[demo] point 2/2 (20) rep 2/2 variant A | run 12/12")
        .contains("remaining")
        .contains("[demo] done: 12 runs");
  }

  @Test
  void rejectsASweepWithoutVariants() {
    RunTiming timing = new RunTiming(3, Duration.ZERO, Duration.ofSeconds(1), Duration.ZERO);

    assertThatThrownBy(
            () -> new Sweep("empty", List.of(1.0), List.of(), timing, System.err, () -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("variants: [] (expected: at least one)");
  }
}
