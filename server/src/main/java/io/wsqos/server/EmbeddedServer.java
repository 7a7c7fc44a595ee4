package io.wsqos.server;

import static java.util.Objects.requireNonNull;

import jakarta.servlet.Servlet;
import java.net.StandardProtocolFamily;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * CXF JAX-WS endpoints, JAX-RS resources and plain servlets on an embedded Jetty 12 server, served
 * by CXF's servlet as in a WAR (the same {@link CxfApplication} a WAR registers in its container),
 * on a dedicated CXF {@link Bus} (never the default bus). A fault in any endpoint is logged in one
 * line (the stack trace at DEBUG). Every request is bounded (a request timeout, a largest body, a
 * budget of bodies held at once: see the {@link Builder}), and a body is received before an
 * endpoint reads it, so that a slow client holds no thread. Build one with {@link #builder()}, and
 * {@link #close()} it; nothing is left running when the start fails.
 *
 * <pre>{@code
 * try (EmbeddedServer server =
 *     EmbeddedServer.builder().port(8080).endpoint("/bookstore", Bookstore.class, impl).start()) {
 *   System.out.println(server.address("/bookstore"));
 * }
 * }</pre>
 */
public final class EmbeddedServer implements AutoCloseable {

  /** The default interface to listen on: loopback only. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  /** The default port: 0, a free one chosen when the server starts. */
  public static final int DEFAULT_PORT = 0;

  /**
   * The default number of connections the kernel holds for Jetty's acceptor. Jetty's default (0)
   * leaves the JDK's 50: with one connection per request at a few thousand per second, a short
   * pause (GC, JIT) fills it and every further SYN is dropped, so clients wait a second for the
   * retransmission. Linux caps the value at {@code net.core.somaxconn}.
   */
  public static final int DEFAULT_ACCEPT_QUEUE_SIZE = 1024;

  /**
   * The default number of acceptor threads: -1, Jetty's choice (one on machines with fewer than 16
   * cores).
   */
  public static final int DEFAULT_ACCEPTORS = -1;

  /** The default number of selector threads: -1, Jetty's choice (half the cores, at least one). */
  public static final int DEFAULT_SELECTORS = -1;

  /** The default smallest number of Jetty threads (Jetty's own default). */
  public static final int DEFAULT_MIN_THREADS = 8;

  /** The default largest number of Jetty threads (Jetty's own default). */
  public static final int DEFAULT_MAX_THREADS = 200;

  /** The default prefix of the names of the server's threads. */
  public static final String DEFAULT_THREAD_NAME_PREFIX = "wsqos-server";

  /** The default time {@link #close()} waits for the requests in flight to finish. */
  public static final long DEFAULT_STOP_TIMEOUT_MILLIS = 5_000;

  /**
   * The default time a connection may stay silent: Jetty's own default. It closes kept-alive
   * connections nobody uses and bounds a client that stops sending or reading.
   */
  public static final long DEFAULT_IDLE_TIMEOUT_MILLIS = 30_000;

  /**
   * The default time a whole request (its head and its body) may take to arrive, from its first
   * byte: a SOAP or JSON request of a few megabytes arrives in well under a second on the networks
   * this middleware serves, and a client trickling bytes is cut off after this long. A request
   * larger or slower than that on purpose needs a longer timeout.
   */
  public static final long DEFAULT_REQUEST_TIMEOUT_MILLIS = 30_000;

  /**
   * The default largest request body: 16 MiB, the size to which the compression feature inflates a
   * request at most. Larger bodies are answered 413.
   */
  public static final long DEFAULT_MAX_REQUEST_BODY_BYTES = 16L * 1024 * 1024;

  /**
   * The default most bytes of request bodies held at once: 64 MiB, four bodies of the largest
   * default size. CXF makes several times a body's size of objects while it reads it, so this keeps
   * a burst of large requests well inside a heap of half a gigabyte; past it, further bodies are
   * answered 503.
   */
  public static final long DEFAULT_MAX_IN_FLIGHT_BODY_BYTES = 64L * 1024 * 1024;

  /**
   * Checks that {@code implementor} implements {@code sei}, as every endpoint must; a launcher that
   * takes both before it builds the server calls this to fail as early, with the same message.
   *
   * @throws IllegalArgumentException if it does not
   */
  public static void checkImplements(Class<?> sei, Object implementor) {
    CxfMounts.checkImplements(sei, implementor);
  }

  /** Returns a builder with every default. */
  public static Builder builder() {
    return new Builder();
  }

  private final org.eclipse.jetty.server.Server jetty;

  /** The CXF application, or null for a server of a {@link Builder#handler handler}. */
  private final CxfApplication cxf;

  /** The body limits, or null for a server of a {@link Builder#handler handler}. */
  private final RequestBodyLimits bodyLimits;

  private final String host;
  private final int port;
  private final String baseAddress;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EmbeddedServer(Builder builder) {
    host = builder.host;
    // Endpoints first, so that no request reaches the port before they are there.
    cxf =
        builder.handler == null
            ? CxfApplication.publish(builder.mounts.build(), builder.policyEngine)
            : null;

    QueuedThreadPool threadPool = new QueuedThreadPool(builder.maxThreads, builder.minThreads);
    threadPool.setName(builder.threadNamePrefix);
    threadPool.setDaemon(builder.daemonThreads);
    jetty =
        new org.eclipse.jetty.server.Server(
            threadPool,
            new ScheduledExecutorScheduler(
                builder.threadNamePrefix + "-scheduler", builder.daemonThreads),
            null);
    jetty.setStopTimeout(builder.stopTimeout.toMillis());
    long requestTimeoutMillis = builder.requestTimeout.toMillis();
    WsqosConnector connector =
        new WsqosConnector(
            jetty,
            builder.acceptors,
            builder.selectors,
            builder.protocolFamily,
            requestTimeoutMillis,
            http());
    connector.setHost(builder.host);
    connector.setPort(builder.port);
    connector.setAcceptQueueSize(builder.acceptQueueSize);
    connector.setIdleTimeout(builder.idleTimeout.toMillis());
    // At a stop, Jetty gives the connections still open this idle timeout; the connector closes
    // those waiting for a request itself, so it only bounds a request in flight that stalls on its
    // client, which may take the whole stop timeout.
    connector.setShutdownIdleTimeout(Math.max(1, builder.stopTimeout.toMillis()));
    jetty.addConnector(connector);

    Handler served;
    if (builder.handler != null) {
      served = builder.handler;
      bodyLimits = null;
    } else {
      Handler endpoints = servlets(cxf, builder.servlets, builder.errorBody);
      if (builder.admission != null) {
        builder.admission.setHandler(endpoints);
        endpoints = builder.admission;
      }
      bodyLimits =
          new RequestBodyLimits(
              endpoints,
              builder.maxRequestBodyBytes,
              builder.maxInFlightBodyBytes,
              requestTimeoutMillis);
      served = bodyLimits;
    }
    if (builder.errorBody != null) {
      jetty.setErrorHandler(new ErrorBodyHandler(builder.errorBody));
    }
    // Lets stop() finish the requests in flight, up to the stop timeout, before closing.
    GracefulHandler graceful = new GracefulHandler();
    graceful.setHandler(new ClosingAfterContinue(served));
    jetty.setHandler(graceful);

    try {
      jetty.start();
    } catch (Exception | Error e) {
      stop(e);
      if (e instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(
          "server did not start on " + builder.host + ":" + builder.port + ": " + e, e);
    }
    port = connector.getLocalPort();
    baseAddress = "http://" + uriHost(builder.host) + ":" + port;
  }

  private static Handler servlets(
      CxfApplication cxf, Map<String, Servlet> plainServlets, ErrorBody errorBody) {
    ServletContextHandler context = new ServletContextHandler("/");
    if (errorBody != null) {
      context.setErrorHandler(new ErrorBodyHandler(errorBody));
    }
    ServletHolder servlet = new ServletHolder("cxf", cxf.servletForOwnThreads(errorBody != null));
    servlet.setInitOrder(1);
    // JAX-RS resources may suspend a request (@Suspended), e.g. the broker's watches.
    servlet.setAsyncSupported(true);
    servlet.setInitParameters(CxfApplication.SERVLET_INIT_PARAMETERS);
    context.addServlet(servlet, "/*");
    plainServlets.forEach(
        (path, plain) -> {
          ServletHolder holder = new ServletHolder(path, plain);
          // A servlet in front of the endpoints may forward a request that they then suspend.
          holder.setAsyncSupported(true);
          context.addServlet(holder, path);
        });
    return context;
  }

  /** The base URL, e.g. {@code http://127.0.0.1:41234}, without a trailing slash. */
  public String address() {
    return baseAddress;
  }

  /** The URL of {@code path} on this server, e.g. {@code http://127.0.0.1:41234/bookstore}. */
  public String address(String path) {
    requireNonNull(path, "path");
    if (!path.startsWith("/")) {
      throw new IllegalArgumentException("path: '" + path + "' (expected: starts with '/')");
    }
    return baseAddress + path;
  }

  /** The interface the server listens on, as given to the builder. */
  public String host() {
    return host;
  }

  /** The port the server listens on, useful when started on port 0. */
  public int port() {
    return port;
  }

  /** The server's dedicated bus; it is shut down by {@link #close()}. */
  public Bus bus() {
    return cxf().bus();
  }

  /** The CXF endpoint published at {@code path}, if there is one. */
  public Optional<Server> endpoint(String path) {
    return cxf().endpoint(path);
  }

  /** The bytes of request bodies the server holds now, for tests; 0 for a handler's server. */
  long inFlightBodyBytes() {
    return bodyLimits == null ? 0 : bodyLimits.inFlightBytes();
  }

  /** Whether {@link #close()} has been called. */
  public boolean isClosed() {
    return closed.get();
  }

  /** Blocks until the server has stopped. */
  public void join() throws InterruptedException {
    jetty.join();
  }

  /**
   * Stops accepting connections, closes at once those waiting for a next request, answers 503 to
   * the requests whose body is still arriving (they reached no endpoint), lets the requests in
   * flight finish (up to the stop timeout) and closes their connections after the answer, then
   * stops the endpoints and shuts the bus down. Idempotent.
   *
   * @throws IllegalStateException if a part did not stop cleanly, such as a request in flight that
   *     outlasted the stop timeout; the others are stopped anyway
   */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      stop(null);
    }
  }

  private CxfApplication cxf() {
    if (cxf == null) {
      throw new IllegalStateException(
          "this server serves a handler, not CXF endpoints: " + baseAddress);
    }
    return cxf;
  }

  private void stop(Throwable cause) {
    List<Exception> errors = new ArrayList<>();
    try {
      jetty.stop();
    } catch (Exception e) {
      errors.add(e);
    }
    try {
      if (cxf != null) {
        cxf.close();
      }
    } catch (RuntimeException e) {
      errors.add(e);
    }
    if (errors.isEmpty()) {
      return;
    }
    if (cause != null) {
      errors.forEach(cause::addSuppressed);
      return;
    }
    IllegalStateException failure =
        new IllegalStateException("server did not stop cleanly: " + baseAddress);
    errors.forEach(failure::addSuppressed);
    throw failure;
  }

  /** HTTP/1.1 as Jetty's defaults have it, but no {@code Server} header naming Jetty's version. */
  private static HttpConnectionFactory http() {
    HttpConfiguration configuration = new HttpConfiguration();
    configuration.setSendServerVersion(false);
    return new HttpConnectionFactory(configuration);
  }

  private static String uriHost(String host) {
    return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  @Override
  public String toString() {
    return "EmbeddedServer{" + baseAddress + (closed.get() ? ", closed" : "") + '}';
  }

  /** Configures an {@link EmbeddedServer}; every setting has a documented default. */
  public static final class Builder {
    private String host = DEFAULT_HOST;
    private int port = DEFAULT_PORT;
    private int acceptQueueSize = DEFAULT_ACCEPT_QUEUE_SIZE;
    private int acceptors = DEFAULT_ACCEPTORS;
    private int selectors = DEFAULT_SELECTORS;
    private int minThreads = DEFAULT_MIN_THREADS;
    private int maxThreads = DEFAULT_MAX_THREADS;
    private String threadNamePrefix = DEFAULT_THREAD_NAME_PREFIX;
    private boolean daemonThreads;
    private Duration stopTimeout = Duration.ofMillis(DEFAULT_STOP_TIMEOUT_MILLIS);
    private Duration idleTimeout = Duration.ofMillis(DEFAULT_IDLE_TIMEOUT_MILLIS);
    private Duration requestTimeout = Duration.ofMillis(DEFAULT_REQUEST_TIMEOUT_MILLIS);
    private long maxRequestBodyBytes = DEFAULT_MAX_REQUEST_BODY_BYTES;
    private long maxInFlightBodyBytes = DEFAULT_MAX_IN_FLIGHT_BODY_BYTES;
    private ErrorBody errorBody;
    private StandardProtocolFamily protocolFamily;
    private final CxfMounts.Builder mounts = CxfMounts.builder();
    private final Map<String, Servlet> servlets = new LinkedHashMap<>();
    private Handler handler;
    private Handler.Wrapper admission;
    private PolicyEngineMode policyEngine = CxfApplication.DEFAULT_POLICY_ENGINE_MODE;

    private Builder() {}

    /** The interface to listen on; default {@link #DEFAULT_HOST}. */
    public Builder host(String host) {
      requireNonNull(host, "host");
      if (host.isBlank()) {
        throw new IllegalArgumentException("host: '' (expected: a host name or address)");
      }
      this.host = host;
      return this;
    }

    /** The port, {@code 0..65535}, 0 for a free one; default {@link #DEFAULT_PORT}. */
    public Builder port(int port) {
      if (port < 0 || port > 65_535) {
        throw new IllegalArgumentException("port: " + port + " (expected: 0..65535)");
      }
      this.port = port;
      return this;
    }

    /**
     * Publishes {@code implementor} as the JAX-WS endpoint of {@code sei} at {@code path} with
     * {@code features}.
     */
    public <T> Builder endpoint(String path, Class<T> sei, T implementor, Feature... features) {
      return endpoint(path, sei, implementor, List.of(features), factory -> {});
    }

    /**
     * Publishes {@code implementor} as the JAX-WS endpoint of {@code sei} at {@code path} with
     * {@code features}; {@code customizer} then sets what else the endpoint needs (interceptors,
     * handlers, properties, service and endpoint names) on CXF's factory before it is created.
     *
     * @param path the servlet-relative address: starts with {@code /}, more than {@code /}, unique
     *     on this server
     */
    public <T> Builder endpoint(
        String path,
        Class<T> sei,
        T implementor,
        List<? extends Feature> features,
        Consumer<? super JaxWsServerFactoryBean> customizer) {
      checkPath(path);
      mounts.endpoint(path, sei, implementor, features, customizer);
      return this;
    }

    /**
     * Serves JAX-RS {@code resources} (objects of classes annotated {@code @Path}, whose paths are
     * relative to {@code path}) with JAX-RS {@code providers} (message body readers and writers,
     * exception mappers, filters) at {@code path}, on the same bus and port as the JAX-WS
     * endpoints. The resources are singletons: they serve requests concurrently.
     *
     * @param path the servlet-relative address, e.g. {@code /api}: starts with {@code /}, more than
     *     {@code /}, unique on this server
     * @throws IllegalArgumentException if there is no resource, or a resource's class is not
     *     annotated {@code @Path}
     */
    public Builder jaxrs(String path, List<?> resources, List<?> providers) {
      checkPath(path);
      mounts.jaxrs(path, resources, providers);
      return this;
    }

    /**
     * Serves every endpoint and JAX-RS mount of {@code mounts}, as {@link #endpoint} and {@link
     * #jaxrs} would.
     *
     * @throws IllegalArgumentException if one of their paths is already served
     */
    public Builder mounts(CxfMounts mounts) {
      requireNonNull(mounts, "mounts");
      mounts.paths().forEach(this::checkPath);
      this.mounts.add(mounts);
      return this;
    }

    /**
     * Serves {@code servlet} at {@code path}, an exact path such as {@code /metrics} or a prefix
     * such as {@code /qos/*}; it takes precedence over the endpoints' servlet, mapped to {@code
     * /*}.
     */
    public Builder servlet(String path, Servlet servlet) {
      checkPath(path);
      servlets.put(path, requireNonNull(servlet, "servlet"));
      return this;
    }

    /**
     * The connections the kernel queues for the acceptor, at least 1; default {@link
     * #DEFAULT_ACCEPT_QUEUE_SIZE}.
     */
    public Builder acceptQueueSize(int acceptQueueSize) {
      if (acceptQueueSize < 1) {
        throw new IllegalArgumentException(
            "acceptQueueSize: " + acceptQueueSize + " (expected: >= 1)");
      }
      this.acceptQueueSize = acceptQueueSize;
      return this;
    }

    /**
     * The threads that accept connections: {@code 0} lets the selector accept them as it reads the
     * connections it has, which saves a thread hand-off for every new connection where clients
     * connect often; {@code -1} is Jetty's choice; at most 16. Default {@link #DEFAULT_ACCEPTORS}.
     */
    public Builder acceptors(int acceptors) {
      if (acceptors < -1 || acceptors > 16) {
        throw new IllegalArgumentException("acceptors: " + acceptors + " (expected: -1..16)");
      }
      this.acceptors = acceptors;
      return this;
    }

    /**
     * The threads that watch the connections for bytes to read, each for its share of them, at
     * least 1, or {@code -1} for Jetty's choice. A server whose handler is non-blocking runs each
     * request on its connection's selector thread, so it wants one selector per core to use every
     * core. Default {@link #DEFAULT_SELECTORS}.
     */
    public Builder selectors(int selectors) {
      if (selectors == 0 || selectors < -1) {
        throw new IllegalArgumentException(
            "selectors: " + selectors + " (expected: -1, or at least 1)");
      }
      this.selectors = selectors;
      return this;
    }

    /**
     * Jetty's thread pool: {@code 1 <= min <= max}; defaults {@link #DEFAULT_MIN_THREADS} and
     * {@link #DEFAULT_MAX_THREADS}. Jetty refuses to start when {@code max} leaves no thread for
     * requests after its acceptors and selectors.
     */
    public Builder threads(int min, int max) {
      if (min < 1 || max < min) {
        throw new IllegalArgumentException(
            "threads: " + min + ".." + max + " (expected: 1 <= min <= max)");
      }
      this.minThreads = min;
      this.maxThreads = max;
      return this;
    }

    /**
     * Opens the listening channel, and so every connection, in {@code family}: {@link
     * StandardProtocolFamily#INET} (IPv4 only; {@link #host} must then be an IPv4 address or a name
     * that resolves to one) or {@link StandardProtocolFamily#INET6}. Default: the JDK's choice, a
     * dual-stack IPv6 channel where the system has IPv6.
     *
     * <p>Choose {@code INET} on JDK 17 to 20 when anything sets {@code IP_TOS} on the server's
     * connections (the QoS proxy's DSCP marking): on a dual-stack channel those JDKs accept the
     * option, report it back, and send IPv4 packets unmarked all the same (JDK-8303509, fixed in
     * JDK 21).
     *
     * @throws IllegalArgumentException for {@link StandardProtocolFamily#UNIX}
     */
    public Builder protocolFamily(StandardProtocolFamily family) {
      requireNonNull(family, "family");
      if (family == StandardProtocolFamily.UNIX) {
        throw new IllegalArgumentException("protocolFamily: UNIX (expected: INET or INET6)");
      }
      this.protocolFamily = family;
      return this;
    }

    /**
     * The prefix of the names of the server's threads; default {@link #DEFAULT_THREAD_NAME_PREFIX}.
     */
    public Builder threadNamePrefix(String prefix) {
      requireNonNull(prefix, "prefix");
      if (prefix.isBlank()) {
        throw new IllegalArgumentException("threadNamePrefix: '' (expected: non-blank)");
      }
      this.threadNamePrefix = prefix;
      return this;
    }

    /**
     * Whether the server's threads are daemons, so that they do not keep the JVM alive (for test
     * fixtures); default false.
     */
    public Builder daemonThreads(boolean daemon) {
      this.daemonThreads = daemon;
      return this;
    }

    /**
     * How long {@link EmbeddedServer#close()} waits for the requests in flight, not negative;
     * default {@link #DEFAULT_STOP_TIMEOUT_MILLIS} ms.
     */
    public Builder stopTimeout(Duration stopTimeout) {
      requireNonNull(stopTimeout, "stopTimeout");
      if (stopTimeout.isNegative()) {
        throw new IllegalArgumentException("stopTimeout: " + stopTimeout + " (expected: >= 0)");
      }
      this.stopTimeout = stopTimeout;
      return this;
    }

    /**
     * How long a connection may stay silent before it is closed: a kept-alive connection nobody
     * uses, or a client that stops sending its request or reading the response. At least 1 ms;
     * default {@link #DEFAULT_IDLE_TIMEOUT_MILLIS} ms.
     */
    public Builder idleTimeout(Duration idleTimeout) {
      this.idleTimeout = positiveMillis("idleTimeout", idleTimeout);
      return this;
    }

    /**
     * How long a request may take to arrive, head and body, from its first byte, at least 1 ms;
     * default {@link #DEFAULT_REQUEST_TIMEOUT_MILLIS} ms. A body not received in time is answered
     * 408; a head not received in time (a client trickling header lines) has its connection closed,
     * at most a quarter of the timeout (or a second) late. No thread waits for either: the server
     * receives a body before its endpoint reads it. Not applied to the body of a {@link #handler}'s
     * requests, which the handler reads itself.
     */
    public Builder requestTimeout(Duration requestTimeout) {
      this.requestTimeout = positiveMillis("requestTimeout", requestTimeout);
      return this;
    }

    /**
     * The largest request body, at least 1 byte; default {@link #DEFAULT_MAX_REQUEST_BODY_BYTES}. A
     * larger one is answered 413 and its connection closed: before any of it is read when its
     * {@code Content-Length} says so, as soon as it passes the limit when it is chunked. Not
     * applied to a {@link #handler}'s requests.
     */
    public Builder maxRequestBodyBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxRequestBodyBytes: " + bytes + " (expected: >= 1)");
      }
      this.maxRequestBodyBytes = bytes;
      return this;
    }

    /**
     * The most bytes of request bodies the server holds at once, the bodies being received and
     * those of requests being served, at least 1 byte; default {@link
     * #DEFAULT_MAX_IN_FLIGHT_BODY_BYTES}. A body that would pass it is answered 503 with {@code
     * Retry-After: 1} and its connection closed. Bodies over 64 KiB may fill only three quarters of
     * it, so that small requests are still served while large ones are refused; a body alone is
     * always admitted, up to {@link #maxRequestBodyBytes}. Not applied to a {@link #handler}'s
     * requests.
     */
    public Builder maxInFlightBodyBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxInFlightBodyBytes: " + bytes + " (expected: >= 1)");
      }
      this.maxInFlightBodyBytes = bytes;
      return this;
    }

    /**
     * Whether CXF's WS-Policy engine runs on the server's bus; default {@link
     * CxfApplication#DEFAULT_POLICY_ENGINE_MODE}: only if an endpoint carries a policy (in its
     * WSDL, its annotations or a {@code WSPolicyFeature}). {@link PolicyEngineMode#ALWAYS} for
     * endpoints or clients added to {@link EmbeddedServer#bus()} later whose policy is in a WSDL
     * (for a client, the remote service's).
     */
    public Builder policyEngine(PolicyEngineMode policyEngine) {
      this.policyEngine = requireNonNull(policyEngine, "policyEngine");
      return this;
    }

    /**
     * Writes the body of every error the server answers itself (malformed requests, a header too
     * large, the limits above, paths nothing serves) with {@code errorBody}, for every method;
     * default: Jetty's own pages (HTML, or text or JSON as the request accepts).
     */
    public Builder errorBody(ErrorBody errorBody) {
      this.errorBody = requireNonNull(errorBody, "errorBody");
      return this;
    }

    private static Duration positiveMillis(String name, Duration value) {
      requireNonNull(value, name);
      if (value.toMillis() < 1) {
        throw new IllegalArgumentException(name + ": " + value + " (expected: >= 1 ms)");
      }
      return value;
    }

    /**
     * Starts the server and returns once it accepts requests; the caller owns it and must close it.
     *
     * @throws IllegalStateException if nothing is configured to serve, a handler and endpoints or
     *     servlets are, or the port cannot be bound; nothing is left running then
     */
    public EmbeddedServer start() {
      boolean mounted = !mounts.paths().isEmpty() || !servlets.isEmpty();
      if (handler != null && admission != null) {
        throw new IllegalStateException(
            "a handler and an admission handler (expected: admission in front of endpoints only)");
      }
      if (handler != null && mounted) {
        throw new IllegalStateException(
            "a handler and endpoints or servlets (expected: one or the other)");
      }
      if (handler == null && !mounted) {
        throw new IllegalStateException(
            "nothing to serve (expected: at least one endpoint, JAX-RS resource or servlet, or a"
                + " handler)");
      }
      return new EmbeddedServer(this);
    }

    /**
     * Puts {@code admission} in front of the endpoints and servlets, after a request's body has
     * been received: it sees each request, with its whole body in memory, before any endpoint does,
     * and may hold it without a thread or answer it itself. Meant for wsqos-core's {@code
     * io.wsqos.core.admission.AdmissionHandler} (admission control by WS-QoS class). Default: none.
     * Not for a {@link #handler}'s server.
     */
    public Builder admission(Handler.Wrapper admission) {
      this.admission = requireNonNull(admission, "admission");
      return this;
    }

    /**
     * Serves every request with {@code handler}, a Jetty 12 handler such as a reverse proxy,
     * instead of CXF endpoints and servlets: a server with a handler has neither, and its {@link
     * EmbeddedServer#bus()} and {@link EmbeddedServer#endpoint} throw. It gets everything else of
     * this builder (host, port, protocol family, threads, accept queue, graceful stop, idle
     * timeout, the request head's deadline, error body) but the body limits: the handler reads its
     * own bodies, without blocking a thread on a slow client.
     */
    public Builder handler(Handler handler) {
      this.handler = requireNonNull(handler, "handler");
      return this;
    }

    private void checkPath(String path) {
      requireNonNull(path, "path");
      if (!path.startsWith("/") || path.length() < 2) {
        throw new IllegalArgumentException(
            "path: '" + path + "' (expected: starts with '/', e.g. /service)");
      }
      if (mounts.paths().contains(path) || servlets.containsKey(path)) {
        throw new IllegalArgumentException("path: " + path + " (expected: not already served)");
      }
    }
  }
}
