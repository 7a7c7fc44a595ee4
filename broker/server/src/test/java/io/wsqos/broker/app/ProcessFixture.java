package io.wsqos.broker.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.broker.rest.RestClient;
import io.wsqos.broker.rest.RestClient.Answer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What the tests of broker processes do over REST: a provider with one endpoint, and reads. */
final class ProcessFixture {

  static final String PORT_TYPE = "{http://wsqos.io/examples}Bookstore";
  static final String SELECT = "/api/select?service=%7Bhttp://wsqos.io/examples%7DBookstore";

  private ProcessFixture() {}

  /** A provider's token and the endpoint it registered for the bookstore. */
  record Publisher(String token, long endpointId) {}

  /** Registers a provider named {@code name}, the bookstore service and one endpoint: 3 writes. */
  static Publisher publisher(RestClient rest, String name) {
    Answer registered =
        rest.post("/api/providers", BrokerProcess.ADMIN, new Requests.ProviderName(name));
    assertThat(registered.status()).as(registered.toString()).isEqualTo(201);
    ProviderRegistration provider = registered.as(ProviderRegistration.class);
    Answer service =
        rest.post(
            "/api/services",
            provider.token(),
            Map.of("portType", PORT_TYPE, "wsdlLocation", "http://books.test/b?wsdl"));
    assertThat(service.status()).as(service.toString()).isEqualTo(201);
    Answer endpoint =
        rest.post(
            "/api/endpoints",
            provider.token(),
            Map.of(
                "providerId", provider.provider().id(),
                "serviceId", service.as(Service.class).id(),
                "address", "http://books.test/" + name,
                "bindings", List.of("soap11")));
    assertThat(endpoint.status()).as(endpoint.toString()).isEqualTo(201);
    return new Publisher(provider.token(), endpoint.as(Endpoint.class).id());
  }

  /** The JSON terms of an offer, every field derived from {@code k}; see {@link #k(Offer)}. */
  static Map<String, Object> terms(long k) {
    return Map.of(
        "price",
        String.format("%d.%02d", k / 100, k % 100),
        "currency",
        "EUR",
        "maxResponseTimeMillis",
        1000 + k,
        "availability",
        0.99,
        "throughputPerSecond",
        k);
  }

  /**
   * The {@code k} of {@link #terms(long)} an offer was written with, checking that every field
   * agrees: an offer stored in part would fail here.
   */
  static long k(Offer offer) {
    long k = (long) offer.terms().throughputPerSecond();
    assertThat(offer.terms().maxResponseTimeMillis()).as("%s", offer).isEqualTo(1000 + k);
    assertThat(offer.terms().price().movePointRight(2).longValueExact())
        .as("%s", offer)
        .isEqualTo(k);
    assertThat(offer.terms().currency().getCurrencyCode()).as("%s", offer).isEqualTo("EUR");
    assertThat(offer.terms().availability()).as("%s", offer).isEqualTo(0.99);
    return k;
  }

  /** Every offer, page by page. */
  static List<Offer> offers(RestClient rest) {
    List<Offer> offers = new ArrayList<>();
    long after = 0;
    while (true) {
      Answer page = rest.get("/api/offers?limit=1000&after=" + after, BrokerProcess.ADMIN);
      assertThat(page.status()).as(page.toString()).isEqualTo(200);
      for (var item : page.json().get("items")) {
        offers.add(RestClient.JSON.convertValue(item, Offer.class));
      }
      var next = page.json().get("nextAfter");
      if (next == null || next.isNull()) {
        return offers;
      }
      after = next.asLong();
    }
  }

  /** A selection of the bookstore with no bounds: every offer of the service in euros. */
  static Selection select(RestClient rest) {
    Answer answer = rest.get(SELECT, null);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.as(Selection.class);
  }
}
