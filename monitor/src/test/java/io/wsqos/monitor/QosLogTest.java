package io.wsqos.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.diagnosis.Alarm;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.diagnosis.DiagnosisRule;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The logging manager's own behaviour, over a store in memory. */
class QosLogTest {

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final TestStore store = new TestStore();

  @AfterEach
  void noWriterLeft() {
    // Every writer is gone: nothing leaked.
    await().until(() -> threadsStartingWith(QosLog.DEFAULT_THREAD_NAME) == 0);
  }

  static long threadsStartingWith(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
        .count();
  }

  static long threadsNamed(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().equals(name))
        .count();
  }

  QosLog.Builder builder() {
    return QosLog.builder(registry).store(store).flushInterval(Duration.ofMillis(10));
  }

  static QosRecord record(long responseMillis) {
    Instant now = Instant.now();
    long t4 = ChronoUnit.MICROS.between(Instant.EPOCH, now);
    return QosRecord.builder("Bookstore", "getBook", "http://127.0.0.1:1/bookstore", Side.REQUESTER)
        .recordedAt(now)
        .t1(t4 - responseMillis * 1_000)
        .t2(10)
        .t3(20)
        .t4(t4)
        .build();
  }

  double counter(String name) {
    return registry.get(name).counter().count();
  }

  @Test
  void closeStopsTheWriterClosesTheStoreAndTheLogRefusesLaterRecords() {
    QosLog log = builder().build();

    log.close();
    log.close();
    boolean accepted = log.record(record(5));

    assertThat(accepted).isFalse();
    assertThat(counter("wsqos.monitor.records.dropped")).isEqualTo(1);
    assertThat(threadsNamed(QosLog.DEFAULT_THREAD_NAME)).isZero();
    assertThat(store.closes()).isEqualTo(1);
  }

  @Test
  void aLogNeedsAStore() {
    assertThatThrownBy(() -> QosLog.builder(registry).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("store: not set");
  }

  @Test
  void aRefusedBatchIsRetriedAndNothingIsLostWhenTheStoreRecovers() {
    QosLog log = builder().storeInterval(Duration.ZERO).retries(20, Duration.ofMillis(5)).build();
    store.failing(true);
    log.record(record(5));
    log.record(record(5));
    await().until(() -> counter("wsqos.monitor.write.failures") >= 2);

    store.failing(false);
    await().until(() -> counter("wsqos.monitor.records.written") == 2);
    log.close();

    assertThat(store.records()).hasSize(2);
    assertThat(counter("wsqos.monitor.records.lost")).isZero();
  }

  @Test
  void aBatchRefusedAtEveryAttemptIsCountedLostOnce() {
    QosLog log =
        builder()
            .storeInterval(Duration.ZERO)
            .batchSize(10)
            .retries(3, Duration.ofMillis(1))
            .build();
    store.failing(true);
    for (int i = 0; i < 4; i++) {
      log.record(record(5));
    }
    await().until(() -> counter("wsqos.monitor.records.lost") == 4);
    log.close();

    assertThat(counter("wsqos.monitor.write.failures")).isEqualTo(store.attempts());
    // Three attempts for each batch the four records made.
    assertThat(store.attempts()).isPositive();
    assertThat(store.attempts() % 3).isZero();
    assertThat(counter("wsqos.monitor.records.written")).isZero();
  }

  @Test
  void closeStopsRetryingAfterItsTimeoutInsteadOfWaitingOutTheBackoff() {
    QosLog log =
        builder()
            .storeInterval(Duration.ZERO)
            .retries(20, Duration.ofSeconds(10))
            .closeTimeout(Duration.ofMillis(100))
            .build();
    store.failing(true);
    log.record(record(5));
    await().until(() -> counter("wsqos.monitor.write.failures") == 1);

    assertTimeoutPreemptively(Duration.ofSeconds(30), log::close);

    await().until(() -> counter("wsqos.monitor.records.lost") == 1);
    assertThat(threadsNamed(QosLog.DEFAULT_THREAD_NAME)).isZero();
  }

  @Test
  void twoLogsOnOneRegistryKeepTheirOwnCountersAndQueueGauge() throws Exception {
    TestStore other = new TestStore();
    QosLog first = builder().threadName("wsqos-monitor-writer-a").build();
    QosLog second =
        QosLog.builder(registry)
            .store(other)
            .threadName("wsqos-monitor-writer-b")
            .flushInterval(Duration.ofMillis(10))
            .batchSize(1)
            .storeInterval(Duration.ZERO)
            .build();
    try {
      first.record(record(5));
      first.record(record(5));
      // The second log's writer stuck in its first insert: its next record stays queued.
      try (TestStore.Hold hold = other.hold()) {
        second.record(record(5));
        await().until(() -> second.queued() == 0);
        second.record(record(5));

        assertThat(gauge("wsqos.monitor.queue.size", "wsqos-monitor-writer-b")).isEqualTo(1);
        assertThat(gauge("wsqos.monitor.queue.size", "wsqos-monitor-writer-a")).isZero();
      }
    } finally {
      first.close();
      second.close();
    }

    assertThat(writtenBy("wsqos-monitor-writer-a")).isEqualTo(2);
    assertThat(writtenBy("wsqos-monitor-writer-b")).isEqualTo(2);
  }

  double gauge(String name, String log) {
    return registry.get(name).tag(QosLog.LOG_TAG, log).gauge().value();
  }

  double writtenBy(String log) {
    return registry.get("wsqos.monitor.records.written").tag(QosLog.LOG_TAG, log).counter().count();
  }

  @Test
  void closeGivesUpAfterItsTimeoutAndCountsWhatItCouldNotWrite() throws Exception {
    QosLog log =
        builder()
            .queueCapacity(100)
            .batchSize(1)
            .storeInterval(Duration.ZERO)
            .closeTimeout(Duration.ofMillis(100))
            .build();
    TestStore.Hold hold = store.hold();
    log.record(record(5));
    await().until(() -> log.queued() == 0);
    for (int i = 0; i < 5; i++) {
      log.record(record(5));
    }

    assertTimeoutPreemptively(Duration.ofSeconds(30), log::close);
    double lostAtClose = counter("wsqos.monitor.records.lost");
    hold.close();

    // The five queued records are lost at once; the one in flight is written or lost later.
    assertThat(lostAtClose).isGreaterThanOrEqualTo(5);
    await()
        .until(
            () ->
                counter("wsqos.monitor.records.lost") + counter("wsqos.monitor.records.written")
                    == 6);
  }

  @Test
  void closeGivingUpCountsTheUnstoredRecordsLostWhenTheWriterEnds() throws Exception {
    QosLog log =
        builder()
            .storeInterval(Duration.ofSeconds(60))
            .closeTimeout(Duration.ofMillis(100))
            .build();
    for (int i = 0; i < 6; i++) {
      log.record(record(5));
    }
    await().until(() -> log.unstored() == 6);
    TestStore.Hold hold = store.hold();

    assertTimeoutPreemptively(Duration.ofSeconds(30), log::close);
    hold.close();

    // Stored before the hold took effect, or lost; never both, never neither.
    await()
        .until(
            () ->
                counter("wsqos.monitor.records.lost") + counter("wsqos.monitor.records.written")
                    == 6);
    assertThat(counter("wsqos.monitor.records.dropped")).isZero();
  }

  @Test
  void aBatchLargerThanTheQueueStillWaitsUnstoredAndIsStored() throws Exception {
    // The writer drains the one-record queue every tick while a batch of up to 4 fills.
    QosLog log =
        builder()
            .queueCapacity(1)
            .batchSize(4)
            .flushInterval(Duration.ofSeconds(2))
            .storeInterval(Duration.ofSeconds(60))
            .build();
    for (int i = 0; i < 4; i++) {
      assertThat(log.record(record(5))).isTrue();
      await().until(() -> log.queued() == 0);
    }
    await().until(() -> log.unstored() == 4);

    log.close();

    assertThat(counter("wsqos.monitor.records.written")).isEqualTo(4);
    assertThat(counter("wsqos.monitor.records.lost")).isZero();
    assertThat(counter("wsqos.monitor.records.dropped")).isZero();
  }

  @Test
  void listenersSeeEveryBatchAndFeedTheDiagnosis() {
    List<Alarm> alarms = new CopyOnWriteArrayList<>();
    Diagnosis diagnosis =
        Diagnosis.builder(registry)
            .rule(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(100), 1))
            .listener(alarms::add)
            .scheduled(false)
            .build();
    QosLog log = builder().listener(diagnosis).build();

    for (int i = 0; i < 10; i++) {
      log.record(record(300));
    }
    log.close();
    diagnosis.closeWindow();
    diagnosis.close();

    assertThat(alarms)
        .singleElement()
        .satisfies(alarm -> assertThat(alarm.observed()).isEqualTo(300.0));
  }

  @Test
  void timersCarryTheDerivedTimesTaggedByWhatWasCalled() {
    QosLog log = builder().build();

    log.record(record(40));
    log.close();

    assertThat(
            registry
                .get("wsqos.monitor.communication")
                .tag("service", "Bookstore")
                .tag("operation", "getBook")
                .tag("endpoint", "http://127.0.0.1:1/bookstore")
                .tag("side", "requester")
                .tag("outcome", "success")
                .timer()
                .totalTime(TimeUnit.MICROSECONDS))
        .isEqualTo(40_000 - 10);
  }

  @Test
  void recordsFromManyThreadsAreAllWrittenByTheOneWriter() throws Exception {
    int threads = 4;
    int perThread = 2_000;
    QosLog log = builder().queueCapacity(threads * perThread).batchSize(250).build();
    List<Thread> callers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      callers.add(
          new Thread(
              () -> {
                for (int i = 0; i < perThread; i++) {
                  log.record(record(5));
                }
              }));
    }

    callers.forEach(Thread::start);
    for (Thread caller : callers) {
      caller.join();
    }
    log.close();

    assertThat(store.records()).hasSize(threads * perThread);
    assertThat(counter("wsqos.monitor.records.dropped")).isZero();
  }

  @Test
  void builderChecksItsSettings() {
    assertThatThrownBy(() -> QosLog.builder(registry).queueCapacity(0))
        .hasMessage("queueCapacity: 0 (expected: 1..10000000)");
    assertThatThrownBy(() -> QosLog.builder(registry).batchSize(10_001))
        .hasMessage("batchSize: 10001 (expected: 1..10000)");
    assertThatThrownBy(() -> QosLog.builder(registry).flushInterval(Duration.ZERO))
        .hasMessage("flushInterval: 0 ms (expected: 1..60000 ms)");
    assertThatThrownBy(() -> QosLog.builder(registry).storeInterval(Duration.ofMillis(-1)))
        .hasMessage("storeInterval: -1 ms (expected: 0..60000 ms)");
    assertThatThrownBy(() -> QosLog.builder(registry).storeInterval(Duration.ofSeconds(61)))
        .hasMessage("storeInterval: 61000 ms (expected: 0..60000 ms)");
    assertThatThrownBy(() -> QosLog.builder(registry).retries(0, Duration.ofMillis(5)))
        .hasMessage("maxAttempts: 0 (expected: 1..20)");
    assertThatThrownBy(() -> QosLog.builder(registry).writerPriority(0))
        .hasMessage("writerPriority: 0 (expected: 1..10)");
  }

  @Test
  void theWriterStartsWithTheFirstRecordAtTheLowestPriorityUnlessToldOtherwise() throws Exception {
    try (QosLog low = builder().threadName("wsqos-monitor-low").build();
        QosLog normal =
            builder()
                .threadName("wsqos-monitor-normal")
                .writerPriority(Thread.NORM_PRIORITY)
                .build()) {
      assertThat(threads("wsqos-monitor-low")).isEmpty();
      assertThat(threads("wsqos-monitor-normal")).isEmpty();

      assertThat(low.record(record(5))).isTrue();
      assertThat(normal.record(record(5))).isTrue();

      assertThat(thread("wsqos-monitor-low").getPriority()).isEqualTo(Thread.MIN_PRIORITY);
      assertThat(thread("wsqos-monitor-normal").getPriority()).isEqualTo(Thread.NORM_PRIORITY);
    }
  }

  @Test
  void aLogClosedBeforeItsFirstRecordStartsNoThreadAndClosesItsStore() {
    QosLog log = builder().threadName("wsqos-monitor-unused").build();

    log.close();
    log.close();

    assertThat(threads("wsqos-monitor-unused")).isEmpty();
    assertThat(log.record(record(5))).isFalse();
  }

  private static java.util.List<Thread> threads(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals(name) && t.isAlive())
        .toList();
  }

  private static Thread thread(String name) {
    return threads(name).stream().findFirst().orElseThrow();
  }
}
