package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Serializable;
import java.util.Calendar;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeVoteTest {

  private static final Predictor PREDICTOR = Predictor.create();

  /** A financial service: calendars and strings, so Java serialization's messages are larger. */
  interface Ledger {
    List<Entry> post(List<Entry> entries);
  }

  /** A ledger entry. */
  static final class Entry implements Serializable {
    private static final long serialVersionUID = 1L;
    String account;
    String counterparty;
    String memo;
    Calendar booked;
    Calendar valued;
    Calendar settled;
    double amount;
  }

  /** SOAP's call costs far more than RMI's; each moves a byte in a similar time. */
  private static final CostModel HEAVY_SOAP_CALL =
      new CostModel(new BindingCost(60, 10), new BindingCost(1_000, 20), "test");

  @Test
  void smallCalendarHeavyMessagesAreSmallerOverSoapButFasterOverRmi() {
    Hints hints = Hints.none().withStringLength(19).withNullShare(0.1).withArraySizes(3);

    Prediction bySize = PREDICTOR.predict(Ledger.class, hints);
    TimePrediction byTime = PREDICTOR.predictTime(Ledger.class, hints, HEAVY_SOAP_CALL);

    assertThat(bySize.choice()).isEqualTo(BindingKind.SOAP);
    assertThat(bySize.medianRmiBytes()).isGreaterThan(bySize.medianSoapBytes());
    assertThat(byTime.choice()).isEqualTo(BindingKind.RMI);
    assertThat(byTime.share()).isEqualTo(1.0);
    assertThat(byTime.medianRmiMicros()).isLessThan(byTime.medianSoapMicros());
    assertThat(byTime.model()).isSameAs(HEAVY_SOAP_CALL);
  }

  @Test
  void largeMessagesFlipTheTimeVoteToTheBindingWithFewerBytes() {
    Hints large =
        Hints.none()
            .withMaxMessageBytes(100L << 20)
            .withStringLength(19)
            .withNullShare(0.1)
            .withArraySizes(5_000);

    TimePrediction byTime = PREDICTOR.predictTime(Ledger.class, large, HEAVY_SOAP_CALL);

    assertThat(byTime.choice()).isEqualTo(BindingKind.SOAP);
    assertThat(PREDICTOR.predict(Ledger.class, large).choice()).isEqualTo(BindingKind.SOAP);
  }

  @Test
  void withoutFixedCostsAndEqualCostsPerByteTheTimeVoteIsTheSizeVote() {
    CostModel bytesOnly = new CostModel(new BindingCost(0, 1), new BindingCost(0, 1), "bytes");

    for (Hints hints :
        List.of(Hints.none(), Hints.none().withArraySizes(1), Hints.none().withNullShare(0.8))) {
      assertThat(PREDICTOR.predictTime(Ledger.class, hints, bytesOnly).choice())
          .isEqualTo(PREDICTOR.predict(Ledger.class, hints).choice());
    }
  }

  @Test
  void aCostIsTheFixedPartPlusTheBytesAtTheirRate() {
    BindingCost cost = new BindingCost(100, 20);

    assertThat(cost.micros(0)).isEqualTo(100);
    assertThat(cost.micros(50_000)).isEqualTo(1_100);
    assertThat(cost.describe()).isEqualTo("100.0 µs + 20.00 ns/B");
  }

  @Test
  void badCostsAreRefusedWithWhatWasExpected() {
    assertThatThrownBy(() -> new BindingCost(-1, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("fixedMicros: -1.0 (expected: a finite number >= 0)");
    assertThatThrownBy(() -> new BindingCost(1, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("nanosPerByte: NaN (expected: a finite number >= 0)");
    assertThatThrownBy(
            () -> CostModel.defaults().with(BindingKind.LOCAL, new BindingCost(1, 1), "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kind: local (expected: rmi or soap, the bindings the cost model covers)");
  }

  @Test
  void theDefaultsAreTheDocumentedConstants() {
    CostModel defaults = CostModel.defaults();

    assertThat(defaults.rmi())
        .isEqualTo(
            new BindingCost(
                CostModel.DEFAULT_RMI_FIXED_MICROS, CostModel.DEFAULT_RMI_NANOS_PER_BYTE));
    assertThat(defaults.soap())
        .isEqualTo(
            new BindingCost(
                CostModel.DEFAULT_SOAP_FIXED_MICROS, CostModel.DEFAULT_SOAP_NANOS_PER_BYTE));
    assertThat(defaults.source()).isEqualTo("defaults");
  }

  @Test
  void aCalibrationLineGoesThroughItsTwoPoints() {
    BindingCost cost = Calibration.line(2_000, 100, 12_000, 1_100);

    assertThat(cost.nanosPerByte()).isEqualTo(10.0);
    assertThat(cost.fixedMicros()).isEqualTo(1.0);
    assertThat(Calibration.line(5_000, 100, 4_000, 1_100)).isEqualTo(new BindingCost(5, 0));
    assertThatThrownBy(() -> Calibration.line(1, 100, 2, 100))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("largeBytes: 100.0 (expected: more than smallBytes 100.0)");
  }

  @Test
  void calibrationSettingsOutOfRangeAreRefused() {
    assertThatThrownBy(() -> Calibration.builder().measuredCalls(0))
        .hasMessage("measuredCalls: 0 (expected: 1..10000)");
    assertThatThrownBy(() -> Calibration.builder().largeItems(1))
        .hasMessage("largeItems: 1 (expected: 2..100000)");
    assertThatThrownBy(() -> Calibration.builder().warmupCalls(-1))
        .hasMessage("warmupCalls: -1 (expected: 0..10000)");
  }
}
