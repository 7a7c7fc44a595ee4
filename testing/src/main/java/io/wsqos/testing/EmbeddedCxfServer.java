package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import jakarta.xml.ws.handler.Handler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.bus.extension.ExtensionManagerBus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.message.Message;
import org.apache.cxf.transport.http.DestinationRegistry;
import org.apache.cxf.transport.http.DestinationRegistryImpl;
import org.apache.cxf.transport.http.HTTPTransportFactory;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * A CXF JAX-WS endpoint on a real embedded Jetty 12 server bound to 127.0.0.1 on an ephemeral port,
 * served by {@link CXFNonSpringServlet} exactly as in a WAR, on a dedicated {@link Bus} (never the
 * default bus). Build one with {@link #builder(Class, Object)}, use it, and {@link #close()} it;
 * JUnit tests use {@link CxfServerExtension}, which wraps this class and also checks for leaks.
 */
public final class EmbeddedCxfServer implements AutoCloseable {

  /** The host every fixture binds to: loopback only. */
  public static final String HOST = "127.0.0.1";

  /** The default servlet-relative address of the endpoint. */
  public static final String DEFAULT_PATH = "/service";

  /** How long Jetty may take to stop gracefully before it closes connections. */
  public static final long STOP_TIMEOUT_MILLIS = 5_000;

  /**
   * Starts {@code implementor} as the endpoint of {@code sei} at {@link #DEFAULT_PATH} with no
   * extra features.
   */
  public static <T> EmbeddedCxfServer start(Class<T> sei, T implementor) {
    return builder(sei, implementor).start();
  }

  /** Returns a builder for an endpoint of {@code sei} served by {@code implementor}. */
  public static <T> Builder builder(Class<T> sei, T implementor) {
    return new Builder(sei, implementor);
  }

  private final Bus bus;
  private final org.eclipse.jetty.server.Server jetty;
  private final Server endpoint;

  /** Every fixture's threads start with this, then the fixture's own id. */
  static final String THREAD_NAME_PREFIX = "wsqos-fixture-";

  private final String threadNamePrefix;
  private final Set<Thread> threadsBeforeStart;
  private final int port;
  private final String address;
  private final List<Client> clients = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  EmbeddedCxfServer(Builder builder) {
    // Taken before anything starts so that the leak check can tell the fixture's threads apart.
    threadsBeforeStart = LeakCheck.liveThreads();
    threadNamePrefix = THREAD_NAME_PREFIX + Integer.toHexString(System.identityHashCode(this));

    ExtensionManagerBus newBus = new ExtensionManagerBus();
    undoDefaultBus(newBus);
    newBus.initialize();
    bus = newBus;

    // One registry shared by the servlet and the endpoint's destination factory, so a relative
    // address is served by this servlet, whatever other HTTP transports (CXF's own Jetty one) are
    // on the class path.
    DestinationRegistry registry = new DestinationRegistryImpl();
    HTTPTransportFactory transportFactory = new HTTPTransportFactory(registry);

    QueuedThreadPool threadPool = new QueuedThreadPool();
    threadPool.setName(threadNamePrefix + "-jetty");
    threadPool.setDaemon(true);
    jetty =
        new org.eclipse.jetty.server.Server(
            threadPool,
            new ScheduledExecutorScheduler(threadNamePrefix + "-scheduler", true),
            null);
    jetty.setStopTimeout(STOP_TIMEOUT_MILLIS);
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost(HOST);
    connector.setPort(0);
    // The JDK's default backlog of 50 drops SYNs during a short pause under a burst of connects.
    connector.setAcceptQueueSize(1024);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.addServlet(new ServletHolder(new CXFNonSpringServlet(registry, bus)), "/*");
    jetty.setHandler(context);

    Server created = null;
    try {
      jetty.start();
      JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
      factory.setBus(bus);
      factory.setDestinationFactory(transportFactory);
      factory.setServiceClass(builder.sei());
      factory.setServiceBean(builder.implementor());
      factory.setAddress(builder.path());
      factory.setFeatures(new ArrayList<>(builder.features()));
      factory.getInInterceptors().addAll(builder.inInterceptors());
      factory.getOutInterceptors().addAll(builder.outInterceptors());
      factory.getInFaultInterceptors().addAll(builder.inFaultInterceptors());
      factory.getOutFaultInterceptors().addAll(builder.outFaultInterceptors());
      if (!builder.handlers.isEmpty()) {
        // CXF's setter takes the raw type of JAX-WS 1.0.
        @SuppressWarnings("rawtypes")
        List<Handler> chain = new ArrayList<>(builder.handlers);
        factory.setHandlers(chain);
      }
      if (!builder.properties().isEmpty()) {
        factory.setProperties(new LinkedHashMap<>(builder.properties()));
      }
      created = factory.create();
    } catch (RuntimeException | Error e) {
      stopQuietly(created, e);
      throw e;
    } catch (Exception e) {
      stopQuietly(created, e);
      throw new IllegalStateException("fixture did not start", e);
    }
    endpoint = created;
    port = connector.getLocalPort();
    address = "http://" + HOST + ":" + port + builder.path();
  }

  /** The endpoint's full address, e.g. {@code http://127.0.0.1:41234/service}. */
  public String address() {
    return address;
  }

  /** The port Jetty actually bound. */
  public int port() {
    return port;
  }

  /** The dedicated bus of this server; it is shut down by {@link #close()}. */
  public Bus bus() {
    return bus;
  }

  /**
   * Returns a CXF JAX-WS proxy of {@code sei} talking to this endpoint on this server's bus, with
   * the given client-side features. The proxy's conduit is closed when this server closes.
   */
  public <T> T client(Class<T> sei, Feature... features) {
    requireNonNull(sei, "sei");
    requireNonNull(features, "features");
    if (closed) {
      throw new IllegalStateException("server closed: " + address);
    }
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setBus(bus);
    factory.setServiceClass(sei);
    factory.setAddress(address);
    factory.setFeatures(new ArrayList<>(Arrays.asList(features)));
    T proxy = factory.create(sei);
    clients.add(ClientProxy.getClient(proxy));
    return proxy;
  }

  /** Whether {@link #close()} has been called. */
  public boolean isClosed() {
    return closed;
  }

  /**
   * Closes the clients made by {@link #client}, stops the endpoint and Jetty, and shuts the bus
   * down. Idempotent. Threads may take a moment to end after this returns; {@link
   * CxfServerExtension} waits for them.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    RuntimeException failure = null;
    for (Client client : clients) {
      try {
        client.destroy();
      } catch (RuntimeException e) {
        failure = addSuppressed(failure, e);
      }
    }
    clients.clear();
    try {
      stopQuietly(endpoint, null);
    } catch (RuntimeException e) {
      failure = addSuppressed(failure, e);
    }
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * A new bus makes itself the JVM-wide and the thread's default when there is none yet; undo that,
   * so that code asking for the default bus never gets a fixture's bus (which dies with the
   * fixture).
   */
  private static void undoDefaultBus(Bus bus) {
    if (BusFactory.getThreadDefaultBus(false) == bus) {
      BusFactory.setThreadDefaultBus(null);
    }
    if (BusFactory.getDefaultBus(false) == bus) {
      BusFactory.setDefaultBus(null);
    }
  }

  String threadNamePrefix() {
    return threadNamePrefix;
  }

  Set<Thread> threadsBeforeStart() {
    return threadsBeforeStart;
  }

  private void stopQuietly(Server createdEndpoint, Throwable cause) {
    List<Exception> errors = new ArrayList<>();
    if (createdEndpoint != null) {
      try {
        createdEndpoint.destroy();
      } catch (RuntimeException e) {
        errors.add(e);
      }
    }
    try {
      jetty.stop();
    } catch (Exception e) {
      errors.add(e);
    }
    try {
      bus.shutdown(true);
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
    IllegalStateException failure = new IllegalStateException("fixture did not stop cleanly");
    errors.forEach(failure::addSuppressed);
    throw failure;
  }

  private static RuntimeException addSuppressed(RuntimeException first, RuntimeException next) {
    if (first == null) {
      return next;
    }
    first.addSuppressed(next);
    return first;
  }

  @Override
  public String toString() {
    return "EmbeddedCxfServer{" + address + (closed ? ", closed" : "") + '}';
  }

  /** Builds an {@link EmbeddedCxfServer}; later issues add their server-side features here. */
  public static final class Builder {
    private final Class<?> sei;
    private final Object implementor;
    private String path = DEFAULT_PATH;
    private final List<Feature> features = new ArrayList<>();
    private final List<Interceptor<? extends Message>> inInterceptors = new ArrayList<>();
    private final List<Interceptor<? extends Message>> outInterceptors = new ArrayList<>();
    private final List<Interceptor<? extends Message>> inFaultInterceptors = new ArrayList<>();
    private final List<Interceptor<? extends Message>> outFaultInterceptors = new ArrayList<>();
    private final Map<String, Object> properties = new LinkedHashMap<>();
    private final List<Handler<?>> handlers = new ArrayList<>();

    Builder(Class<?> sei, Object implementor) {
      this.sei = requireNonNull(sei, "sei");
      this.implementor = requireNonNull(implementor, "implementor");
      if (!sei.isInstance(implementor)) {
        throw new IllegalArgumentException(
            "implementor: "
                + implementor.getClass().getName()
                + " (expected: an implementation of "
                + sei.getName()
                + ")");
      }
    }

    /**
     * Sets the servlet-relative address of the endpoint. Default {@link #DEFAULT_PATH}; must start
     * with {@code /} and be more than {@code /}.
     */
    public Builder path(String path) {
      requireNonNull(path, "path");
      if (!path.startsWith("/") || path.length() < 2) {
        throw new IllegalArgumentException(
            "path: '" + path + "' (expected: starts with '/', e.g. /service)");
      }
      this.path = path;
      return this;
    }

    /** Adds a CXF feature to the server endpoint. */
    public Builder feature(Feature feature) {
      features.add(requireNonNull(feature, "feature"));
      return this;
    }

    /** Adds an interceptor to the server's inbound chain. */
    public Builder inInterceptor(Interceptor<? extends Message> interceptor) {
      inInterceptors.add(requireNonNull(interceptor, "interceptor"));
      return this;
    }

    /** Adds an interceptor to the server's outbound chain. */
    public Builder outInterceptor(Interceptor<? extends Message> interceptor) {
      outInterceptors.add(requireNonNull(interceptor, "interceptor"));
      return this;
    }

    /** Adds an interceptor to the server's inbound fault chain. */
    public Builder inFaultInterceptor(Interceptor<? extends Message> interceptor) {
      inFaultInterceptors.add(requireNonNull(interceptor, "interceptor"));
      return this;
    }

    /** Adds an interceptor to the server's outbound fault chain. */
    public Builder outFaultInterceptor(Interceptor<? extends Message> interceptor) {
      outFaultInterceptors.add(requireNonNull(interceptor, "interceptor"));
      return this;
    }

    /**
     * Adds a JAX-WS handler to the endpoint's handler chain, as an application would (a {@code
     * SOAPHandler} makes CXF build each message as SAAJ).
     */
    public Builder handler(Handler<?> handler) {
      handlers.add(requireNonNull(handler, "handler"));
      return this;
    }

    /** Sets an endpoint property (e.g. {@code schema-validation-enabled}). */
    public Builder property(String name, Object value) {
      properties.put(requireNonNull(name, "name"), requireNonNull(value, "value"));
      return this;
    }

    /** Starts the server; the caller owns it and must close it. */
    public EmbeddedCxfServer start() {
      return new EmbeddedCxfServer(this);
    }

    /** Returns a JUnit 5 extension that starts this configuration before and stops it after. */
    public CxfServerExtension toExtension() {
      return new CxfServerExtension(this);
    }

    Class<?> sei() {
      return sei;
    }

    Object implementor() {
      return implementor;
    }

    String path() {
      return path;
    }

    List<Feature> features() {
      return features;
    }

    List<Interceptor<? extends Message>> inInterceptors() {
      return inInterceptors;
    }

    List<Interceptor<? extends Message>> outInterceptors() {
      return outInterceptors;
    }

    List<Interceptor<? extends Message>> inFaultInterceptors() {
      return inFaultInterceptors;
    }

    List<Interceptor<? extends Message>> outFaultInterceptors() {
      return outFaultInterceptors;
    }

    Map<String, Object> properties() {
      return properties;
    }
  }
}
