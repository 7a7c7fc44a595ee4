package io.wsqos.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.load.RunResults;
import io.wsqos.monitor.Outcome;
import org.junit.jupiter.api.Test;

class PointResultTest {

  @Test
  void summarisesARunWithoutSuccessesAsUndefinedLatencies() {
    PointResult point = PointResult.of("v", 10, 1, RunResults.succeededWithLatencies());

    assertThat(point.meanMillis()).isNaN();
    assertThat(point.p99Millis()).isNaN();
    assertThat(point.count(Outcome.SUCCESS)).isZero();
    assertThat(point.buckets()).hasSize(PointResult.BUCKETS).containsOnly(0L);
  }

  @Test
  void putsLatenciesIntoTheTable3OneSecondBuckets() {
    PointResult point =
        PointResult.of(
            "v",
            10,
            1,
            RunResults.succeededWithLatencies(
                1_000, 900_000, 1_200_000, 2_500_000, 9_800_000, 10_500_000, 30_000_000));

    assertThat(point.buckets()).containsExactly(2L, 1L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 1L, 2L);
    assertThat(point.throughputPerSecond()).isEqualTo(7.0);
    assertThat(point.p50Millis()).isBetween(2_490.0, 2_510.0);
  }
}
