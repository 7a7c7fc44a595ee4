package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CostFitTest {

  /** A run of a server whose served request costs 1,000 µs and whose refusal costs 100. */
  private static CostFit.Point run(double served, double refused, double noise) {
    return new CostFit.Point(served, refused, served * 1000 + refused * 100 + noise);
  }

  @Test
  void runsInDifferentProportionsGiveBothCosts() {
    CostFit fit =
        CostFit.of(List.of(run(950, 20, 0), run(900, 500, 0), run(800, 1600, 0), run(850, 1000, 0)))
            .orElseThrow();

    assertThat(fit.servedMicros()).isCloseTo(1000, within(1e-6));
    assertThat(fit.refusalMicros()).isCloseTo(100, within(1e-6));
    assertThat(fit.servedError()).isCloseTo(0, within(1e-6));
    assertThat(fit.runs()).isEqualTo(4);
  }

  @Test
  void noiseWidensTheErrorsAroundTheCosts() {
    CostFit fit =
        CostFit.of(
                List.of(
                    run(950, 20, 8000),
                    run(900, 500, -8000),
                    run(800, 1600, 8000),
                    run(850, 1000, -8000),
                    run(920, 300, 0)))
            .orElseThrow();

    assertThat(fit.servedMicros()).isCloseTo(1000, within(20.0));
    assertThat(fit.refusalMicros()).isCloseTo(100, within(20.0));
    assertThat(fit.servedError()).isPositive();
    assertThat(fit.refusalError()).isPositive();
  }

  @Test
  void runsThatRefuseInOneProportionGiveNoEstimate() {
    assertThat(CostFit.of(List.of(run(700, 700, 0), run(710, 705, 900), run(690, 700, -900))))
        .isEmpty();
  }

  @Test
  void fewerThanThreeRunsGiveNoEstimate() {
    assertThat(CostFit.of(List.of(run(950, 20, 0), run(800, 1600, 0)))).isEmpty();
  }

  @Test
  void aNegativeCostGivesNoEstimate() {
    assertThat(
            CostFit.of(
                List.of(
                    new CostFit.Point(900, 100, 900_000),
                    new CostFit.Point(500, 1000, 400_000),
                    new CostFit.Point(200, 2000, 100_000))))
        .isEmpty();
  }

  @Test
  void theGoodputAllowedIsWhatTheCoreLeavesAfterTheRefusals() {
    CostFit fit = new CostFit(1000, 0, 100, 0, 3);

    // 2,000 offered: S * 1000 + (2000 - S) * 100 = 1e6, so S = 800000 / 900.
    assertThat(fit.servedAllowed(2000)).isCloseTo(888.9, within(0.1));
    assertThat(fit.servedAllowed(500)).isEqualTo(500);
    assertThat(fit.servedAllowed(20_000)).isZero();
  }
}
