package io.wsqos.broker.app;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.wsqos.broker.registry.QualityRule;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.IndexState;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.cli.Arguments;
import io.wsqos.server.CxfMounts;
import io.wsqos.server.MetricsServlet;
import io.wsqos.server.ReadinessServlet;
import jakarta.servlet.Servlet;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Everything a broker is made of except the web server that serves it: the registry, the selector
 * over it, the {@link BrokerService}, the meters, and what to serve (the REST and SOAP APIs of
 * {@link BrokerApis}, the metrics and readiness servlets). Built from {@link BrokerOptions} by
 * {@link #build(Arguments)}, the same way for the executable jar ({@link Broker}) and for the WAR;
 * the options that place a server ({@code host}, {@code port}) are not read here. {@link #close()}
 * stops the selector, then closes the registry.
 */
public final class BrokerParts implements AutoCloseable {

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Registry registry;
  private final OfferSelector selector;
  private final BrokerService service;
  private final PrometheusMeterRegistry prometheus;
  private final String adminToken;
  private final boolean adminTokenGenerated;
  private final AtomicBoolean closed = new AtomicBoolean();

  private BrokerParts(
      Registry registry,
      OfferSelector selector,
      BrokerService service,
      PrometheusMeterRegistry prometheus,
      String adminToken,
      boolean adminTokenGenerated) {
    this.registry = registry;
    this.selector = selector;
    this.service = service;
    this.prometheus = prometheus;
    this.adminToken = adminToken;
    this.adminTokenGenerated = adminTokenGenerated;
  }

  /**
   * Opens the registry (migrating its database), starts the selector and builds the service as
   * {@code arguments} (of {@link BrokerOptions#OPTIONS}, or options holding them) say; the caller
   * owns the result and must close it. Nothing is left open when it fails.
   *
   * @throws io.wsqos.broker.api.RegistryUnavailableException if the database cannot be reached
   * @throws IllegalArgumentException if a part refuses an option's value
   */
  public static BrokerParts build(Arguments arguments) {
    requireNonNull(arguments, "arguments");
    boolean metrics = arguments.get(BrokerOptions.METRICS).equals("on");
    PrometheusMeterRegistry prometheus =
        metrics ? new PrometheusMeterRegistry(PrometheusConfig.DEFAULT) : null;
    MeterRegistry meters = metrics ? prometheus : new CompositeMeterRegistry();
    Optional<String> given = arguments.optional(BrokerOptions.ADMIN_TOKEN);
    String adminToken = given.orElseGet(BrokerParts::newToken);
    List<AutoCloseable> opened = new ArrayList<>();
    try {
      Registry registry =
          Registry.builder()
              .url(
                  arguments.get(BrokerOptions.JDBC_URL),
                  arguments.get(BrokerOptions.JDBC_USER),
                  arguments.get(BrokerOptions.JDBC_PASSWORD))
              .maxPoolSize(arguments.get(BrokerOptions.POOL_SIZE))
              .lockTimeout(arguments.get(BrokerOptions.LOCK_TIMEOUT))
              .statementTimeout(arguments.get(BrokerOptions.STATEMENT_TIMEOUT))
              .meterRegistry(meters)
              .build();
      opened.add(0, registry);
      OfferSelector selector =
          OfferSelector.builder(registry)
              .defaultCurrency(arguments.get(BrokerOptions.DEFAULT_CURRENCY))
              .pollInterval(arguments.get(BrokerOptions.POLL_INTERVAL))
              .staleAfter(arguments.get(BrokerOptions.STALE_AFTER))
              .meterRegistry(meters)
              .build();
      opened.add(0, selector);
      BrokerService service =
          BrokerService.builder(registry, selector)
              .adminToken(adminToken)
              .openReads(arguments.get(BrokerOptions.READS).equals("open"))
              .qualityRule(
                  new QualityRule(
                      arguments.get(BrokerOptions.QUALITY_WINDOW),
                      arguments.get(BrokerOptions.QUALITY_MIN_REQUESTS),
                      Integer.parseInt(arguments.get(BrokerOptions.QUALITY_PERCENTILE))))
              .meterRegistry(meters)
              .build();
      return new BrokerParts(registry, selector, service, prometheus, adminToken, given.isEmpty());
    } catch (RuntimeException | Error e) {
      closeAll(opened, e);
      throw e;
    }
  }

  /** A new administrator's token: 256 random bits in URL-safe Base64 (43 characters). */
  private static String newToken() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The service every API goes through. */
  public BrokerService service() {
    return service;
  }

  /** The selector, whose state the metrics show. */
  public OfferSelector selector() {
    return selector;
  }

  /** The administrator's token, configured or generated. */
  String adminToken() {
    return adminToken;
  }

  /** The administrator's token when it was generated (none was configured). */
  public Optional<String> generatedAdminToken() {
    return adminTokenGenerated ? Optional.of(adminToken) : Optional.empty();
  }

  /** The REST and SOAP APIs over {@link #service()}, to mount at the root of a CXF servlet. */
  public CxfMounts apis() {
    return BrokerApis.mounts(service);
  }

  /**
   * The servlet of the Prometheus metrics, to serve at {@link BrokerApis#METRICS_PATH}, when the
   * metrics are on.
   */
  public Optional<Servlet> metricsServlet() {
    return prometheus == null
        ? Optional.empty()
        : Optional.of(new MetricsServlet(prometheus::scrape));
  }

  /**
   * The servlet of the readiness check, to serve at {@link BrokerApis#READY_PATH}: 200 while the
   * database confirms the selector's index (selections are not {@linkplain IndexState#mayBeStale()
   * stale}), 503 otherwise, saying since when; the database's own error goes to the log only, as
   * for the APIs. It reads the selector's state, which its refresh keeps, so a check does no I/O.
   */
  public Servlet readinessServlet() {
    return new ReadinessServlet(
        () -> {
          IndexState state = selector.state();
          return state.mayBeStale()
              ? Optional.of("the registry's database has not answered since " + state.confirmedAt())
              : Optional.empty();
        });
  }

  /**
   * Stops the selector's refresh, then closes the registry's pool (which closes an H2 file
   * cleanly). Idempotent; the APIs must be stopped first.
   *
   * @throws IllegalStateException if a part did not close cleanly; the others are closed anyway
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    IllegalStateException failure = new IllegalStateException("broker did not stop cleanly");
    closeAll(List.of(selector, registry), failure);
    if (failure.getSuppressed().length > 0) {
      throw failure;
    }
  }

  private static void closeAll(List<AutoCloseable> parts, Throwable failure) {
    for (AutoCloseable part : parts) {
      try {
        part.close();
      } catch (Exception e) {
        failure.addSuppressed(e);
      }
    }
  }
}
