package io.wsqos.proxy;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.InflationLimits;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.server.EmbeddedServer;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.time.Duration;

/**
 * The standalone QoS proxy, for services that cannot take {@link DscpMarkingFeature}: a reverse
 * proxy on Jetty 12 (asynchronous, keep-alive pools per upstream and class) that holds each SOAP
 * request whole, reads its header, grants the transport priority it asks for up to the client's
 * entitlement, marks the response's packets towards the client and the request's packets towards
 * the service with that class's DSCP, and streams the response back as the service sent it.
 *
 * <pre>{@code
 * try (QosReverseProxy proxy = QosReverseProxy.builder(URI.create("http://10.0.0.5:8080"))
 *     .port(8081).start()) {
 *   proxy.join();
 * }
 * }</pre>
 *
 * <p>A request's whole body is held before anything is sent to the service, so that slow clients
 * hold no upstream connection: a body longer than {@link Builder#maxBodyBytes} gets 413, one not
 * whole within {@link Builder#bodyTimeout} gets 408, one that would take the bodies held past
 * {@link Builder#maxHeldBytes} gets 503. Bad input (an empty POST, a body that is not a SOAP
 * envelope, a header longer than {@link Builder#maxHeaderBytes}, a malformed {@code Requirement}
 * marked {@code mustUnderstand}) gets a {@code soap:Client} fault with HTTP 400 and never reaches
 * the service. A service that refuses the connection or answers with a malformed head gets the
 * client a {@code soap:Server} fault with 502; one that does not accept within {@link
 * Builder#upstreamConnectTimeout} or stays silent for {@link Builder#upstreamIdleTimeout} during an
 * exchange, 504. A compressed request ({@code Content-Encoding} gzip, deflate or zstd) is inflated
 * only as far as the end of its header, within {@link Builder#inflationLimits}, and forwarded still
 * compressed; compressed data that is invalid or breaks the limits before the header ends gets the
 * same fault. A request in codings the proxy cannot inflate (several, or zstd without zstd-jni) is
 * forwarded as best effort. A response is forwarded unchanged, except one to a clamped request:
 * that one is held (at most 1 MiB, inflated) and sent uncompressed with the clamp added to its
 * {@code ServerAction}, as the in-process feature reports it; a longer one, or one that is not a
 * UTF-8 SOAP envelope, goes through unchanged. The counters report every exchange's class.
 */
public final class QosReverseProxy implements AutoCloseable {

  /** The default interface to listen on: loopback only. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  /** 64 KiB: the most of a request read to find the end of its SOAP header. */
  public static final int DEFAULT_MAX_HEADER_BYTES = 64 * 1024;

  /** 16 MiB: the most of a request body held; core's default inflation limit for a message. */
  public static final int DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

  /**
   * 256 MiB: the most bytes of all request bodies held at once, sixteen bodies of the largest
   * default size; a small part of a server JVM's heap.
   */
  public static final long DEFAULT_MAX_HELD_BYTES = 256L * 1024 * 1024;

  /** 30 s: how long a client may take to send its whole body. */
  public static final long DEFAULT_BODY_TIMEOUT_MILLIS = 30_000;

  /** 5 s: how long a connection to the service may take to be accepted. */
  public static final long DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MILLIS = 5_000;

  /** 30 s: how long the service may stay silent while an exchange is in flight. */
  public static final long DEFAULT_UPSTREAM_IDLE_TIMEOUT_MILLIS = 30_000;

  /** The longest any of the proxy's timeouts may be set to. */
  static final Duration MAX_TIMEOUT = Duration.ofHours(1);

  /**
   * Requests answered with a fault before reaching the service, tagged {@code reason} ({@code
   * malformed}, {@code oversized}, {@code empty}, {@code body-too-large}, {@code body-timeout},
   * {@code busy}). Exchanges with the service that failed are counted in {@link
   * #UPSTREAM_FAILURES_COUNTER}, the bodies held in {@link #HELD_BYTES_GAUGE}. The proxy also
   * counts {@link DscpMarkingFeature#RESPONSES_COUNTER}, {@link DscpMarkingFeature#CLAMPED_COUNTER}
   * and {@link DscpMarkingFeature#FAILURES_COUNTER}.
   */
  public static final String REJECTED_COUNTER = QosProxyHandler.REJECTED_COUNTER;

  /**
   * Exchanges with the service that failed, tagged {@code reason}: {@code refused}, {@code closed},
   * {@code malformed-response}, {@code failed} (answered with 502), {@code connect-timeout}, {@code
   * idle-timeout} (504).
   */
  public static final String UPSTREAM_FAILURES_COUNTER = QosProxyHandler.UPSTREAM_FAILURES_COUNTER;

  /**
   * Bytes of request bodies the proxy holds, from their arrival until their exchange with the
   * service ends (or until they are refused).
   */
  public static final String HELD_BYTES_GAUGE = QosProxyHandler.HELD_BYTES_GAUGE;

