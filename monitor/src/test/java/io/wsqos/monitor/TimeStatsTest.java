package io.wsqos.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TimeStatsTest {

  @Test
  void percentilesAreNearestRankValuesOfTheSample() {
    long[] values = new long[100];
    for (int i = 0; i < values.length; i++) {
      values[i] = 100 - i; // 100 down to 1: order must not matter
    }

    TimeStats stats = TimeStats.of(values, values.length);

    assertThat(stats).isEqualTo(new TimeStats(100, 1, 100, 50.5, 50, 95, 99));
    assertThat(values[0]).isEqualTo(100);
  }

  @Test
  void noSampleGivesZeros() {
    assertThat(TimeStats.of(new long[4], 0)).isEqualTo(TimeStats.EMPTY);
  }
}
