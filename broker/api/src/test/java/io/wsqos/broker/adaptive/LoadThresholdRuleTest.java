package io.wsqos.broker.adaptive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.adaptive.LoadThresholdRule.Term;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.core.InvalidValueException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadThresholdRuleTest {

  private static final OfferTerms TERMS =
      OfferTerms.builder()
          .price("0.30", "EUR")
          .maxResponseTimeMillis(200)
          .availability(0.99)
          .throughputPerSecond(60)
          .build();

  private static List<String> pricePath(OfferRule rule, OfferTerms start, double... loads) {
    List<String> prices = new ArrayList<>();
    OfferTerms terms = start;
    for (double load : loads) {
      terms = rule.apply(terms, load);
      prices.add(terms.price().toPlainString());
    }
    return prices;
  }

  @Test
  void theSeedRuleRaisesThePriceFromEightyPercentAndLowersItFromSeventy() {
    List<String> path =
        pricePath(OfferRule.seed(), TERMS, 0.75, 0.80, 0.95, 0.85, 0.75, 0.70, 0.40, 0.10, 0.0);

    assertThat(path).containsExactly("0.3", "0.4", "0.5", "0.6", "0.6", "0.5", "0.4", "0.3", "0.2");
  }

  @Test
  void aConstantLoadMovesThePriceOneWayOnlyAtEachThreshold() {
    double[] atHigh = {0.80, 0.80, 0.80, 0.80};
    double[] atLow = {0.70, 0.70, 0.70, 0.70};
    double[] between = {0.75, 0.75, 0.75, 0.75};

    assertThat(pricePath(OfferRule.seed(), TERMS, atHigh))
        .containsExactly("0.4", "0.5", "0.6", "0.7");
    assertThat(pricePath(OfferRule.seed(), TERMS, atLow)).containsExactly("0.2", "0.1", "0", "0");
    assertThat(pricePath(OfferRule.seed(), TERMS, between))
        .containsExactly("0.3", "0.3", "0.3", "0.3");
  }

  @Test
  void thePriceStaysWithinItsFloorAndCeiling() {
    OfferRule rule =
        LoadThresholdRule.builder(Term.PRICE)
            .floor(new BigDecimal("0.20"))
            .ceiling(new BigDecimal("0.45"))
            .build();

    assertThat(pricePath(rule, TERMS, 0.9, 0.9, 0.9)).containsExactly("0.4", "0.45", "0.45");
    assertThat(pricePath(rule, TERMS, 0.1, 0.1, 0.1)).containsExactly("0.2", "0.2", "0.2");
  }

  @Test
  void unchangedTermsAreTheSameInstanceSoThatNothingIsWritten() {
    assertThat(OfferRule.seed().apply(TERMS, 0.75)).isSameAs(TERMS);
    assertThat(OfferRule.seed().apply(TERMS, Double.NaN)).isSameAs(TERMS);
  }

  @Test
  void responseTimeRisesAndThroughputFallsUnderLoadAndTheOtherTermsStay() {
    OfferRule rule =
        LoadThresholdRule.builder(Term.MAX_RESPONSE_TIME_MILLIS)
            .step(new BigDecimal(100))
            .build()
            .andThen(LoadThresholdRule.builder(Term.THROUGHPUT_PER_SECOND).build());

    OfferTerms loaded = rule.apply(TERMS, 0.9);
    OfferTerms relieved = rule.apply(loaded, 0.2);

    assertThat(loaded.maxResponseTimeMillis()).isEqualTo(300);
    assertThat(loaded.throughputPerSecond()).isEqualTo(55.0);
    assertThat(loaded.price()).isEqualByComparingTo("0.30");
    assertThat(loaded.availability()).isEqualTo(0.99);
    assertThat(relieved.maxResponseTimeMillis()).isEqualTo(200);
    assertThat(relieved.throughputPerSecond()).isEqualTo(60.0);
  }

  @Test
  void throughputStopsAtItsFloorAndResponseTimeAtTheLargestATermMayHold() {
    OfferTerms slow =
        OfferTerms.builder()
            .price("1", "EUR")
            .maxResponseTimeMillis(io.wsqos.core.header.QosTerms.MAX_RESPONSE_TIME_MILLIS - 10)
            .availability(0.9)
            .throughputPerSecond(3)
            .build();
    OfferRule rule =
        LoadThresholdRule.builder(Term.MAX_RESPONSE_TIME_MILLIS)
            .build()
            .andThen(LoadThresholdRule.builder(Term.THROUGHPUT_PER_SECOND).build());

    OfferTerms loaded = rule.apply(slow, 1.0);

    assertThat(loaded.maxResponseTimeMillis())
        .isEqualTo(io.wsqos.core.header.QosTerms.MAX_RESPONSE_TIME_MILLIS);
    assertThat(loaded.throughputPerSecond()).isEqualTo(1.0);
  }

  @Test
  void badSettingsNameTheFieldAndWhatWasExpected() {
    assertThatThrownBy(() -> LoadThresholdRule.builder(Term.PRICE).thresholds(0.7, 0.8))
        .isInstanceOf(InvalidValueException.class)
        .hasMessageContaining("lowLoad")
        .hasMessageContaining("< highLoad");
    assertThatThrownBy(() -> LoadThresholdRule.builder(Term.PRICE).thresholds(Double.NaN, 0.1))
        .isInstanceOf(InvalidValueException.class)
        .hasMessageContaining("highLoad");
    assertThatThrownBy(() -> LoadThresholdRule.builder(Term.PRICE).step(BigDecimal.ZERO))
        .isInstanceOf(InvalidValueException.class)
        .hasMessageContaining("step");
    assertThatThrownBy(
            () ->
                LoadThresholdRule.builder(Term.PRICE)
                    .floor(BigDecimal.ONE)
                    .ceiling(new BigDecimal("0.5"))
                    .build())
        .isInstanceOf(InvalidValueException.class)
        .hasMessageContaining("ceiling");
    assertThatThrownBy(
            () ->
                LoadThresholdRule.builder(Term.THROUGHPUT_PER_SECOND)
                    .floor(BigDecimal.ZERO)
                    .build())
        .isInstanceOf(InvalidValueException.class)
        .hasMessageContaining("floor");
    assertThatThrownBy(
            () ->
                LoadThresholdRule.builder(Term.MAX_RESPONSE_TIME_MILLIS)
                    .step(new BigDecimal("0.5"))
                    .build())
        .isInstanceOf(InvalidValueException.class)
        .hasMessageContaining("whole milliseconds");
  }
}
