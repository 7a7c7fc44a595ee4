package io.wsqos.proxy;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.server.MetricsServlet;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a {@link QosReverseProxy} until the JVM is told to stop, with its counters in Prometheus'
 * text format on {@code /metrics} of a listener of their own: {@code java -jar wsqos-qos-proxy.jar
 * --target http://10.0.0.5:8080 --port 8081 --ipv4}.
 */
public final class ProxyMain {

  private static final List<String> CLASSES =
      Arrays.stream(TransportPriority.values()).map(TransportPriority::token).toList();

  static final Option<String> TARGET =
      Option.string("target", null, "The service's base URL, http://host:port")
          .withMetavar("URL")
          .required();
  static final Option<String> HOST =
      Option.string("host", QosReverseProxy.DEFAULT_HOST, "Interface to listen on")
          .withMetavar("HOST");
  static final Option<Integer> PORT =
      Option.integer("port", 0, 0, 65_535, "Port to listen on; 0 picks a free one");
  static final Option<Boolean> IPV4 =
      Option.flag(
          "ipv4", "Listen and connect upstream on IPv4 channels (needed for marks on JDK 17-20)");
  static final Option<Integer> MAX_HEADER_BYTES =
      Option.integer(
          "max-header-bytes",
          QosReverseProxy.DEFAULT_MAX_HEADER_BYTES,
          256,
          16 * 1024 * 1024,
          "The most bytes of a request read to find the end of its SOAP header");
  static final Option<Integer> MAX_BODY_BYTES =
      Option.integer(
          "max-body-bytes",
          QosReverseProxy.DEFAULT_MAX_BODY_BYTES,
          1024,
          1024 * 1024 * 1024,
          "The most bytes of a request body held before it is forwarded; a longer one gets 413");
  static final Option<Long> MAX_HELD_BYTES =
      Option.longInteger(
          "max-held-bytes",
          QosReverseProxy.DEFAULT_MAX_HELD_BYTES,
          1024,
          64L * 1024 * 1024 * 1024,
          "The most bytes of all request bodies held at once; a body beyond gets 503");
  static final Option<Duration> BODY_TIMEOUT =
      Option.duration(
          "body-timeout",
          Duration.ofMillis(QosReverseProxy.DEFAULT_BODY_TIMEOUT_MILLIS),
          ChronoUnit.MILLIS,
          "How long a client may take to send its whole body (1ms..1h); then 408");
  static final Option<Duration> UPSTREAM_CONNECT_TIMEOUT =
      Option.duration(
          "upstream-connect-timeout",
          Duration.ofMillis(QosReverseProxy.DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MILLIS),
          ChronoUnit.MILLIS,
          "How long a connection to the service may take (1ms..1h); then 504");
  static final Option<Duration> UPSTREAM_IDLE_TIMEOUT =
      Option.duration(
          "upstream-idle-timeout",
          Duration.ofMillis(QosReverseProxy.DEFAULT_UPSTREAM_IDLE_TIMEOUT_MILLIS),
          ChronoUnit.MILLIS,
          "How long the service may send nothing during an exchange (1ms..1h); then 504");
  static final Option<String> ENTITLEMENT =
      Option.choice(
          "entitlement",
          DscpMarkingFeature.DEFAULT_ENTITLEMENT.token(),
          CLASSES,
          "The highest class of clients not named by --entitle");
  static final Option<String> ENTITLE =
      Option.string("entitle", null, "ADDRESS=CLASS: the highest class of the client ADDRESS")
          .withMetavar("ADDRESS=CLASS")
          .repeatable();
  static final Option<Integer> DSCP_ASSURED =
      Option.integer(
          "dscp-assured", DscpMapping.DEFAULT_ASSURED_DSCP, 0, 63, "DSCP of the assured class");
  static final Option<Integer> DSCP_EXPEDITED =
      Option.integer(
          "dscp-expedited",
          DscpMapping.DEFAULT_EXPEDITED_DSCP,
          0,
          63,
          "DSCP of the expedited class");

  static final Option<String> METRICS_HOST =
      Option.string(
              "metrics-host",
              QosReverseProxy.DEFAULT_HOST,
              "Interface to serve the counters on, at /metrics (Prometheus text)")
          .withMetavar("HOST");
  static final Option<Integer> METRICS_PORT =
      Option.integer(
          "metrics-port",
          0,
          0,
          65_535,
          "Port to serve the counters on, apart from the proxied paths; 0 picks a free one");

  /** Where the metrics listener serves the scrape. */
  static final String METRICS_PATH = "/metrics";

  static final Options OPTIONS =
      Options.of(
          "wsqos-proxy",
          "A reverse proxy that marks SOAP traffic with the DSCP of its WS-QoS transport priority",
          TARGET,
          HOST,
          PORT,
          IPV4,
          MAX_HEADER_BYTES,
          MAX_BODY_BYTES,
          MAX_HELD_BYTES,
          BODY_TIMEOUT,
          UPSTREAM_CONNECT_TIMEOUT,
          UPSTREAM_IDLE_TIMEOUT,
          ENTITLEMENT,
          ENTITLE,
          DSCP_ASSURED,
          DSCP_EXPEDITED,
          METRICS_HOST,
          METRICS_PORT);

  private ProxyMain() {}

  /** Starts the proxy and waits until the JVM is told to stop; exits 2 on bad options. */
  public static void main(String[] args) throws InterruptedException {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
    Arguments arguments;
    try {
      arguments = OPTIONS.parse(args);
      if (arguments.helpRequested()) {
        out.print(OPTIONS.usage());
        return 0;
      }
      configure(arguments);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.print(OPTIONS.usage());
      return 2;
    }
    Running running = start(arguments, false);
    Runtime.getRuntime().addShutdownHook(new Thread(running::close, "wsqos-proxy-shutdown"));
    out.println("wsqos-proxy listening on " + running.proxy().address());
    out.println("wsqos-proxy metrics at " + running.metricsAddress());
    running.proxy().join();
    return 0;
  }

  /**
   * The proxy {@code arguments} configure, counting in a Prometheus registry that a listener of its
   * own serves on {@link #METRICS_PATH}: apart from the proxy's port, since every path there is the
   * service's, and a scrape is for the operator, not the clients.
   *
   * @throws IllegalArgumentException naming the option that is wrong
   * @throws IllegalStateException if a port cannot be bound; nothing is left running then
   */
  static Running start(Arguments arguments, boolean daemonThreads) {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    QosReverseProxy proxy =
        configure(arguments).meterRegistry(registry).daemonThreads(daemonThreads).start();
    try {
      EmbeddedServer metrics =
          EmbeddedServer.builder()
              .host(arguments.get(METRICS_HOST))
              .port(arguments.get(METRICS_PORT))
              .threadNamePrefix("wsqos-proxy-metrics")
              // A scrape now and then: one selector that also accepts, and a few threads.
              .acceptors(0)
              .selectors(1)
              .threads(2, 8)
              .daemonThreads(daemonThreads)
              .servlet(METRICS_PATH, new MetricsServlet(registry::scrape))
              .start();
      return new Running(proxy, metrics, registry);
    } catch (RuntimeException e) {
      proxy.close();
      registry.close();
      throw e;
    }
  }

  /** A started proxy and the listener of its counters; closing stops both. */
  record Running(QosReverseProxy proxy, EmbeddedServer metrics, PrometheusMeterRegistry registry)
      implements AutoCloseable {

    /** Where the scrape is served, e.g. {@code http://127.0.0.1:41235/metrics}. */
    String metricsAddress() {
      return metrics.address(METRICS_PATH);
    }

    @Override
    public void close() {
      proxy.close();
      metrics.close();
      registry.close();
    }
  }

  /**
   * A proxy builder configured by {@code arguments}.
   *
   * @throws IllegalArgumentException naming the option that is wrong
   */
  static QosReverseProxy.Builder configure(Arguments arguments) {
    Map<String, TransportPriority> byClient = new HashMap<>();
    for (String entry : arguments.all(ENTITLE)) {
      int equals = entry.indexOf('=');
      TransportPriority priority =
          equals < 1
              ? null
              : TransportPriority.fromToken(entry.substring(equals + 1).trim()).orElse(null);
      if (priority == null) {
        throw new IllegalArgumentException(
            "--entitle: '"
                + entry
                + "' (expected: ADDRESS=CLASS, CLASS one of "
                + String.join(", ", CLASSES)
                + ")");
      }
      byClient.put(entry.substring(0, equals).trim(), priority);
    }
    URI upstream;
    try {
      upstream = URI.create(arguments.get(TARGET));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--target: '" + arguments.get(TARGET) + "' (expected: http://host:port)", e);
    }
    QosReverseProxy.Builder builder =
        QosReverseProxy.builder(upstream)
            .host(arguments.get(HOST))
            .port(arguments.get(PORT))
            .maxHeaderBytes(arguments.get(MAX_HEADER_BYTES))
            .maxBodyBytes(arguments.get(MAX_BODY_BYTES))
            .maxHeldBytes(arguments.get(MAX_HELD_BYTES))
            .mapping(
                DscpMapping.builder()
                    .dscp(TransportPriority.ASSURED, arguments.get(DSCP_ASSURED))
                    .dscp(TransportPriority.EXPEDITED, arguments.get(DSCP_EXPEDITED))
                    .build())
            .entitlement(
                PriorityEntitlement.of(
                    byClient, TransportPriority.fromToken(arguments.get(ENTITLEMENT)).get()));
    timeout(BODY_TIMEOUT, arguments, builder::bodyTimeout);
    timeout(UPSTREAM_CONNECT_TIMEOUT, arguments, builder::upstreamConnectTimeout);
    timeout(UPSTREAM_IDLE_TIMEOUT, arguments, builder::upstreamIdleTimeout);
    if (arguments.get(IPV4)) {
      builder.protocolFamily(StandardProtocolFamily.INET);
    }
    return builder;
  }

  private static void timeout(
      Option<Duration> option, Arguments arguments, Consumer<Duration> setting) {
    Duration value = arguments.get(option);
    try {
      setting.accept(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--" + option.name() + ": " + value.toMillis() + "ms (expected: 1ms..1h)", e);
    }
  }
}