  /**
   * Connections to the service in the proxy's pools, tagged {@code state}: {@code active} (carrying
   * an exchange) or {@code idle} (kept alive for the next).
   */
  public static final String UPSTREAM_CONNECTIONS_GAUGE =
      QosProxyHandler.UPSTREAM_CONNECTIONS_GAUGE;

  private final EmbeddedServer server;

  private QosReverseProxy(Builder builder) {
    boolean ipv4 = builder.protocolFamily == StandardProtocolFamily.INET;
    server =
        builder
            .serving
            .handler(
                new QosProxyHandler(
                    builder.upstream,
                    MarkingPolicy.of(builder.mapping, builder.entitlement),
                    new ProxyLimits(
                        builder.maxHeaderBytes,
                        builder.maxBodyBytes,
                        builder.maxHeldBytes,
                        builder.bodyTimeout,
                        builder.upstreamConnectTimeout,
                        builder.upstreamIdleTimeout,
                        builder.inflationLimits),
                    ipv4,
                    builder.meterRegistry))
            .start();
  }

  /** A builder forwarding to {@code upstream}, e.g. {@code http://10.0.0.5:8080}. */
  public static Builder builder(URI upstream) {
    return new Builder(upstream);
  }

  /** The port the proxy listens on. */
  public int port() {
    return server.port();
  }

  /** The proxy's base URL, e.g. {@code http://127.0.0.1:41234}. */
  public String address() {
    return server.address();
  }

  /** Blocks until the proxy has stopped. */
  public void join() throws InterruptedException {
    server.join();
  }

  /**
   * Stops accepting, lets the requests in flight finish (up to the embedded server's stop timeout),
   * then stops the proxy and its upstream pools. Idempotent.
   */
  @Override
  public void close() {
    server.close();
  }

  @Override
  public String toString() {
    return "QosReverseProxy{" + address() + (server.isClosed() ? ", closed" : "") + "}";
  }

  /** Configures a {@link QosReverseProxy}; every setting but the upstream has a default. */
  public static final class Builder {
    private final URI upstream;

    /** Where the proxy listens: the embedded server the handler is built into. */
    private final EmbeddedServer.Builder serving =
        EmbeddedServer.builder()
            .host(DEFAULT_HOST)
            .port(0)
            .threadNamePrefix("wsqos-proxy")
            // Clients of a proxy often connect per request: the selectors accept them. The
            // handler runs on its connection's selector thread, so one selector per core.
            .acceptors(0)
            .selectors(Runtime.getRuntime().availableProcessors());

    private StandardProtocolFamily protocolFamily;
    private DscpMapping mapping = DscpMapping.defaults();
    private PriorityEntitlement entitlement =
        PriorityEntitlement.everyone(DscpMarkingFeature.DEFAULT_ENTITLEMENT);
    private int maxHeaderBytes = DEFAULT_MAX_HEADER_BYTES;
    private int maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
    private long maxHeldBytes = DEFAULT_MAX_HELD_BYTES;
    private Duration bodyTimeout = Duration.ofMillis(DEFAULT_BODY_TIMEOUT_MILLIS);
    private Duration upstreamConnectTimeout =
        Duration.ofMillis(DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MILLIS);
    private Duration upstreamIdleTimeout = Duration.ofMillis(DEFAULT_UPSTREAM_IDLE_TIMEOUT_MILLIS);
    private InflationLimits inflationLimits = InflationLimits.defaults();
    private MeterRegistry meterRegistry;

    private Builder(URI upstream) {
      requireNonNull(upstream, "upstream");
      if (!"http".equals(upstream.getScheme())
          || upstream.getHost() == null
          || upstream.getPort() < 1) {
        throw new IllegalArgumentException(
            "upstream: " + upstream + " (expected: http://host:port)");
      }
      this.upstream = upstream;
    }

    /** The interface to listen on; default {@link #DEFAULT_HOST}. */
    public Builder host(String host) {
      serving.host(host);
      return this;
    }

    /** The port, {@code 0..65535}, 0 for a free one; default 0. */
    public Builder port(int port) {
      serving.port(port);
      return this;
    }

    /**
     * {@link StandardProtocolFamily#INET} opens the listening channel and the upstream connections
     * as IPv4 channels, which JDK 17 to 20 need for marks to reach IPv4 packets (JDK-8303509).
     * Default: the JDK's choice (dual-stack where the system has IPv6).
     *
     * @throws IllegalArgumentException for a family other than INET and INET6
     */
    public Builder protocolFamily(StandardProtocolFamily family) {
      serving.protocolFamily(family);
      this.protocolFamily = family;
      return this;
    }

    /** The DSCP of each class; default {@link DscpMapping#defaults()}. */
    public Builder mapping(DscpMapping mapping) {
      this.mapping = requireNonNull(mapping, "mapping");
      return this;
    }

    /**
     * The highest class each client (by IP address) may get; default {@link
     * DscpMarkingFeature#DEFAULT_ENTITLEMENT} for every client.
     */
    public Builder entitlement(PriorityEntitlement entitlement) {
      this.entitlement = requireNonNull(entitlement, "entitlement");
      return this;
    }

