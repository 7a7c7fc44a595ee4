package io.wsqos.server;

import static java.util.Objects.requireNonNull;

import jakarta.servlet.Servlet;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
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
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * CXF JAX-WS endpoints, JAX-RS resources and plain servlets on an embedded Jetty 12 server, served
 * by CXF's servlet as in a WAR (the same {@link CxfApplication} a WAR registers in its container),
 * on a dedicated CXF {@link Bus} (never the default bus). A fault in any endpoint is logged in one
 * line (the stack trace at DEBUG). Build one with {@link #builder()}, and {@link #close()} it;
 * nothing is left running when the start fails.
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

  private final String host;
  private final int port;
  private final String baseAddress;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EmbeddedServer(Builder builder) {
    host = builder.host;
    // Endpoints first, so that no request reaches the port before they are there.
    cxf = builder.handler == null ? CxfApplication.publish(builder.mounts.build()) : null;

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
    ServerConnector connector =
        builder.protocolFamily == null
            ? new ServerConnector(jetty, builder.acceptors, builder.selectors, http())
            : new FamilyConnector(
                jetty, builder.acceptors, builder.selectors, builder.protocolFamily);
    connector.setHost(builder.host);
    connector.setPort(builder.port);
    connector.setAcceptQueueSize(builder.acceptQueueSize);
    jetty.addConnector(connector);

    // Lets stop() finish the requests in flight, up to the stop timeout, before closing.
    GracefulHandler graceful = new GracefulHandler();
    graceful.setHandler(
        builder.handler != null ? builder.handler : servlets(cxf, builder.servlets));
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

  private static Handler servlets(CxfApplication cxf, Map<String, Servlet> plainServlets) {
    ServletContextHandler context = new ServletContextHandler("/");
    ServletHolder servlet = new ServletHolder("cxf", cxf.servletForOwnThreads());
    servlet.setInitOrder(1);
    servlet.setInitParameters(CxfApplication.SERVLET_INIT_PARAMETERS);
    context.addServlet(servlet, "/*");
    plainServlets.forEach(
        (path, plain) -> context.addServlet(new ServletHolder(path, plain), path));
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

  /** Whether {@link #close()} has been called. */
  public boolean isClosed() {
    return closed.get();
  }

  /** Blocks until the server has stopped. */
  public void join() throws InterruptedException {
    jetty.join();
  }

  /**
   * Stops accepting connections, lets the requests in flight finish (up to the stop timeout), then
   * stops the endpoints and shuts the bus down. Idempotent.
   *
   * @throws IllegalStateException if a part did not stop cleanly; the others are stopped anyway
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

  /**
   * A connector whose listening channel, and so every connection it accepts, is of one protocol
   * family; Jetty's own opens the JDK's default, a dual-stack IPv6 socket where IPv6 is available.
   */
  private static final class FamilyConnector extends ServerConnector {
    private final StandardProtocolFamily family;

    FamilyConnector(
        org.eclipse.jetty.server.Server jetty,
        int acceptors,
        int selectors,
        StandardProtocolFamily family) {
      super(jetty, acceptors, selectors, http());
      this.family = family;
    }

    @Override
    protected ServerSocketChannel openAcceptChannel() throws IOException {
      InetSocketAddress address =
          getHost() == null
              ? new InetSocketAddress(getPort())
              : new InetSocketAddress(getHost(), getPort());
      ServerSocketChannel channel = ServerSocketChannel.open(family);
      try {
        channel.setOption(StandardSocketOptions.SO_REUSEADDR, getReuseAddress());
        channel.bind(address, getAcceptQueueSize());
        return channel;
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw new IOException(
            "cannot bind "
                + address
                + " on an "
                + family
                + " channel (expected: an address of that family): "
                + e,
            e);
      }
    }
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
    private StandardProtocolFamily protocolFamily;
    private final CxfMounts.Builder mounts = CxfMounts.builder();
    private final Map<String, Servlet> servlets = new LinkedHashMap<>();
    private Handler handler;

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
     * Starts the server and returns once it accepts requests; the caller owns it and must close it.
     *
     * @throws IllegalStateException if nothing is configured to serve, a handler and endpoints or
     *     servlets are, or the port cannot be bound; nothing is left running then
     */
    public EmbeddedServer start() {
      boolean mounted = !mounts.paths().isEmpty() || !servlets.isEmpty();
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
     * Serves every request with {@code handler}, a Jetty 12 handler such as a reverse proxy,
     * instead of CXF endpoints and servlets: a server with a handler has neither, and its {@link
     * EmbeddedServer#bus()} and {@link EmbeddedServer#endpoint} throw. It gets everything else of
     * this builder: host, port, protocol family, threads, accept queue and graceful stop.
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
