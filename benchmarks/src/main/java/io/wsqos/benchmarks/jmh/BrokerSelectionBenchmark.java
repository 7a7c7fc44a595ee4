package io.wsqos.benchmarks.jmh;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One selection by the broker in process ({@link OfferSelector#select}): the index lookup, the hard
 * constraints, the ranking and the tie spreading, with no I/O; next to a {@link HashMap} lookup of
 * a service's precomputed best offer, the floor of any in-memory answer. The registry is an H2
 * in-memory database filled through the registry's API in the set-up; the benchmark measures
 * neither that nor any API layer (SOAP, REST) around the selector.
 *
 * <p>{@code set}: {@code paper} is the seed's broker test set (section 7.2: four providers, 22
 * services, 27 offers; the seed lists no terms, so they are generated here): service {@code i} has
 * an offer by provider {@code i % 4}, and services 0-4 a second one by provider {@code (i + 1) %
 * 4}, in equal terms for services 0 and 1 (ties) and different ones for 2-4. {@code large} is
 * 30,000 offers over 10,000 services, three providers' offers per service, out of 100 providers.
 * The requirements cycle through every service with four kinds of bounds (none, a price, a response
 * time with an availability, a transport class and compression), some of which no offer meets.
 * {@code meters}: whether selections are timed into a Prometheus registry, as the launcher does.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar BrokerSelectionBenchmark -f 1 -wi 3 -i
 * 5}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class BrokerSelectionBenchmark {

  private static final String NAMESPACE = "http://wsqos.io/benchmarks/broker";

  @Param({"paper", "large"})
  public String set;

  /**
   * {@code none}: the selector counts into nothing (its default); {@code prometheus}: into a
   * Prometheus registry, as the launcher runs it, so each selection also records its timer.
   */
  @Param({"none", "prometheus"})
  public String meters;

  private Registry registry;
  private OfferSelector selector;
  private QName[] services;
  private QosRequirement[] requirements;
  private Map<QName, Candidate> bestByService;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    registry =
        Registry.builder().url("jdbc:h2:mem:broker-benchmark-" + System.nanoTime(), "", "").build();
    List<QName> portTypes =
        switch (set) {
          case "paper" -> fillPaperSet();
          case "large" -> fillLarge(10_000, 3, 100);
          default ->
              throw new IllegalArgumentException("set: " + set + " (expected: paper, large)");
        };
    OfferSelector.Builder builder = OfferSelector.builder(registry);
    switch (meters) {
      case "none" -> {}
      case "prometheus" ->
          builder.meterRegistry(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
      default ->
          throw new IllegalArgumentException("meters: " + meters + " (expected: none, prometheus)");
    }
    selector = builder.build();
    services = portTypes.toArray(new QName[0]);
    requirements = new QosRequirement[services.length];
    bestByService = new HashMap<>();
    for (int i = 0; i < services.length; i++) {
      requirements[i] = requirement(i);
      bestByService.put(
          services[i], selector.select(services[i], requirement(0)).best().orElseThrow());
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    selector.close();
    registry.close();
  }

  @Benchmark
  public Candidate baselineMapLookup() {
    int i = next();
    return bestByService.get(services[i]);
  }

  @Benchmark
  public Selection select() {
    int i = next();
    return selector.select(services[i], requirements[i]);
  }

  private int next() {
    int i = next;
    next = i + 1 == services.length ? 0 : i + 1;
    return i;
  }

  /** Four kinds of requirement, by service index. */
  private static QosRequirement requirement(int i) {
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

  private static OfferTerms terms(int variant) {
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

  private List<QName> fillPaperSet() {
    List<Provider> providers = new ArrayList<>();
    for (int p = 0; p < 4; p++) {
      providers.add(registry.registerProvider("provider " + p));
    }
    List<QName> portTypes = new ArrayList<>();
    for (int i = 0; i < 22; i++) {
      Service service = service(i);
      portTypes.add(service.portType());
      offer(providers.get(i % 4), service, terms(i));
      if (i < 5) {
        offer(providers.get((i + 1) % 4), service, terms(i < 2 ? i : i + 1));
      }
    }
    return portTypes;
  }

  private List<QName> fillLarge(int serviceCount, int offersPerService, int providerCount) {
    List<Provider> providers = new ArrayList<>();
    for (int p = 0; p < providerCount; p++) {
      providers.add(registry.registerProvider("provider " + p));
    }
    List<QName> portTypes = new ArrayList<>();
    for (int i = 0; i < serviceCount; i++) {
      Service service = service(i);
      portTypes.add(service.portType());
      for (int k = 0; k < offersPerService; k++) {
        offer(providers.get((i + k) % providerCount), service, terms(i + k));
      }
    }
    return portTypes;
  }

  private Service service(int i) {
    return registry.registerService(
        new QName(NAMESPACE, "Service" + i), URI.create("http://127.0.0.1:8080/s" + i + "?wsdl"));
  }

  private void offer(Provider provider, Service service, OfferTerms terms) {
    Endpoint endpoint =
        registry.registerEndpoint(
            provider.id(),
            service.id(),
            URI.create("http://127.0.0.1:9000/p" + provider.id() + "/s" + service.id()),
            Set.of(Binding.SOAP_1_1));
    registry.publishOffer(endpoint.id(), terms);
  }
}
