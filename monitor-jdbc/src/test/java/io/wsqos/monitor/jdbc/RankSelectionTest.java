package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.monitor.TimeStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RankSelectionTest {

  @Test
  void everyRankOfShuffledValuesWithTiesIsTheSortedArraysValue() {
    SplittableRandom random = new SplittableRandom(20);
    for (int size = 1; size <= 64; size++) {
      for (int distinct : new int[] {1, 2, 5, 1_000}) {
        long[] values = random.longs(size, -distinct, distinct).toArray();
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        for (int k = 0; k < size; k++) {
          long[] work = values.clone();

          long found = RankSelection.select(work, 0, size, k);

          assertThat(found).as("size %d, k %d", size, k).isEqualTo(sorted[k]);
          for (int i = 0; i < size; i++) {
            if (i < k) {
              assertThat(work[i]).isLessThanOrEqualTo(found);
            } else if (i > k) {
              assertThat(work[i]).isGreaterThanOrEqualTo(found);
            }
          }
          assertThat(Arrays.stream(work).sorted().toArray()).isEqualTo(sorted);
        }
      }
    }
  }

  @Test
  void valuesBeforeTheRankAreAtMostItAndAfterItAtLeast() {
    SplittableRandom random = new SplittableRandom(21);
    long[] values = random.longs(10_000, 0, 300).toArray();
    int k = 9_123;

    long found = RankSelection.select(values, 0, values.length, k);

    assertThat(values[k]).isEqualTo(found);
    assertThat(Arrays.stream(values, 0, k).max().orElseThrow()).isLessThanOrEqualTo(found);
    assertThat(Arrays.stream(values, k + 1, values.length).min().orElseThrow())
        .isGreaterThanOrEqualTo(found);
  }

  @Test
  void orderedAndAdversarialInputsStillGiveTheSortedArraysValue() {
    int n = 20_000;
    List<long[]> inputs = new ArrayList<>();
    long[] ascending = new long[n];
    long[] descending = new long[n];
    long[] organPipe = new long[n];
    long[] sawtooth = new long[n];
    for (int i = 0; i < n; i++) {
      ascending[i] = i;
      descending[i] = n - i;
      organPipe[i] = Math.min(i, n - i);
      sawtooth[i] = i % 17;
    }
    inputs.add(ascending);
    inputs.add(descending);
    inputs.add(organPipe);
    inputs.add(sawtooth);
    inputs.add(new long[n]);
    inputs.add(new long[] {Long.MAX_VALUE, Long.MIN_VALUE, 0, Long.MAX_VALUE, Long.MIN_VALUE});
    for (long[] input : inputs) {
      long[] sorted = input.clone();
      Arrays.sort(sorted);
      for (int k : new int[] {0, input.length / 2, input.length * 95 / 100, input.length - 1}) {
        assertThat(RankSelection.select(input.clone(), 0, input.length, k)).isEqualTo(sorted[k]);
      }
    }
  }

  @Test
  void theNearestRanksAreThoseOfTheInMemorySummary() {
    SplittableRandom random = new SplittableRandom(22);
    for (int size : new int[] {1, 2, 3, 19, 20, 21, 99, 100, 101, 1_000, 65_537}) {
      long[] values = random.longs(size, 0, size / 2 + 2).toArray();
      TimeStats expected = TimeStats.of(values, size);

      long[] ranks = WindowTally.nearestRanks(values.clone(), size);

      assertThat(ranks)
          .as("size %d", size)
          .containsExactly(expected.p50Micros(), expected.p95Micros(), expected.p99Micros());
    }
  }

  @Test
  void aRankOutsideTheRangeIsRefused() {
    assertThatThrownBy(() -> RankSelection.select(new long[3], 0, 3, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("k: 3");
    assertThatThrownBy(() -> RankSelection.select(new long[3], 1, 3, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
