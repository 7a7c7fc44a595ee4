package io.wsqos.monitor.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DiagnosisTest {

  static final String SLOW = "http://127.0.0.1:1/slow";
  static final String FAST = "http://127.0.0.1:2/fast";

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final List<Alarm> received = new CopyOnWriteArrayList<>();
  final List<Diagnosis> opened = new ArrayList<>();

  @AfterEach
  void close() {
    opened.forEach(Diagnosis::close);
  }

  Diagnosis manual(DiagnosisRule rule) {
    Diagnosis diagnosis =
        Diagnosis.builder(registry).rule(rule).listener(received::add).scheduled(false).build();
    opened.add(diagnosis);
    return diagnosis;
  }

  /** A requester record with the given execution and response times in ms. */
  static QosRecord call(
      String endpoint, Outcome outcome, long executionMillis, long responseMillis) {
    Instant now = Instant.now();
    long t4 = ChronoUnit.MICROS.between(Instant.EPOCH, now);
    QosRecord.Builder builder =
        QosRecord.builder("Bookstore", "getBook", endpoint, Side.REQUESTER)
            .recordedAt(now)
            .outcome(outcome)
            .t1(t4 - responseMillis * 1_000)
            .t4(t4);
    if (executionMillis >= 0) {
      builder.t2(1_000).t3(1_000 + executionMillis * 1_000);
    }
    return builder.build();
  }

  /** One window: 20 calls to SLOW at {@code slowMillis} and 20 to FAST at 10 ms. */
  static List<QosRecord> window(long slowMillis) {
    List<QosRecord> batch = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      batch.add(call(SLOW, Outcome.SUCCESS, 5, slowMillis));
      batch.add(call(FAST, Outcome.SUCCESS, 5, 10));
    }
    return batch;
  }

  @Test
  void p95AboveThresholdForKConsecutiveWindowsRaisesExactlyOneAlarm() {
    Diagnosis diagnosis = manual(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(500), 3));

    for (int i = 0; i < 3; i++) {
      diagnosis.onRecords(window(800));
      diagnosis.closeWindow();
    }
    diagnosis.onRecords(window(800)); // the episode goes on: no second alarm
    diagnosis.closeWindow();

    assertThat(received)
        .singleElement()
        .satisfies(
            alarm -> {
              assertThat(alarm.endpoint()).isEqualTo(SLOW);
              assertThat(alarm.rule()).isEqualTo("p95-response-time");
              assertThat(alarm.observed()).isEqualTo(800.0);
              assertThat(alarm.limit()).isEqualTo(500.0);
              assertThat(alarm.consecutiveWindows()).isEqualTo(3);
              assertThat(alarm.window().requests()).isEqualTo(20);
            });
    assertThat(
            registry
                .get("wsqos.monitor.alarms")
                .tag("endpoint", SLOW)
                .tag("rule", "p95-response-time")
                .counter()
                .count())
        .isEqualTo(1);
  }

  @Test
  void kMinusOneBadWindowsRaiseNothing() {
    Diagnosis diagnosis = manual(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(500), 3));

    for (int round = 0; round < 3; round++) {
      diagnosis.onRecords(window(800));
      diagnosis.closeWindow();
      diagnosis.onRecords(window(800));
      diagnosis.closeWindow();
      diagnosis.onRecords(window(100)); // a good window ends the run of bad ones
      diagnosis.closeWindow();
    }

    assertThat(received).isEmpty();
    assertThat(registry.find("wsqos.monitor.alarms").counters()).isEmpty();
  }

  @Test
  void aRecoveredEndpointThatDegradesAgainRaisesAgain() {
    Diagnosis diagnosis = manual(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(500), 2));

    for (long millis : new long[] {800, 800, 100, 800, 800}) {
      diagnosis.onRecords(window(millis));
      diagnosis.closeWindow();
    }

    assertThat(received).hasSize(2).allMatch(alarm -> alarm.endpoint().equals(SLOW));
  }

  @Test
  void availabilityBelowTheFloorRaises() {
    Diagnosis diagnosis = manual(DiagnosisRule.availabilityBelow(0.9, 10, 1));
    List<QosRecord> batch = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      batch.add(call(SLOW, Outcome.SUCCESS, 5, 10));
    }
    batch.add(call(SLOW, Outcome.REFUSED, -1, 1));
    batch.add(call(SLOW, Outcome.TIMEOUT, -1, 30));
    batch.add(call(FAST, Outcome.REFUSED, -1, 1)); // 1 request: below minRequests

    diagnosis.onRecords(batch);
    List<Alarm> alarms = diagnosis.closeWindow();

    assertThat(alarms).isEqualTo(received);
    assertThat(alarms)
        .singleElement()
        .satisfies(
            alarm -> {
              assertThat(alarm.endpoint()).isEqualTo(SLOW);
              assertThat(alarm.rule()).isEqualTo("availability");
              assertThat(alarm.observed()).isCloseTo(0.8, within(1e-12));
            });
  }

  @Test
  void busyAnswersAreLeftOutOfTheWindowsSoTheyRaiseNoAvailabilityAlarm() {
    Diagnosis diagnosis = manual(DiagnosisRule.availabilityBelow(0.9, 10, 1));
    List<QosRecord> batch = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      batch.add(call(SLOW, Outcome.SUCCESS, 5, 10));
    }
    for (int i = 0; i < 30; i++) {
      batch.add(call(SLOW, Outcome.BUSY, -1, 1));
    }

    diagnosis.onRecords(batch);
    List<Alarm> alarms = diagnosis.closeWindow();

    assertThat(alarms).isEmpty();
    assertThat(received).isEmpty();
  }

  @Test
  void communicationDominatingResponseTimeRaisesForTheNetworkNotTheProvider() {
    Diagnosis diagnosis =
        manual(DiagnosisRule.communicationDominates(0.8, Duration.ofMillis(100), 1));
    List<QosRecord> batch = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      batch.add(call(SLOW, Outcome.SUCCESS, 50, 500)); // 90% in transit
      batch.add(call(FAST, Outcome.SUCCESS, 400, 500)); // 20% in transit: the provider is slow
    }

    diagnosis.onRecords(batch);
    diagnosis.closeWindow();

    assertThat(received)
        .singleElement()
        .satisfies(
            alarm -> {
              assertThat(alarm.endpoint()).isEqualTo(SLOW);
              assertThat(alarm.rule()).isEqualTo("communication-dominates");
              assertThat(alarm.observed()).isCloseTo(0.9, within(1e-12));
            });
  }

  @Test
  void invalidRecordsAndTheOtherSideAreNotJudged() {
    Diagnosis diagnosis = manual(DiagnosisRule.availabilityBelow(0.99, 1, 1));
    long now = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    QosRecord forged =
        QosRecord.builder("Bookstore", "getBook", SLOW, Side.REQUESTER)
            .outcome(Outcome.TRANSPORT_ERROR)
            .t1(now)
            .t4(now - 1)
            .build();
    QosRecord provider =
        QosRecord.builder("Bookstore", "getBook", SLOW, Side.PROVIDER)
            .outcome(Outcome.SOAP_FAULT)
            .t2(now - 5)
            .t3(now)
            .build();

    diagnosis.onRecords(List.of(forged, provider));
    diagnosis.closeWindow();

    assertThat(forged.isValid()).isFalse();
    assertThat(received).isEmpty();
  }

  @Test
  void aFailingListenerDoesNotStopTheOthers() {
    List<Alarm> second = new ArrayList<>();
    Diagnosis diagnosis =
        Diagnosis.builder(registry)
            .rule(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(500), 1))
            .listener(
                alarm -> {
                  throw new IllegalStateException("listener bug");
                })
            .listener(second::add)
            .scheduled(false)
            .build();
    opened.add(diagnosis);

    diagnosis.onRecords(window(800));
    diagnosis.closeWindow();

    assertThat(second).hasSize(1);
  }

  @Test
  void scheduledWindowsRaiseWithoutBeingAsked() {
    Diagnosis diagnosis =
        Diagnosis.builder(registry)
            .rule(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(500), 1))
            .listener(received::add)
            .window(Duration.ofMillis(50))
            .build();
    opened.add(diagnosis);

    diagnosis.onRecords(window(800));

    await().until(() -> received.size() == 1);
  }

  @Test
  void rulesCheckTheirArguments() {
    assertThatThrownBy(() -> DiagnosisRule.p95ResponseTimeAbove(Duration.ZERO, 1))
        .hasMessage("threshold: PT0S (expected: > 0)");
    assertThatThrownBy(() -> DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(1), 0))
        .hasMessage("consecutiveWindows: 0 (expected: 1..1000)");
    assertThatThrownBy(() -> DiagnosisRule.availabilityBelow(1.5, 1, 1))
        .hasMessage("floor: 1.5 (expected: (0, 1])");
    assertThatThrownBy(() -> Diagnosis.builder(registry).window(Duration.ofMillis(1)))
        .hasMessage("window: 1 ms (expected: 10..3600000 ms)");
  }
}