    /**
     * The most bytes of a request read to find the end of its SOAP header, {@code 256..16 MiB};
     * default {@link #DEFAULT_MAX_HEADER_BYTES}.
     */
    public Builder maxHeaderBytes(int maxHeaderBytes) {
      if (maxHeaderBytes < 256 || maxHeaderBytes > 16 * 1024 * 1024) {
        throw new IllegalArgumentException(
            "maxHeaderBytes: " + maxHeaderBytes + " (expected: 256..16777216)");
      }
      this.maxHeaderBytes = maxHeaderBytes;
      return this;
    }

    /**
     * The most bytes of a request body the proxy holds, {@code 1 KiB..1 GiB}; a longer body gets
     * HTTP 413 and never reaches the service. Default {@link #DEFAULT_MAX_BODY_BYTES}. The proxy
     * holds each body whole before it connects to the service, so this bounds its memory per
     * request.
     */
    public Builder maxBodyBytes(int maxBodyBytes) {
      if (maxBodyBytes < 1024 || maxBodyBytes > 1024 * 1024 * 1024) {
        throw new IllegalArgumentException(
            "maxBodyBytes: " + maxBodyBytes + " (expected: 1024..1073741824)");
      }
      this.maxBodyBytes = maxBodyBytes;
      return this;
    }

    /**
     * The most bytes of all request bodies the proxy holds at once, {@code 1 KiB..64 GiB}: a body
     * whose next bytes would take the total past it gets HTTP 503 and never reaches the service. A
     * body is counted from its first byte until its exchange with the service ends. Default {@link
     * #DEFAULT_MAX_HELD_BYTES}.
     */
    public Builder maxHeldBytes(long maxHeldBytes) {
      if (maxHeldBytes < 1024 || maxHeldBytes > 64L * 1024 * 1024 * 1024) {
        throw new IllegalArgumentException(
            "maxHeldBytes: " + maxHeldBytes + " (expected: 1024..68719476736)");
      }
      this.maxHeldBytes = maxHeldBytes;
      return this;
    }

    /**
     * How long a client may take, from the end of its request's head, to send the whole body,
     * {@code 1 ms..1 h}; a body not whole by then gets HTTP 408 and never reaches the service.
     * Default {@link #DEFAULT_BODY_TIMEOUT_MILLIS} ms.
     */
    public Builder bodyTimeout(Duration bodyTimeout) {
      this.bodyTimeout = checkTimeout("bodyTimeout", bodyTimeout);
      return this;
    }

    /**
     * How long a connection to the service may take to be accepted, {@code 1 ms..1 h}; then the
     * client gets HTTP 504. Default {@link #DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MILLIS} ms. A refused
     * connection gets 502 at once.
     */
    public Builder upstreamConnectTimeout(Duration upstreamConnectTimeout) {
      this.upstreamConnectTimeout = checkTimeout("upstreamConnectTimeout", upstreamConnectTimeout);
      return this;
    }

    /**
     * How long the service may send nothing while an exchange is in flight (before its response and
     * between its bytes), {@code 1 ms..1 h}; then the exchange is abandoned and the client gets
     * HTTP 504, or, when part of the response was already forwarded, its connection is closed.
     * Default {@link #DEFAULT_UPSTREAM_IDLE_TIMEOUT_MILLIS} ms.
     */
    public Builder upstreamIdleTimeout(Duration upstreamIdleTimeout) {
      this.upstreamIdleTimeout = checkTimeout("upstreamIdleTimeout", upstreamIdleTimeout);
      return this;
    }

    private static Duration checkTimeout(String name, Duration timeout) {
      requireNonNull(timeout, name);
      if (timeout.toMillis() < 1 || timeout.compareTo(MAX_TIMEOUT) > 0) {
        throw new IllegalArgumentException(name + ": " + timeout + " (expected: 1 ms..1 h)");
      }
      return timeout;
    }

    /**
     * The bounds within which a compressed request's start is inflated to find its header; default
     * {@link InflationLimits#defaults()}, the compression feature's own. The proxy inflates at most
     * {@link #maxHeaderBytes} of a body; the service inflates the whole body within its limits.
     */
    public Builder inflationLimits(InflationLimits inflationLimits) {
      this.inflationLimits = requireNonNull(inflationLimits, "inflationLimits");
      return this;
    }

    /** Whether the proxy's threads are daemons (for tests); default false. */
    public Builder daemonThreads(boolean daemon) {
      serving.daemonThreads(daemon);
      return this;
    }

    /** Where the counters go; default a new {@link SimpleMeterRegistry} private to the proxy. */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * Starts the proxy; the caller owns it and must close it.
     *
     * @throws IllegalStateException if the port cannot be bound; nothing is left running then
     */
    public QosReverseProxy start() {
      if (meterRegistry == null) {
        meterRegistry = new SimpleMeterRegistry();
      }
      return new QosReverseProxy(this);
    }
  }
}
