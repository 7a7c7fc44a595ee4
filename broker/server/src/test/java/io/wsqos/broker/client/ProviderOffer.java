package io.wsqos.broker.client;

import static io.wsqos.broker.registry.ProviderCheck.ANY;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.service.Caller;
import java.net.URI;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * Provider Acme's offer for {@code portType} in a test's broker, and a broker client with Acme's
 * token: what a provider reporting its measurements starts from.
 */
record ProviderOffer(Offer offer, BrokerClient provider) {

  static ProviderOffer publish(
      BrokerStack broker, QName portType, long maxResponseTimeMillis, double availability) {
    Registry registry = broker.registry();
    ProviderRegistration acme =
        broker.service().registerProvider(Caller.bearer(BrokerStack.ADMIN_TOKEN), "Acme");
    long service = registry.registerService(portType, URI.create("http://h/w")).id();
    Endpoint endpoint =
        registry.registerEndpoint(
            acme.provider().id(),
            service,
            URI.create("http://127.0.0.1:9/" + portType.getLocalPart()),
            Set.of(Binding.SOAP_1_1),
            ANY);
    Offer offer =
        registry.publishOffer(
            endpoint.id(),
            OfferTerms.builder()
                .price("0.10", "EUR")
                .maxResponseTimeMillis(maxResponseTimeMillis)
                .availability(availability)
                .throughputPerSecond(100)
                .build(),
            ANY);
    return new ProviderOffer(
        offer, BrokerClient.builder(URI.create(broker.address())).token(acme.token()).build());
  }
}
