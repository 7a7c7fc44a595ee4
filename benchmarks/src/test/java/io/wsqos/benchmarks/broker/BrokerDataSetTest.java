package io.wsqos.benchmarks.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.registry.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class BrokerDataSetTest {

  /** An offer as the tests read it: its service's index, its provider's name, its terms. */
  private record Placed(int service, String provider, OfferTerms terms) {}

  @Test
  void paperSetHasTheSeedsFourProvidersTwentyTwoServicesAndTwentySevenOffers() {
    try (Registry registry = newRegistry()) {
      List<QName> services = BrokerDataSet.PAPER.fill(registry);

      assertThat(services).hasSize(22).startsWith(BrokerDataSet.portType(0));
      assertThat(registry.providers(0, 1000).items()).hasSize(4);
      Map<Integer, List<Placed>> offers = offersByService(registry);
      assertThat(offers.values().stream().mapToInt(List::size).sum()).isEqualTo(27);
      for (int i = 0; i < 22; i++) {
        List<Placed> own = offers.get(i);
        assertThat(own).hasSize(i < 5 ? 2 : 1);
        assertThat(own.get(0))
            .isEqualTo(new Placed(i, "provider " + i % 4, BrokerDataSet.terms(i)));
        if (i < 5) {
          // Services 0 and 1 tie: their second offer's terms equal their first's.
          assertThat(own.get(1))
              .isEqualTo(
                  new Placed(i, "provider " + (i + 1) % 4, BrokerDataSet.terms(i < 2 ? i : i + 1)));
        }
      }
    }
  }

  @Test
  void largeSetPlacesThreeOffersPerServiceByConsecutiveProvidersOfAHundred() {
    try (Registry registry = newRegistry()) {
      List<QName> services = BrokerDataSet.LARGE.fill(registry, 120);

      assertThat(services).hasSize(120);
      assertThat(registry.providers(0, 1000).items()).hasSize(100);
      Map<Integer, List<Placed>> offers = offersByService(registry);
      for (int i = 0; i < 120; i++) {
        List<Placed> expected = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
          expected.add(new Placed(i, "provider " + (i + k) % 100, BrokerDataSet.terms(i + k)));
        }
        assertThat(offers.get(i)).isEqualTo(expected);
      }
    }
  }

  @Test
  void setsAreNamedByTheirTokensAndRefuseOthers() {
    assertThat(BrokerDataSet.of("paper")).isSameAs(BrokerDataSet.PAPER);
    assertThat(BrokerDataSet.of("large").token()).isEqualTo("large");
    assertThatThrownBy(() -> BrokerDataSet.of("huge"))
        .hasMessage("set: huge (expected: paper, large)");
    try (Registry registry = newRegistry()) {
      assertThatThrownBy(() -> BrokerDataSet.PAPER.fill(registry, 23))
          .hasMessage("services: 23 (expected: 1 to 22)");
    }
  }

  private static Registry newRegistry() {
    return Registry.builder()
        .url("jdbc:h2:mem:broker-data-set-test-" + System.nanoTime(), "", "")
        .build();
  }

  /** Every offer by the index of its service, in the order published. */
  private static Map<Integer, List<Placed>> offersByService(Registry registry) {
    Map<Long, Integer> serviceIndex = new TreeMap<>();
    for (Service s : registry.services(0, 1000).items()) {
      serviceIndex.put(s.id(), Integer.parseInt(s.portType().getLocalPart().substring(7)));
    }
    Map<Long, String> providerName = new TreeMap<>();
    for (Provider p : registry.providers(0, 1000).items()) {
      providerName.put(p.id(), p.name());
    }
    Map<Integer, List<Placed>> offers = new TreeMap<>();
    for (Offer offer : registry.offers(0, 1000).items()) {
      Endpoint e = registry.endpoint(offer.endpointId()).orElseThrow();
      int service = serviceIndex.get(e.serviceId());
      offers
          .computeIfAbsent(service, k -> new ArrayList<>())
          .add(new Placed(service, providerName.get(e.providerId()), offer.terms()));
    }
    return offers;
  }
}
