package io.wsqos.benchmarks.broker;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.registry.ProviderCheck;
import io.wsqos.broker.registry.Registry;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * The broker benchmarks' registry contents and requirements, in process and over HTTP. {@link
 * #PAPER} is the seed's test set (four providers, 22 services, 27 offers, terms generated: services
 * 0-4 have a second offer, in equal terms for 0 and 1); {@link #LARGE} is three offers per service
 * over 10,000 services, out of 100 providers.
 */
public enum BrokerDataSet {
  PAPER(22, 4, "22 services, 27 offers"),
  LARGE(10_000, 100, "30,000 offers over 10,000 services, 100 providers");

  /** The namespace of every service's port type. */
  public static final String NAMESPACE = "http://wsqos.io/benchmarks/broker";

  private final int serviceCount;
  private final int providerCount;
  private final String description;

  BrokerDataSet(int serviceCount, int providerCount, String description) {
    this.serviceCount = serviceCount;
    this.providerCount = providerCount;
    this.description = description;
  }

  /** The set named {@code token} ({@code paper} or {@code large}). */
  public static BrokerDataSet of(String token) {
    for (BrokerDataSet set : values()) {
      if (set.token().equals(token)) {
        return set;
      }
    }
    throw new IllegalArgumentException("set: " + token + " (expected: paper, large)");
  }

  /** The name the options and reports use. */
  public String token() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Its size, for a report. */
  public String description() {
    return description;
  }

  public int serviceCount() {
    return serviceCount;
  }

  /** The port type of service {@code i} (0-based), registered or not. */
  public static QName portType(int i) {
    return new QName(NAMESPACE, "Service" + i);
  }

  /** Registers the whole set in an empty {@code registry}; returns the services' port types. */
  public List<QName> fill(Registry registry) {
    return fill(registry, serviceCount);
  }

  /** Registers the set's providers and its first {@code services} services with their offers. */
  public List<QName> fill(Registry registry, int services) {
    if (services < 1 || services > serviceCount) {
      throw new IllegalArgumentException(
          "services: " + services + " (expected: 1 to " + serviceCount + ")");
    }
    List<Provider> providers = new ArrayList<>();
    for (int p = 0; p < providerCount; p++) {
      providers.add(registry.registerProvider("provider " + p));
    }
    List<QName> portTypes = new ArrayList<>();
    for (int i = 0; i < services; i++) {
      Service service =
          registry.registerService(
              portType(i), URI.create("http://127.0.0.1:8080/s" + i + "?wsdl"));
      portTypes.add(service.portType());
      int offers = this == LARGE ? 3 : i < 5 ? 2 : 1;
      for (int k = 0; k < offers; k++) {
        Provider provider = providers.get((i + k) % providerCount);
        Endpoint endpoint =
            registry.registerEndpoint(
                provider.id(),
                service.id(),
                URI.create("http://127.0.0.1:9000/p" + provider.id() + "/s" + service.id()),
                Set.of(Binding.SOAP_1_1),
                ProviderCheck.ANY);
        // The paper set's second offers of services 0 and 1 tie with their first.
        int variant = this == LARGE ? i + k : k == 1 && i >= 2 ? i + 1 : i;
        registry.publishOffer(endpoint.id(), terms(variant), ProviderCheck.ANY);
      }
    }
    return portTypes;
  }

  /**
   * Four kinds of requirement, by service index: none but the defaults, a price, a response time
   * with an availability, a transport class with compression; the last three some offers miss.
   */
  public static QosRequirement requirement(int i) {
    return switch (i % 4) {
      case 0 ->
          QosRequirement.of(CompressionPreference.SERVER_DECIDES, TransportPriority.BEST_EFFORT);
      case 1 ->
          QosRequirement.of(
              CompressionPreference.SERVER_DECIDES,
              QosTerms.builder().maxPrice(new BigDecimal("0.15")).build());
      case 2 ->
          QosRequirement.of(
              CompressionPreference.NONE,
              QosTerms.builder().maxResponseTimeMillis(300).minAvailability(0.99).build());
      default ->
          QosRequirement.of(
              CompressionPreference.COMPRESS,
              QosTerms.builder().transportPriority(TransportPriority.ASSURED).build());
    };
  }

  /** The generated terms number {@code variant}: five response times, three prices, two classes. */
  public static OfferTerms terms(int variant) {
    return OfferTerms.builder()
        .price(BigDecimal.valueOf(5 + variant % 3 * 5, 2), OfferTerms.currency("EUR"))
        .maxResponseTimeMillis(100 + variant % 5 * 100L)
        .availability(variant % 2 == 0 ? 0.999 : 0.98)
        .throughputPerSecond(25)
        .transportPriorities(
            variant % 3 == 0
                ? Set.of(TransportPriority.BEST_EFFORT, TransportPriority.ASSURED)
                : Set.of(TransportPriority.BEST_EFFORT))
        .compression(variant % 2 == 0)
        .build();
  }
}
