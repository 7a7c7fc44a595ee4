package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.Validity;
import io.wsqos.monitor.jdbc.internal.Codes;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WindowTallyTest {

  private static final QosQuery WINDOW =
      QosQuery.window(Instant.parse("2026-11-22T12:00:00Z"), Instant.parse("2026-11-22T12:00:10Z"))
          .buckets(ResponseTimeBuckets.of(List.of(Duration.ofMillis(10), Duration.ofMillis(20))));

  private static final int VALID = Codes.of(Validity.VALID);
  private static final int SUCCESS = Codes.of(Outcome.SUCCESS);

  @Test
  void nearestRanksAtTheEdgeCountsWithTiesAreThoseOfTheInMemoryMonitor() throws SQLException {
    for (int n : new int[] {1, 2, 19, 20, 21, 5_000}) {
      long[] executions = new long[n];
      long[] responses = new long[n];
      long[] communications = new long[n];
      WindowTally tally = new WindowTally(WINDOW.buckets(), QosAnalysis.DEFAULT_MAX_SAMPLES);
      for (int i = 0; i < n; i++) {
        // Few distinct values, out of order: ranks fall inside runs of ties.
        executions[i] = 1_000 * (1 + (i * 7L) % 4);
        responses[i] = 5_000 * (1 + (i * 11L) % (n / 3 + 1));
        communications[i] = responses[i] - executions[i];
        tally.add(VALID, SUCCESS, executions[i], true, responses[i], true);
      }

      QosStatistics stats = tally.statistics(WINDOW);

      assertThat(stats.execution()).as("n = %d", n).isEqualTo(TimeStats.of(executions, n));
      assertThat(stats.response()).as("n = %d", n).isEqualTo(TimeStats.of(responses, n));
      assertThat(stats.communication()).as("n = %d", n).isEqualTo(TimeStats.of(communications, n));
      assertThat(stats.requests()).isEqualTo(n);
      assertThat(stats.succeeded()).isEqualTo(n);
      assertThat(stats.distribution().stream().mapToLong(Long::longValue).sum()).isEqualTo(n);
    }
  }

  @Test
  void anEmptyWindowHasEmptyTimesZeroCountsAndNoAvailability() {
    QosStatistics stats = new WindowTally(WINDOW.buckets(), 16).statistics(WINDOW);

    assertThat(stats.requests()).isZero();
    assertThat(stats.succeeded()).isZero();
    assertThat(stats.execution()).isEqualTo(TimeStats.EMPTY);
    assertThat(stats.communication()).isEqualTo(TimeStats.EMPTY);
    assertThat(stats.response()).isEqualTo(TimeStats.EMPTY);
    assertThat(stats.availability()).isNaN();
    assertThat(stats.throughputPerSecond()).isZero();
    assertThat(stats.distribution()).containsExactly(0L, 0L, 0L);
    assertThat(stats.invalidByReason()).isEmpty();
    assertThat(stats.failedByOutcome())
        .hasSize(Outcome.values().length - 1)
        .allSatisfy((outcome, count) -> assertThat(count).isZero());
  }

  @Test
  void failuresAndInvalidRecordsAreCountedButNeverTimed() throws SQLException {
    WindowTally tally = new WindowTally(WINDOW.buckets(), 16);
    tally.add(VALID, Codes.of(Outcome.TIMEOUT), 0, false, 30_000, true);
    tally.add(VALID, Codes.of(Outcome.SOAP_FAULT), 1_000, true, 2_000, true);
    tally.add(Codes.of(Validity.NEGATIVE_DIFFERENCE), SUCCESS, 1_000, true, -5, true);
    tally.add(
        Codes.of(Validity.NEGATIVE_DIFFERENCE), Codes.of(Outcome.REFUSED), 0, false, 0, false);
    tally.add(Codes.of(Validity.MISSING_TIMESTAMP), SUCCESS, 0, false, 0, false);

    QosStatistics stats = tally.statistics(WINDOW);

    assertThat(stats.requests()).isEqualTo(2);
    assertThat(stats.succeeded()).isZero();
    assertThat(stats.failedByOutcome())
        .containsEntry(Outcome.TIMEOUT, 1L)
        .containsEntry(Outcome.SOAP_FAULT, 1L)
        .containsEntry(Outcome.REFUSED, 0L);
    assertThat(stats.invalidByReason())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(Validity.NEGATIVE_DIFFERENCE, 2L, Validity.MISSING_TIMESTAMP, 1L));
    assertThat(stats.response()).isEqualTo(TimeStats.EMPTY);
    assertThat(stats.distribution()).containsExactly(0L, 0L, 0L);
    assertThat(stats.availability()).isZero();
  }

  @Test
  void aSuccessWithoutTheProvidersTimesHasAResponseButNoExecutionOrCommunication()
      throws SQLException {
    WindowTally tally = new WindowTally(WINDOW.buckets(), 16);
    tally.add(VALID, SUCCESS, 0, false, 15_000, true);
    tally.add(VALID, SUCCESS, 2_000, true, 25_000, true);

    QosStatistics stats = tally.statistics(WINDOW);

    assertThat(stats.response()).isEqualTo(TimeStats.of(new long[] {15_000, 25_000}, 2));
    assertThat(stats.execution()).isEqualTo(TimeStats.of(new long[] {2_000}, 1));
    assertThat(stats.communication()).isEqualTo(TimeStats.of(new long[] {23_000}, 1));
    assertThat(stats.distribution()).containsExactly(0L, 1L, 1L);
  }

  @Test
  void pastTheLimitTheValuesAreDroppedAndTheGivenPercentilesAreUsed() throws SQLException {
    int n = 3_000;
    long[] responses = new long[n];
    WindowTally tally = new WindowTally(WINDOW.buckets(), 2_000);
    for (int i = 0; i < n; i++) {
      responses[i] = 1_000L * ((i * 13L) % 997);
      tally.add(VALID, SUCCESS, 0, false, responses[i], true);
    }
    assertThat(tally.percentilesNeeded()).isTrue();
    assertThat(tally.counts()).containsExactly(0, 0, n);
    // Not the sample's: what the database would have said, told apart from what was counted here.
    long[] given = {7, 8, 9};
    tally.percentiles(new long[][] {new long[3], new long[3], given});

    TimeStats response = tally.statistics(WINDOW).response();

    TimeStats expected = TimeStats.of(responses, n);
    assertThat(response.count()).isEqualTo(n);
    assertThat(response.minMicros()).isEqualTo(expected.minMicros());
    assertThat(response.maxMicros()).isEqualTo(expected.maxMicros());
    assertThat(response.meanMicros()).isEqualTo(expected.meanMicros());
    assertThat(new long[] {response.p50Micros(), response.p95Micros(), response.p99Micros()})
        .containsExactly(given);
  }

  @Test
  void withinTheLimitNoPercentilesAreNeeded() throws SQLException {
    WindowTally tally = new WindowTally(WINDOW.buckets(), 2);
    tally.add(VALID, SUCCESS, 1, true, 3, true);
    tally.add(VALID, SUCCESS, 2, true, 4, true);
    tally.add(VALID, Codes.of(Outcome.TIMEOUT), 0, false, 4, true);

    assertThat(tally.percentilesNeeded()).isFalse();
    assertThat(tally.statistics(WINDOW).response()).isEqualTo(TimeStats.of(new long[] {3, 4}, 2));
  }

  @Test
  void anUnknownCodeIsRefusedWithItsName() {
    WindowTally tally = new WindowTally(WINDOW.buckets(), 16);

    assertThatThrownBy(() -> tally.add(VALID, 99, 0, false, 0, false))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("outcome code 99");
    assertThatThrownBy(() -> tally.add(-1, SUCCESS, 0, false, 0, false))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("validity code -1");
  }
}
