package io.wsqos.broker.app;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.cli.Arguments;
import io.wsqos.server.EmbeddedServer;
import jakarta.servlet.Servlet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running broker: its {@link BrokerParts} (registry, selector, {@link BrokerService}) served on
 * one {@link EmbeddedServer} with REST, SOAP, a readiness check and (unless turned off) Prometheus
 * metrics, within the server's limits from {@link BrokerOptions}; the errors the server answers
 * itself (a malformed path, a header too large, the limits, an unknown path) are in the REST API's
 * JSON. Start one with {@link #start(Arguments)} from {@link BrokerOptions}; {@link #close()} stops
 * the server, then the selector, then the registry.
 */
public final class Broker implements AutoCloseable {

  /** The path of the metrics in Prometheus' text format. */
  public static final String METRICS_PATH = BrokerApis.METRICS_PATH;

  /** The path of the readiness check (200 while the registry's database answers, else 503). */
  public static final String READY_PATH = BrokerApis.READY_PATH;

  private final BrokerParts parts;
  private final EmbeddedServer server;
  private final boolean metrics;
  private final AtomicBoolean closed = new AtomicBoolean();

  private Broker(BrokerParts parts, EmbeddedServer server, boolean metrics) {
    this.parts = parts;
    this.server = server;
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
    BrokerParts parts = BrokerParts.build(arguments);
    try {
      EmbeddedServer.Builder builder =
          EmbeddedServer.builder()
              .host(arguments.get(BrokerOptions.HOST))
              .port(arguments.get(BrokerOptions.PORT))
              .threadNamePrefix("wsqos-broker-http")
              .requestTimeout(arguments.get(BrokerOptions.REQUEST_TIMEOUT))
              .idleTimeout(arguments.get(BrokerOptions.IDLE_TIMEOUT))
              .maxRequestBodyBytes(arguments.get(BrokerOptions.MAX_REQUEST_BODY_BYTES))
              .maxInFlightBodyBytes(arguments.get(BrokerOptions.MAX_IN_FLIGHT_BODY_BYTES))
              .errorBody(new JsonErrorBody())
              .mounts(parts.apis())
              .servlet(READY_PATH, parts.readinessServlet());
      Optional<Servlet> metrics = parts.metricsServlet();
      metrics.ifPresent(servlet -> builder.servlet(METRICS_PATH, servlet));
      return new Broker(parts, builder.start(), metrics.isPresent());
    } catch (RuntimeException | Error e) {
      try {
        parts.close();
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** The service every API goes through, for callers in the same JVM (the demo, tests). */
  public BrokerService service() {
    return parts.service();
  }

  /** The selector, whose state the metrics show. */
  public OfferSelector selector() {
    return parts.selector();
  }

  /** A caller with the administrator's token. */
  public Caller admin() {
    return Caller.bearer(parts.adminToken());
  }

  /** The administrator's token when the broker generated it (none was configured). */
  public Optional<String> generatedAdminToken() {
    return parts.generatedAdminToken();
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

  /** The URL of the readiness check. */
  public String readyAddress() {
    return server.address(READY_PATH);
  }

  /** Blocks until the broker's server has stopped. */
  public void join() throws InterruptedException {
    server.join();
  }

  /**
   * Answers the watches held (so that none keeps the server's stop waiting), stops the server (the
   * requests in flight finish), then the selector's refresh, then closes the registry's pool, which
   * closes an H2 file cleanly. Idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    parts.selector().releaseWatches();
    RuntimeException failure = null;
    for (AutoCloseable part : List.<AutoCloseable>of(server, parts)) {
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
