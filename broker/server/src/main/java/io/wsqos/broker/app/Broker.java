package io.wsqos.broker.app;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.core.cli.Arguments;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.server.MetricsServlet;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running broker: its registry, selector and {@link BrokerService}, served on one {@link
 * EmbeddedServer} with REST, SOAP and (unless turned off) Prometheus metrics. Start one with {@link
 * #start(Arguments)} from {@link BrokerOptions}; {@link #close()} stops the server, then the
 * selector, then the registry.
 */
public final class Broker implements AutoCloseable {

  /** The path of the metrics in Prometheus' text format. */
  public static final String METRICS_PATH = "/metrics";

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Registry registry;
  private final OfferSelector selector;
  private final BrokerService service;
  private final EmbeddedServer server;
  private final String adminToken;
  private final boolean adminTokenGenerated;
  private final boolean metrics;
  private final AtomicBoolean closed = new AtomicBoolean();

  private Broker(
      Registry registry,
      OfferSelector selector,
      BrokerService service,
      EmbeddedServer server,
      String adminToken,
      boolean adminTokenGenerated,
      boolean metrics) {
    this.registry = registry;
    this.selector = selector;
    this.service = service;
    this.server = server;
    this.adminToken = adminToken;
    this.adminTokenGenerated = adminTokenGenerated;
    this.metrics = metrics;
  }

  /**
   * Starts a broker as {@code arguments} (of {@link BrokerOptions#OPTIONS}, or options holding
   * them) say, and returns once it accepts requests; the caller owns it and must close it.
   *
   * @throws io.wsqos.broker.api.RegistryUnavailableException if the database cannot be reached
   * @throws IllegalStateException if the port cannot be bound
   * @throws IllegalArgumentException if a part refuses an option's value
   */
  public static Broker start(Arguments arguments) {
    requireNonNull(arguments, "arguments");
    boolean metrics = arguments.get(BrokerOptions.METRICS).equals("on");
    PrometheusMeterRegistry prometheus =
        metrics ? new PrometheusMeterRegistry(PrometheusConfig.DEFAULT) : null;
    MeterRegistry meters = metrics ? prometheus : new CompositeMeterRegistry();
    Optional<String> given = arguments.optional(BrokerOptions.ADMIN_TOKEN);
    String adminToken = given.orElseGet(Broker::newToken);
    List<AutoCloseable> started = new ArrayList<>();
    try {
      Registry registry =
          Registry.builder()
              .url(
                  arguments.get(BrokerOptions.JDBC_URL),
                  arguments.get(BrokerOptions.JDBC_USER),
                  arguments.get(BrokerOptions.JDBC_PASSWORD))
              .maxPoolSize(arguments.get(BrokerOptions.POOL_SIZE))
              .meterRegistry(meters)
              .build();
      started.add(0, registry);
      OfferSelector selector =
          OfferSelector.builder(registry)
              .defaultCurrency(arguments.get(BrokerOptions.DEFAULT_CURRENCY))
              .pollInterval(arguments.get(BrokerOptions.POLL_INTERVAL))
              .staleAfter(arguments.get(BrokerOptions.STALE_AFTER))
              .meterRegistry(meters)
              .build();
      started.add(0, selector);
      BrokerService service =
          BrokerService.builder(registry, selector)
              .adminToken(adminToken)
              .openReads(arguments.get(BrokerOptions.READS).equals("open"))
              .build();
      EmbeddedServer.Builder builder =
          EmbeddedServer.builder()
              .host(arguments.get(BrokerOptions.HOST))
              .port(arguments.get(BrokerOptions.PORT))
              .threadNamePrefix("wsqos-broker-http");
      BrokerApis.mount(builder, service);
      if (metrics) {
        builder.servlet(METRICS_PATH, new MetricsServlet(prometheus::scrape));
      }
      EmbeddedServer server = builder.start();
      return new Broker(registry, selector, service, server, adminToken, given.isEmpty(), metrics);
    } catch (RuntimeException | Error e) {
      for (AutoCloseable resource : started) {
        try {
          resource.close();
        } catch (Exception suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  /** A new administrator's token: 256 random bits in URL-safe Base64 (43 characters). */
  private static String newToken() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The service every API goes through, for callers in the same JVM (the demo, tests). */
  public BrokerService service() {
    return service;
  }

  /** The selector, whose state the metrics show. */
  public OfferSelector selector() {
    return selector;
  }

  /** A caller with the administrator's token. */
  public Caller admin() {
    return Caller.bearer(adminToken);
  }

  /** The administrator's token when the broker generated it (none was configured). */
  public Optional<String> generatedAdminToken() {
    return adminTokenGenerated ? Optional.of(adminToken) : Optional.empty();
  }

  /** The base URL, e.g. {@code http://127.0.0.1:8090}. */
  public String address() {
    return server.address();
  }

  /** The port the broker listens on, useful when started on port 0. */
  public int port() {
    return server.port();
  }

  /** The base URL of the REST API. */
  public String restAddress() {
    return server.address(BrokerApis.REST_PATH);
  }

  /** The URL of the REST API's OpenAPI description. */
  public String openApiAddress() {
    return server.address(BrokerApis.OPENAPI_PATH);
  }

  /** The URL of the SOAP endpoint. */
  public String soapAddress() {
    return server.address(BrokerApis.SOAP_PATH);
  }

  /** The URL of the SOAP endpoint's WSDL. */
  public String wsdlAddress() {
    return soapAddress() + "?wsdl";
  }

  /** The URL of the Prometheus metrics, if they are on. */
  public Optional<String> metricsAddress() {
    return metrics ? Optional.of(server.address(METRICS_PATH)) : Optional.empty();
  }

  /** Blocks until the broker's server has stopped. */
  public void join() throws InterruptedException {
    server.join();
  }

  /**
   * Stops the server (the requests in flight finish), then the selector's refresh, then closes the
   * registry's pool, which closes an H2 file cleanly. Idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    RuntimeException failure = null;
    for (AutoCloseable part : List.<AutoCloseable>of(server, selector, registry)) {
      try {
        part.close();
      } catch (Exception e) {
        if (failure == null) {
          failure = new IllegalStateException("broker did not stop cleanly: " + address());
        }
        failure.addSuppressed(e);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public String toString() {
    return "Broker[" + server.address() + (closed.get() ? ", closed" : "") + "]";
  }
}
