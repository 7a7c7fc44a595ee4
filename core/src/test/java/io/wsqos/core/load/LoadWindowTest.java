package io.wsqos.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LoadWindowTest {

  @Test
  void averageCoversOnlyTheLastWindowOfSamples() {
    LoadWindow window = new LoadWindow(3, 0.0);

    window.record(0.1);
    window.record(0.2);
    window.record(0.3);
    Reading reading = window.record(0.6);

    assertThat(reading.currentLoad()).isEqualTo(0.6);
    assertThat(reading.averageLoad()).isCloseTo((0.2 + 0.3 + 0.6) / 3, within(1e-12));
    assertThat(reading.samples()).isEqualTo(4);
  }

  @Test
  void beforeAnyValidSampleBothLoadsReadTheInitialLoad() {
    LoadWindow window = new LoadWindow(3, 0.0);

    Reading reading = window.record(-1.0);

    assertThat(reading.currentLoad()).isZero();
    assertThat(reading.averageLoad()).isZero();
    assertThat(reading.unavailableSamples()).isEqualTo(1);
  }

  @Test
  void unavailableSamplesKeepTheLastValidLoadAndTakeTheirSlotInTheWindow() {
    LoadWindow window = new LoadWindow(3, 0.0);
    window.record(0.3);

    Reading afterGaps = window.record(-1.0);
    afterGaps = window.record(Double.NaN);
    window.record(0.6);
    Reading afterRecovery = window.record(0.9);

    assertThat(afterGaps.currentLoad()).isEqualTo(0.3);
    assertThat(afterGaps.averageLoad()).isEqualTo(0.3);
    assertThat(afterGaps.unavailableSamples()).isEqualTo(2);
    assertThat(afterRecovery.currentLoad()).isEqualTo(0.9);
    assertThat(afterRecovery.averageLoad()).isCloseTo(0.75, within(1e-12));
  }

  @Test
  void infiniteSamplesAreUnavailable() {
    LoadWindow window = new LoadWindow(2, 0.0);
    window.record(0.4);

    Reading reading = window.record(Double.POSITIVE_INFINITY);

    assertThat(reading.currentLoad()).isEqualTo(0.4);
    assertThat(reading.unavailableSamples()).isEqualTo(1);
  }

  @Test
  void samplesAboveOneCountAsSaturation() {
    LoadWindow window = new LoadWindow(2, 0.0);

    Reading reading = window.record(1.7);

    assertThat(reading.currentLoad()).isEqualTo(1.0);
    assertThat(reading.averageLoad()).isEqualTo(1.0);
    assertThat(reading.unavailableSamples()).isZero();
  }

  @Test
  void averageDoesNotDriftOverManyTurnsOfTheWindow() {
    LoadWindow window = new LoadWindow(7, 0.0);
    Reading reading = null;

    for (int i = 0; i < 1_000_003; i++) {
      reading = window.record(i % 2 == 0 ? 0.1 : 0.7);
    }

    // The last 7 samples: four of 0.1 (even i, ending on i = 1_000_002) and three of 0.7.
    assertThat(reading.averageLoad()).isCloseTo((4 * 0.1 + 3 * 0.7) / 7, within(1e-12));
  }
}
