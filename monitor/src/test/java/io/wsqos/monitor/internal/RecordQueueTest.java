package io.wsqos.monitor.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RecordQueueTest {

  private static QosRecord record(int i) {
    return QosRecord.builder("Svc", "op" + i, "http://127.0.0.1/x", Side.PROVIDER)
        .recordedAt(Instant.EPOCH.plusSeconds(i))
        .build();
  }

  @Test
  void drainsOldestFirstAndNoMoreThanAsked() {
    RecordQueue queue = new RecordQueue(10);
    for (int i = 0; i < 5; i++) {
      assertThat(queue.offer(record(i))).isTrue();
    }
    List<QosRecord> out = new ArrayList<>();

    assertThat(queue.drainTo(out, 3)).isEqualTo(3);
    assertThat(out).extracting(QosRecord::operation).containsExactly("op0", "op1", "op2");
    assertThat(queue.size()).isEqualTo(2);
    assertThat(queue.drainTo(out)).isEqualTo(2);
    assertThat(queue.isEmpty()).isTrue();
    assertThat(queue.drainTo(out)).isZero();
  }

  @Test
  void theBoundHoldsExactlyUnderConcurrentProducers() throws Exception {
    int capacity = 1_000;
    int threads = 8;
    int perThread = 5_000;
    RecordQueue queue = new RecordQueue(capacity);
    QosRecord record = record(1);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> accepted = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        accepted.add(
            pool.submit(
                () -> {
                  start.await();
                  int n = 0;
                  for (int i = 0; i < perThread; i++) {
                    n += queue.offer(record) ? 1 : 0;
                  }
                  return n;
                }));
      }
      start.countDown();
      int total = 0;
      for (Future<Integer> f : accepted) {
        total += f.get(30, TimeUnit.SECONDS);
      }

      assertThat(total).isEqualTo(capacity);
      assertThat(queue.size()).isEqualTo(capacity);
      assertThat(queue.drainTo(new ArrayList<>())).isEqualTo(capacity);
      assertThat(queue.offer(record)).isTrue();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void refusesACapacityBelowOne() {
    assertThatThrownBy(() -> new RecordQueue(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("capacity: 0");
  }
}
