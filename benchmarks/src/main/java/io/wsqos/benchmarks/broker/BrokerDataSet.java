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
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * The broker's benchmark data sets, the one place every broker benchmark (in process and over HTTP)
 * takes its registry contents and requirements from.
 *
 * <p>{@link #PAPER} is the seed's broker test set (section 7.2 of {@code 000_49aae6b7688bc2eb.txt}:
 * four providers, 22 services, 27 offers; the seed lists no terms, so they are generated here):
 * service {@code i} has an offer by provider {@code i % 4}, and services 0-4 a second one by
 * provider {@code (i + 1) % 4}, in equal terms for services 0 and 1 (ties) and different ones for
 * 2-4. {@link #LARGE} is 30,000 offers over 10,000 services, three providers' offers per service,
 * out of 100 providers. Every offer is priced in EUR.
 */
public enum BrokerDataSet {
  PAPER("paper", 22),
  LARGE("large", 10_000);

  /** The namespace of every service's port type. */
  public static final String NAMESPACE = "http://wsqos.io/benchmarks/broker";

  private final String token;
  private final int serviceCount;

  BrokerDataSet(String token, int serviceCount) {
    this.token = token;
    this.serviceCount = serviceCount;
  }

  /** The set named {@code token} ({@code paper} or {@code large}). */
  public static BrokerDataSet of(String token) {
    return Arrays.stream(values())
        .filter(s -> s.token.equals(token))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("set: " + token + " (expected: paper, large)"));
  }

  /** The name the options and reports use. */
  public String token() {
    return token;
  }

  /** How many services the set has. */
  public int serviceCount() {
    return serviceCount;
  }

  /** The port type of service {@code i} (0-based), registered or not. */
  public static QName portType(int i) {
    return new QName(NAMESPACE, "Service" + i);
  }

  /**
   * Registers the set's providers, services, endpoints and offers in {@code registry} (which should
   * be empty) and returns the services' port types in order.
   */
  public List<QName> fill(Registry registry) {
    return fill(registry, serviceCount);
  }

  /**
   * Registers the set's providers and its first {@code services} services with their endpoints and
   * offers, as {@link #fill(Registry)} would, and returns their port types.
   */
  public List<QName> fill(Registry registry, int services) {
    if (services < 1 || services > serviceCount) {
      throw new IllegalArgumentException(
          "services: " + services + " (expected: 1 to " + serviceCount + ")");
    }
    return switch (this) {
      case PAPER -> fillPaper(registry, services);
      case LARGE -> fillLarge(registry, services, 3, 100);
    };
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

  private static List<QName> fillPaper(Registry registry, int serviceCount) {
    List<Provider> providers = new ArrayList<>();
    for (int p = 0; p < 4; p++) {
      providers.add(registry.registerProvider("provider " + p));
    }
    List<QName> portTypes = new ArrayList<>();
    for (int i = 0; i < serviceCount; i++) {
      Service service = service(registry, i);
      portTypes.add(service.portType());
      offer(registry, providers.get(i % 4), service, terms(i));
      if (i < 5) {
        offer(registry, providers.get((i + 1) % 4), service, terms(i < 2 ? i : i + 1));
      }
    }
    return portTypes;
  }

  private static List<QName> fillLarge(
      Registry registry, int serviceCount, int offersPerService, int providerCount) {
    List<Provider> providers = new ArrayList<>();
    for (int p = 0; p < providerCount; p++) {
      providers.add(registry.registerProvider("provider " + p));
    }
    List<QName> portTypes = new ArrayList<>();
    for (int i = 0; i < serviceCount; i++) {
      Service service = service(registry, i);
      portTypes.add(service.portType());
      for (int k = 0; k < offersPerService; k++) {
        offer(registry, providers.get((i + k) % providerCount), service, terms(i + k));
      }
    }
    return portTypes;
  }

  private static Service service(Registry registry, int i) {
    return registry.registerService(
        portType(i), URI.create("http://127.0.0.1:8080/s" + i + "?wsdl"));
  }

  private static void offer(
      Registry registry, Provider provider, Service service, OfferTerms terms) {
    Endpoint endpoint =
        registry.registerEndpoint(
            provider.id(),
            service.id(),
            URI.create("http://127.0.0.1:9000/p" + provider.id() + "/s" + service.id()),
            Set.of(Binding.SOAP_1_1),
            ProviderCheck.ANY);
    registry.publishOffer(endpoint.id(), terms, ProviderCheck.ANY);
  }
}
