package io.wsqos.core.header;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class QosValuesTest {

  @Test
  void enumsParseTheirOwnTokensOnly() {
    for (CompressionPreference preference : CompressionPreference.values()) {
      assertThat(CompressionPreference.fromToken(preference.token())).contains(preference);
    }
    for (TransportPriority priority : TransportPriority.values()) {
      assertThat(TransportPriority.fromToken(priority.token())).contains(priority);
    }
    for (SkipReason reason : SkipReason.values()) {
      assertThat(SkipReason.fromToken(reason.token())).contains(reason);
    }

    assertThat(CompressionPreference.fromToken("SERVER_DECIDES")).isEmpty();
    assertThat(CompressionPreference.fromToken(" compress")).isEmpty();
    assertThat(TransportPriority.fromToken("Assured")).isEmpty();
    assertThat(SkipReason.fromToken("")).isEmpty();
  }

  @Test
  void tokensAreTheWireForms() {
    assertThat(CompressionPreference.SERVER_DECIDES.token()).isEqualTo("server-decides");
    assertThat(TransportPriority.BEST_EFFORT.token()).isEqualTo("best-effort");
    assertThat(SkipReason.LOAD_ABOVE_THRESHOLD.token()).isEqualTo("load-above-threshold");
  }

  @Test
  void termsRejectAvailabilityOutsideZeroToOne() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> QosTerms.builder().minAvailability(1.7).build())
        .withMessage("minAvailability: 1.7 (expected: 0..1)");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> QosTerms.builder().minAvailability(Double.NaN).build())
        .withMessage("minAvailability: NaN (expected: 0..1)");
  }

  @Test
  void termsRejectNegativeOrTooPrecisePricesAndOutOfRangeResponseTimes() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> QosTerms.builder().maxPrice(new BigDecimal("-0.01")).build())
        .withMessage("maxPrice: -0.01 (expected: >= 0)");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> QosTerms.builder().maxPrice(new BigDecimal("0.0000001")).build())
        .withMessage("maxPrice: 0.0000001 (expected: at most 12 integer and 6 fraction digits)");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> QosTerms.builder().maxResponseTimeMillis(0).build())
        .withMessage("maxResponseTimeMillis: 0 (expected: 1..86400000)");
  }

  @Test
  void termsNormalisePricesSoThatEqualPricesAreEqual() {
    QosTerms a = QosTerms.builder().maxPrice(new BigDecimal("0.50")).build();
    QosTerms b = QosTerms.builder().maxPrice(new BigDecimal("0.5")).build();

    assertThat(a).isEqualTo(b);
    assertThat(QosTerms.builder().maxPrice(new BigDecimal("0.000")).build().maxPrice())
        .contains(BigDecimal.ZERO);
  }

  @Test
  void termsDefaultToBestEffortWithNoBounds() {
    QosTerms terms = QosTerms.builder().build();

    assertThat(terms).isEqualTo(QosTerms.of(TransportPriority.BEST_EFFORT));
    assertThat(terms.maxPrice()).isEmpty();
    assertThat(terms.maxResponseTimeMillis()).isEmpty();
    assertThat(terms.minAvailability()).isEmpty();
  }

  @Test
  void timestampsRejectNegativeMicros() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MonitoringTimestamps.EMPTY.withT3(-1))
        .withMessage("t3: -1 (expected: >= 0 microseconds since the epoch)");
  }

  @Test
  void timestampWithersSetOneStampEach() {
    MonitoringTimestamps stamps = MonitoringTimestamps.EMPTY.withT1(1).withT2(2).withT4(4);

    assertThat(stamps.t1()).hasValue(1);
    assertThat(stamps.t2()).hasValue(2);
    assertThat(stamps.t3()).isEmpty();
    assertThat(stamps.t4()).hasValue(4);
  }

  @Test
  void serverActionRejectsDscpOutsideSixBits() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ServerAction.NONE.withDscp(64))
        .withMessage("dscp: 64 (expected: 0..63)");
  }

  @Test
  void compressionActionIsEitherAppliedOrSkippedWithAWellFormedCodec() {
    assertThat(CompressionAction.applied("gzip").isApplied()).isTrue();
    assertThat(CompressionAction.skipped(SkipReason.BODY_TOO_SMALL).isApplied()).isFalse();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> CompressionAction.applied("GZIP"))
        .withMessage("codec: 'GZIP' (expected: 1..32 of a-z 0-9 . + -, starting with a-z or 0-9)");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                new CompressionAction(
                    java.util.Optional.of("gzip"),
                    java.util.Optional.of(SkipReason.BODY_TOO_SMALL)))
        .withMessage("codec: gzip, skipReason: body-too-small (expected: exactly one)");
  }
}
