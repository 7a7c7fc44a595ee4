package io.wsqos.broker.selection;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.TestCandidates;
import io.wsqos.broker.api.Candidate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A gauge per offer in the index: registered as it enters, re-read as it re-prices, gone as it
 * leaves.
 */
class OfferPriceGaugesTest {

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final OfferPriceGauges gauges = new OfferPriceGauges(meters);

  private static Candidate offer(long id, String provider, String price, String currency) {
    return TestCandidates.offer(id, 1, provider, price, currency);
  }

  private List<Gauge> registered() {
    return List.copyOf(meters.find(OfferPriceGauges.NAME).gauges());
  }

  private double price(long offer) {
    return meters.get(OfferPriceGauges.NAME).tag("offer", Long.toString(offer)).gauge().value();
  }

  @Test
  void aGaugePerOfferTaggedWithItsProviderServiceAndCurrency() {
    gauges.indexChanged(1, List.of(offer(7, "Acme", "0.10", "EUR"), offer(8, "Zed", "2", "USD")));

    assertThat(registered()).hasSize(2);
    Gauge acme = meters.get(OfferPriceGauges.NAME).tag("offer", "7").gauge();
    assertThat(acme.getId().getTag("provider")).isEqualTo("Acme");
    assertThat(acme.getId().getTag("service")).isEqualTo("{urn:x}Books");
    assertThat(acme.getId().getTag("currency")).isEqualTo("EUR");
    assertThat(acme.value()).isEqualTo(0.10);
    assertThat(price(8)).isEqualTo(2.0);
  }

  @Test
  void aNewPriceIsReadByTheSameGauge() {
    gauges.indexChanged(1, List.of(offer(7, "Acme", "0.10", "EUR")));
    Gauge before = registered().get(0);

    gauges.indexChanged(2, List.of(offer(7, "Acme", "0.25", "EUR")));

    assertThat(registered()).singleElement().isSameAs(before);
    assertThat(before.value()).isEqualTo(0.25);
  }

  @Test
  void newLabelsReplaceTheGaugeAndAnOfferLeavingTheIndexRemovesIt() {
    gauges.indexChanged(1, List.of(offer(7, "Acme", "0.10", "EUR"), offer(8, "Zed", "1", "EUR")));

    gauges.indexChanged(2, List.of(offer(7, "Acme Ltd", "0.10", "EUR")));

    assertThat(registered())
        .singleElement()
        .satisfies(g -> assertThat(g.getId().getTag("provider")).isEqualTo("Acme Ltd"));

    gauges.indexChanged(3, List.of());

    assertThat(registered()).isEmpty();
  }
}
