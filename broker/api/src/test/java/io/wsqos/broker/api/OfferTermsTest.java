package io.wsqos.broker.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Currency;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OfferTermsTest {

  static final Currency EUR = Currency.getInstance("EUR");
  static final Instant T = Instant.parse("2026-11-25T12:00:00Z");

  static OfferTerms.Builder terms() {
    return OfferTerms.builder()
        .price("0.10", "EUR")
        .maxResponseTimeMillis(200)
        .availability(0.99)
        .throughputPerSecond(50);
  }

  static QosRequirement requirement(QosTerms.Builder terms) {
    return QosRequirement.of(CompressionPreference.SERVER_DECIDES, terms.build());
  }

  @Test
  void defaultsAreBestEffortWithoutCompressionValidFromTheEpochWithoutEnd() {
    OfferTerms terms = terms().build();

    assertThat(terms.transportPriorities()).containsExactly(TransportPriority.BEST_EFFORT);
    assertThat(terms.compression()).isFalse();
    assertThat(terms.validFrom()).isEqualTo(Instant.EPOCH);
    assertThat(terms.validUntil()).isEmpty();
  }

  @Test
  void pricesAreKeptWithoutTrailingZerosSoEqualPricesAreEqual() {
    assertThat(terms().price("0.50", "EUR").build()).isEqualTo(terms().price("0.5", "EUR").build());
    assertThat(terms().price("0.000", "EUR").build().price()).isEqualTo(BigDecimal.ZERO);
  }

  @Test
  void validityIsKeptToTheMillisecond() {
    OfferTerms terms = terms().validFrom(T.plusNanos(1_234_567)).build();

    assertThat(terms.validFrom()).isEqualTo(T.plusMillis(1));
  }

  @Test
  void eachBadTermIsRefusedNamingIt() {
    assertThatThrownBy(() -> terms().price("-1", "EUR").build())
        .hasMessage("price: -1 (expected: >= 0)");
    assertThatThrownBy(() -> terms().price("0.0000001", "EUR").build())
        .hasMessageStartingWith("price: 0.0000001 (expected: at most 12 integer and 6 fraction");
    assertThatThrownBy(() -> terms().price("abc", "EUR"))
        .hasMessage("price: 'abc' (expected: a decimal)");
    assertThatThrownBy(() -> terms().price("1", "XYZW"))
        .hasMessage("currency: 'XYZW' (expected: an ISO 4217 code such as EUR)");
    assertThatThrownBy(() -> terms().maxResponseTimeMillis(0).build())
        .hasMessage("maxResponseTimeMillis: 0 (expected: 1..86400000)");
    assertThatThrownBy(() -> terms().availability(1.01).build())
        .hasMessage("availability: 1.01 (expected: 0..1)");
    assertThatThrownBy(() -> terms().availability(Double.NaN).build())
        .hasMessage("availability: NaN (expected: 0..1)");
    assertThatThrownBy(() -> terms().throughputPerSecond(0).build())
        .hasMessage("throughputPerSecond: 0.0 (expected: > 0 and <= 1.0E9)");
    assertThatThrownBy(() -> terms().transportPriorities(Set.of()).build())
        .hasMessage("transportPriorities: [] (expected: at least one class)");
    assertThatThrownBy(() -> terms().validFrom(T).validUntil(T).build())
        .hasMessage(
            "validUntil: 2026-11-25T12:00:00Z (expected: after validFrom 2026-11-25T12:00:00Z)");
    assertThatThrownBy(() -> terms().validFrom(Instant.EPOCH.minusSeconds(1)).build())
        .hasMessageStartingWith("validFrom: 1969-12-31T23:59:59Z (expected: ");
    assertThatThrownBy(() -> OfferTerms.builder().price("1", "EUR").build())
        .hasMessage("maxResponseTimeMillis: not set (expected: a value)");
  }

  @Test
  void meetsEveryBoundOfTheRequirementOrNot() {
    OfferTerms terms =
        terms()
            .transportPriorities(TransportPriority.BEST_EFFORT, TransportPriority.ASSURED)
            .build();

    assertThat(terms.meets(requirement(QosTerms.builder()), EUR)).isTrue();
    assertThat(terms.meets(requirement(QosTerms.builder().maxPrice(new BigDecimal("0.1"))), EUR))
        .isTrue();
    assertThat(terms.meets(requirement(QosTerms.builder().maxPrice(new BigDecimal("0.09"))), EUR))
        .isFalse();
    assertThat(terms.meets(requirement(QosTerms.builder().maxResponseTimeMillis(200)), EUR))
        .isTrue();
    assertThat(terms.meets(requirement(QosTerms.builder().maxResponseTimeMillis(199)), EUR))
        .isFalse();
    assertThat(terms.meets(requirement(QosTerms.builder().minAvailability(0.99)), EUR)).isTrue();
    assertThat(terms.meets(requirement(QosTerms.builder().minAvailability(0.991)), EUR)).isFalse();
    assertThat(
            terms.meets(
                requirement(QosTerms.builder().transportPriority(TransportPriority.ASSURED)), EUR))
        .isTrue();
    assertThat(
            terms.meets(
                requirement(QosTerms.builder().transportPriority(TransportPriority.EXPEDITED)),
                EUR))
        .isFalse();
    assertThat(terms.meets(requirement(QosTerms.builder()), Currency.getInstance("USD"))).isFalse();
  }

  @Test
  void onlyACompressingClientNeedsCompressionSupport() {
    OfferTerms without = terms().build();
    OfferTerms with = terms().compression(true).build();
    QosTerms any = QosTerms.of(TransportPriority.BEST_EFFORT);

    assertThat(without.meets(QosRequirement.of(CompressionPreference.COMPRESS, any), EUR))
        .isFalse();
    assertThat(with.meets(QosRequirement.of(CompressionPreference.COMPRESS, any), EUR)).isTrue();
    assertThat(without.meets(QosRequirement.of(CompressionPreference.SERVER_DECIDES, any), EUR))
        .isTrue();
    assertThat(without.meets(QosRequirement.of(CompressionPreference.NONE, any), EUR)).isTrue();
  }

  @Test
  void holdsFromItsStartUntilJustBeforeItsEnd() {
    OfferTerms terms = terms().validFrom(T).validUntil(T.plusSeconds(60)).build();

    assertThat(terms.isValidAt(T.minusMillis(1))).isFalse();
    assertThat(terms.isValidAt(T)).isTrue();
    assertThat(terms.isValidAt(T.plusSeconds(60).minusMillis(1))).isTrue();
    assertThat(terms.isValidAt(T.plusSeconds(60))).isFalse();
  }
}
