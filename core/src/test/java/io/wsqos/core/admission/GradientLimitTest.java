package io.wsqos.core.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The limit on one core of 1 ms per request: {@code k} requests in flight each take {@code k} ms,
 * so a window's latency says how many wait behind each other.
 */
class GradientLimitTest {

  private static final long MS = 1_000_000;

  private final GradientLimit limit =
      new GradientLimit(
          new AdmissionSettings(
              20, 4, 200, 2.0, 0, 1, 1.0, 1000 * MS, 5 * MS, 100 * MS, 1, new double[3]));
  private long now;

  @Test
  void oneLightWindowSetsTheReferenceAndAQueuesLatencyDoesNotRaiseIt() {
    // A closed loop of 16 clients from the start: 16 ms each, below the limit of 20.
    windows(50, 16);
    // One light moment, a request at a time.
    windows(1, 1);
    // Overload: the limit reached in every window, for longer than the reference takes to rise.
    for (int w = 0; w < 2_000; w++) {
      windows(1, limit.limit());
    }

    assertThat(limit.limit()).isEqualTo(4);
    assertThat(limit.referenceNanos()).isEqualTo(1.0 * MS);
  }

  @Test
  void theReferenceRisesWithAServiceThatSlowedInWindowsBelowTheLimit() {
    windows(5, 1);
    // The service now takes 3 ms a request: 6 ms at 2 in flight, below the limit's floor.
    windows(3_000, 2, 6);

    assertThat(limit.referenceNanos()).isGreaterThan(5.0 * MS);
  }

  /** {@code n} windows of one request each, with {@code k} in flight, {@code k} ms long. */
  private void windows(int n, int k) {
    windows(n, k, k);
  }

  private void windows(int n, int inFlight, long millis) {
    for (int i = 0; i < n; i++) {
      now += millis * MS;
      limit.sample(now, millis * MS, inFlight);
    }
  }
}
