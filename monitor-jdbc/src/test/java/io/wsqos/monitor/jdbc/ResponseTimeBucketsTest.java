package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseTimeBucketsTest {

  @Test
  void table3BucketsAreUnderOneSecondUpToTenSecondsAndOver() {
    ResponseTimeBuckets buckets = ResponseTimeBuckets.table3();

    assertThat(buckets.size()).isEqualTo(11);
    assertThat(buckets.labels())
        .containsExactly(
            "<1s", "<2s", "<3s", "<4s", "<5s", "<6s", "<7s", "<8s", "<9s", "<10s", ">=10s");
    assertThat(buckets.indexOf(999_999)).isZero();
    assertThat(buckets.indexOf(1_000_000)).isEqualTo(1);
    assertThat(buckets.indexOf(10_000_000)).isEqualTo(10);
  }

  @Test
  void customBucketsMustAscend() {
    assertThat(
            ResponseTimeBuckets.of(List.of(Duration.ofMillis(5), Duration.ofMillis(50))).labels())
        .containsExactly("<5ms", "<50ms", ">=50ms");
    assertThatThrownBy(
            () -> ResponseTimeBuckets.of(List.of(Duration.ofSeconds(2), Duration.ofSeconds(1))))
        .hasMessage("upperBounds: [PT2S, PT1S] (expected: >= 1 us and strictly ascending)");
  }
}
