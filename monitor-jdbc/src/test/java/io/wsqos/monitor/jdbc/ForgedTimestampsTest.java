package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.Validity;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.diagnosis.DiagnosisRule;
import io.wsqos.testing.db.TestDatabase;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every forged or broken timestamp case of the issue (item 6) yields a record that is stored and
 * counted as invalid but reaches neither the statistics, the timers nor the diagnosis. Duplicated,
 * unparsable and CR/LF stamps are found by the header reader, which marks the record.
 */
class ForgedTimestampsTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final long NOW_MICROS = ChronoUnit.MICROS.between(Instant.EPOCH, NOW);

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  TestDatabase database;

  @BeforeEach
  void createDatabase() {
    database = TestDatabase.h2().migrated(MonitorSchema::migrate);
  }

  @AfterEach
  void dropDatabase() throws Exception {
    database.close();
  }

  /** An honest exchange: t1 50 ms before now, 10 ms of execution. */
  static QosRecord.Builder honest() {
    return QosRecord.builder("Bookstore", "getBook", "http://127.0.0.1:1/bookstore", Side.REQUESTER)
        .recordedAt(NOW)
        .t1(NOW_MICROS - 50_000)
        .t2(7_000_000)
        .t3(7_010_000)
        .t4(NOW_MICROS);
  }

  static Stream<Arguments> forgeries() {
    return Stream.of(
        forged("t2 missing", b -> b.t2(QosRecord.ABSENT), Validity.MISSING_TIMESTAMP),
        forged(
            "t2 and t3 missing on a success",
            b -> b.t2(QosRecord.ABSENT).t3(QosRecord.ABSENT),
            Validity.MISSING_TIMESTAMP),
        forged("t1 missing", b -> b.t1(QosRecord.ABSENT), Validity.MISSING_TIMESTAMP),
        forged(
            "t3 duplicated",
            b -> b.invalid(Validity.DUPLICATE_TIMESTAMP),
            Validity.DUPLICATE_TIMESTAMP),
        forged(
            "t2 unparsable",
            b -> b.invalid(Validity.MALFORMED_TIMESTAMP),
            Validity.MALFORMED_TIMESTAMP),
        forged(
            "t3 with CR/LF",
            b -> b.invalid(Validity.MALFORMED_TIMESTAMP),
            Validity.MALFORMED_TIMESTAMP),
        forged("t2 negative", b -> b.t2(-1), Validity.MALFORMED_TIMESTAMP),
        forged("t4 from the future", b -> b.t4(NOW_MICROS + 60_000_000), Validity.FUTURE_TIMESTAMP),
        forged(
            "t1 from the future",
            b -> b.t1(NOW_MICROS + 2_000_000).t4(NOW_MICROS + 2_050_000),
            Validity.FUTURE_TIMESTAMP),
        forged("t3 before t2", b -> b.t3(6_990_000), Validity.NEGATIVE_DIFFERENCE),
        forged("t4 before t1", b -> b.t1(NOW_MICROS + 1), Validity.NEGATIVE_DIFFERENCE),
        forged(
            "execution longer than response",
            b -> b.t3(7_060_000),
            Validity.EXECUTION_EXCEEDS_RESPONSE),
        forged("huge execution", b -> b.t2(0).t3(Long.MAX_VALUE), Validity.HUGE_VALUE),
        forged("huge response", b -> b.t1(0).t2(0).t3(1), Validity.HUGE_VALUE));
  }

  static Arguments forged(String name, UnaryOperator<QosRecord.Builder> forge, Validity expected) {
    return Arguments.of(name, forge, expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forgeries")
  void forgedSampleIsKeptAsInvalidAndNeverCounted(
      String name, UnaryOperator<QosRecord.Builder> forge, Validity expected) throws SQLException {
    Diagnosis diagnosis =
        Diagnosis.builder(registry)
            .rule(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(40), 1))
            .scheduled(false)
            .build();
    QosLog log =
        QosLog.builder(registry)
            .store(JdbcRecordStore.builder().url(database.url(), "", "").build())
            .listener(diagnosis)
            .build();
    QosRecord forged = forge.apply(honest()).build();

    log.record(forged);
    log.close();
    QosStatistics stats =
        new QosAnalysis(database.dataSource())
            .analyze(QosQuery.window(NOW.minusSeconds(60), NOW.plusSeconds(60)));

    assertThat(forged.validity()).isEqualTo(expected);
    assertThat(forged.executionMicros()).isEmpty();
    assertThat(forged.responseMicros()).isEmpty();
    assertThat(stats.invalidByReason()).isEqualTo(Map.of(expected, 1L));
    assertThat(stats.requests()).isZero();
    assertThat(stats.response().count()).isZero();
    assertThat(registry.find("wsqos.monitor.response").timers()).isEmpty();
    assertThat(
            registry
                .get("wsqos.monitor.records.invalid")
                .tag("reason", expected.name())
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(registry.get("wsqos.monitor.records.written").counter().count()).isEqualTo(1);
    assertThat(diagnosis.closeWindow()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forgeries")
  void theHonestSampleEachForgeryStartsFromIsValidAndWouldAlarm(String name) {
    Diagnosis diagnosis =
        Diagnosis.builder(registry)
            .rule(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(40), 1))
            .scheduled(false)
            .build();
    QosRecord record = honest().build();

    diagnosis.onRecords(List.of(record));

    assertThat(record.responseMicros()).hasValue(50_000);
    assertThat(diagnosis.closeWindow()).hasSize(1);
  }
}
