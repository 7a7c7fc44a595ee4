package io.wsqos.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.monitor.Outcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestCountsTest {

  @Test
  void missingOutcomesCountZeroAndDroppedAndQueueTimedOutRequestsCountAsDueButNotSent() {
    RequestCounts counts =
        new RequestCounts(Map.of(Outcome.SUCCESS, 7L, Outcome.TIMEOUT, 3L), 2, 5, 4);

    assertThat(counts.count(Outcome.REFUSED)).isZero();
    assertThat(counts.sent()).isEqualTo(10);
    assertThat(counts.requests()).isEqualTo(19);
    assertThat(counts.succeeded()).isEqualTo(7);
    assertThat(RequestCounts.columnNames())
        .containsExactly(
            "success",
            "soap_fault",
            "transport_error",
            "timeout",
            "refused",
            "http_error",
            "busy",
            "connect_timeout",
            "dropped",
            "queue_timeout");
    assertThat(counts.columnValues()).containsExactly(7L, 0L, 0L, 3L, 0L, 0L, 0L, 2L, 5L, 4L);
  }

  @Test
  void connectTimeoutsAreSomeOfTheTimeouts() {
    assertThatThrownBy(() -> new RequestCounts(Map.of(Outcome.TIMEOUT, 1L), 2, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("connectTimeouts: 2 (expected: 0..1, the timeouts)");
    assertThatThrownBy(() -> new RequestCounts(Map.of(), 0, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("dropped: -1 (expected: >= 0)");
    assertThatThrownBy(() -> new RequestCounts(Map.of(), 0, 0, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queueTimeouts: -1 (expected: >= 0)");
  }
}
