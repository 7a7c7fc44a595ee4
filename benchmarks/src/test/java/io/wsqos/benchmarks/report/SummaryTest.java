package io.wsqos.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SummaryTest {

  @Test
  void summarisesMeanSpreadMedianAndRangeLeavingNaNOut() {
    Summary s = Summary.of(4, Double.NaN, 1, 2, 9);

    assertThat(s.n()).isEqualTo(4);
    assertThat(s.mean()).isEqualTo(4);
    assertThat(s.sd()).isCloseTo(Math.sqrt(38 / 3.0), within(1e-12));
    assertThat(s.median()).isEqualTo(3);
    assertThat(s.min()).isEqualTo(1);
    assertThat(s.max()).isEqualTo(9);
    assertThat(s.medianRange(1)).isEqualTo("3.0 (1.0-9.0)");
  }

  @Test
  void percentilesAreTakenByNearestRank() {
    Summary s = Summary.of(5, 1, 4, 2, 3, 6, 7, 8, 9, 10);

    assertThat(s.percentile(0)).isEqualTo(1);
    assertThat(s.percentile(50)).isEqualTo(5);
    assertThat(s.percentile(90)).isEqualTo(9);
    assertThat(s.percentile(99)).isEqualTo(10);
    assertThat(s.percentile(100)).isEqualTo(10);
    assertThatThrownBy(() -> s.percentile(101))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("percent: 101.0 (expected: 0..100)");
  }

  @Test
  void oneValueHasNoSpreadAndNoValueIsUndefined() {
    Summary one = Summary.of(2.5);
    Summary none = Summary.of();

    assertThat(one.sd()).isZero();
    assertThat(one.meanSd(2)).isEqualTo("2.50");
    assertThat(one.medianRange(2)).isEqualTo("2.50");
    assertThat(none.n()).isZero();
    assertThat(none.mean()).isNaN();
    assertThat(none.median()).isNaN();
    assertThat(none.percentile(50)).isNaN();
    assertThat(none.meanSd(2)).isEmpty();
    assertThat(none.medianRange(2)).isEmpty();
  }
}
