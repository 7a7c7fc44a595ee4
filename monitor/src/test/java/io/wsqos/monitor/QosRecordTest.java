package io.wsqos.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class QosRecordTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final long NOW_MICROS = ChronoUnit.MICROS.between(Instant.EPOCH, NOW);

  static QosRecord.Builder requester() {
    return QosRecord.builder("Bookstore", "getBook", "http://127.0.0.1:1/bookstore", Side.REQUESTER)
        .recordedAt(NOW);
  }

  @Test
  void derivedTimesAreDifferencesOnOneClockOnly() {
    // The provider's clock is an hour and a bit behind: t2 < t1 across clocks is fine.
    QosRecord record =
        requester().t1(NOW_MICROS - 50_000).t2(1_000_000).t3(1_012_000).t4(NOW_MICROS).build();

    assertThat(record.isValid()).isTrue();
    assertThat(record.executionMicros()).hasValue(12_000);
    assertThat(record.responseMicros()).hasValue(50_000);
    assertThat(record.communicationMicros()).hasValue(38_000);
  }

  @Test
  void requesterRecordThatNeverReachedTheProviderIsValidWithoutExecutionTime() {
    QosRecord record =
        requester().outcome(Outcome.REFUSED).t1(NOW_MICROS - 2_000).t4(NOW_MICROS).build();

    assertThat(record.validity()).isEqualTo(Validity.VALID);
    assertThat(record.responseMicros()).hasValue(2_000);
    assertThat(record.executionMicros()).isEmpty();
    assertThat(record.communicationMicros()).isEmpty();
  }

  @Test
  void providerRecordNeedsOnlyItsOwnStampsAndHasNoResponseTime() {
    QosRecord record =
        QosRecord.builder("Bookstore", "getBook", "/bookstore", Side.PROVIDER)
            .recordedAt(NOW)
            .t1(5)
            .t2(NOW_MICROS - 9_000)
            .t3(NOW_MICROS)
            .build();

    assertThat(record.isValid()).isTrue();
    assertThat(record.executionMicros()).hasValue(9_000);
    assertThat(record.responseMicros()).isEmpty();
  }

  @Test
  void successWithoutProviderStampsIsMissing() {
    assertThat(requester().t1(NOW_MICROS - 10).t4(NOW_MICROS).build().validity())
        .isEqualTo(Validity.MISSING_TIMESTAMP);
  }

  @Test
  void t2WithoutT3IsMissingEvenForAFailure() {
    QosRecord record =
        requester().outcome(Outcome.TIMEOUT).t1(NOW_MICROS - 10).t2(3).t4(NOW_MICROS).build();

    assertThat(record.validity()).isEqualTo(Validity.MISSING_TIMESTAMP);
  }

  @Test
  void requesterWithoutT1OrT4IsMissing() {
    assertThat(requester().t2(1).t3(2).t4(NOW_MICROS).build().validity())
        .isEqualTo(Validity.MISSING_TIMESTAMP);
    assertThat(requester().t1(NOW_MICROS).t2(1).t3(2).build().validity())
        .isEqualTo(Validity.MISSING_TIMESTAMP);
  }

  @Test
  void stampOnOwnClockBeyondTheToleranceIsFromTheFuture() {
    QosRecord.Builder justInside =
        requester().t1(NOW_MICROS).t2(1).t3(2).t4(NOW_MICROS + 1_000_000);
    QosRecord.Builder justBeyond =
        requester().t1(NOW_MICROS).t2(1).t3(2).t4(NOW_MICROS + 1_000_001);

    assertThat(justInside.build().validity()).isEqualTo(Validity.VALID);
    assertThat(justBeyond.build().validity()).isEqualTo(Validity.FUTURE_TIMESTAMP);
    assertThat(justBeyond.futureTolerance(Duration.ofSeconds(2)).build().validity())
        .isEqualTo(Validity.VALID);
  }

  @Test
  void providerStampsFarAheadOnTheRequesterSideCannotBeCheckedAgainstItsClock() {
    // t2/t3 are on the provider's clock: a requester cannot call them "future".
    QosRecord record =
        requester()
            .t1(NOW_MICROS - 100)
            .t2(NOW_MICROS + 3_000_000_000L)
            .t3(NOW_MICROS + 3_000_000_050L)
            .t4(NOW_MICROS)
            .build();

    assertThat(record.validity()).isEqualTo(Validity.VALID);
  }

  @Test
  void negativeDifferencesAreInvalid() {
    assertThat(requester().t1(NOW_MICROS).t2(10).t3(20).t4(NOW_MICROS - 1).build().validity())
        .isEqualTo(Validity.NEGATIVE_DIFFERENCE);
    assertThat(requester().t1(NOW_MICROS - 100).t2(20).t3(10).t4(NOW_MICROS).build().validity())
        .isEqualTo(Validity.NEGATIVE_DIFFERENCE);
  }

  @Test
  void executionLongerThanResponseIsInvalid() {
    QosRecord record = requester().t1(NOW_MICROS - 100).t2(0).t3(101).t4(NOW_MICROS).build();

    assertThat(record.validity()).isEqualTo(Validity.EXECUTION_EXCEEDS_RESPONSE);
    assertThat(record.executionMicros()).isEmpty();
    assertThat(record.responseMicros()).isEmpty();
  }

  @Test
  void hugeValuesAreInvalid() {
    long hour = QosRecord.MAX_PLAUSIBLE_MICROS;
    assertThat(requester().t1(NOW_MICROS - hour - 1).t2(0).t3(1).t4(NOW_MICROS).build().validity())
        .isEqualTo(Validity.HUGE_VALUE);
    assertThat(
            requester()
                .t1(NOW_MICROS - 100)
                .t2(0)
                .t3(Long.MAX_VALUE)
                .t4(NOW_MICROS)
                .build()
                .validity())
        .isEqualTo(Validity.HUGE_VALUE);
  }

  @Test
  void negativeStampsAreMalformed() {
    assertThat(requester().t1(NOW_MICROS - 100).t2(-5).t3(1).t4(NOW_MICROS).build().validity())
        .isEqualTo(Validity.MALFORMED_TIMESTAMP);
  }

  @Test
  void findingsOfTheHeaderReaderAreKept() {
    QosRecord record =
        requester()
            .t1(NOW_MICROS - 100)
            .t2(1)
            .t3(2)
            .t4(NOW_MICROS)
            .invalid(Validity.DUPLICATE_TIMESTAMP)
            .build();

    assertThat(record.validity()).isEqualTo(Validity.DUPLICATE_TIMESTAMP);
    assertThatThrownBy(() -> requester().invalid(Validity.VALID))
        .hasMessage("reason: VALID (expected: a reason for invalidity)");
  }

  @Test
  void constructorCannotClaimValidityForBrokenTimestamps() {
    QosRecord record =
        new QosRecord(
            NOW,
            "s",
            "o",
            "e",
            Side.REQUESTER,
            Outcome.SUCCESS,
            10,
            1,
            2,
            5,
            -1,
            -1,
            Validity.VALID);

    assertThat(record.validity()).isEqualTo(Validity.NEGATIVE_DIFFERENCE);
  }

  @Test
  void badArgumentsSayWhatWasExpected() {
    assertThatThrownBy(() -> QosRecord.builder(" ", "o", "e", Side.REQUESTER).build())
        .hasMessage("service: ' ' of length 1 (expected: not blank, at most 1024 characters)");
    assertThatThrownBy(() -> requester().sizes(-2, 0).t1(1).t4(2).build())
        .hasMessage("requestBytes: -2 (expected: >= 0, or -1 when unknown)");
    assertThatThrownBy(() -> requester().futureTolerance(Duration.ofSeconds(-1)))
        .hasMessage("futureTolerance: PT-1S (expected: 0..PT1H)");
  }
}
