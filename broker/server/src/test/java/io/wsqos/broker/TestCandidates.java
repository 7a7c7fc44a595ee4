package io.wsqos.broker;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Service;
import java.net.URI;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * Index entries for tests of what listens to the offer index: one service, {@code {urn:x}Books}.
 */
public final class TestCandidates {

  private TestCandidates() {}

  /**
   * Offer {@code id} at {@code version}, by provider 1 named {@code provider}, at an endpoint of
   * its own.
   */
  public static Candidate offer(
      long id, long version, String provider, String price, String currency) {
    Service service =
        new Service(1, new QName("urn:x", "Books"), URI.create("http://books.example/?wsdl"));
    Endpoint endpoint =
        new Endpoint(id, 1, 1, URI.create("http://books.example/" + id), Set.of(Binding.SOAP_1_1));
    OfferTerms terms =
        OfferTerms.builder()
            .price(price, currency)
            .availability(0.99)
            .maxResponseTimeMillis(200)
            .throughputPerSecond(50)
            .build();
    return new Candidate(
        new Provider(1, provider), service, endpoint, new Offer(id, id, version, terms));
  }
}
