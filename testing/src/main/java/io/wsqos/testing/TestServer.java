package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import io.wsqos.server.EmbeddedServer;
import jakarta.xml.ws.handler.Handler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.message.Message;

/**
 * One JAX-WS endpoint on an {@link EmbeddedServer} at 127.0.0.1 on a free port, with daemon threads
 * named for this fixture, and clients that close with it. Build one with {@link #builder(Class,
 * Object)}, use it, and {@link #close()} it; JUnit tests use {@link CxfServerExtension}, which
 * wraps this class and also checks for leaks.
 */
public final class TestServer implements AutoCloseable {

  /** The host every fixture binds to: loopback only. */
  public static final String HOST = EmbeddedServer.DEFAULT_HOST;

  /** The default servlet-relative address of the endpoint. */
  public static final String DEFAULT_PATH = "/service";

  /** Every fixture's threads start with this, then the fixture's own id. */
  static final String THREAD_NAME_PREFIX = "wsqos-fixture-";

  /**
   * Starts {@code implementor} as the endpoint of {@code sei} at {@link #DEFAULT_PATH} with no
   * extra features.
   */
  public static <T> TestServer start(Class<T> sei, T implementor) {
    return builder(sei, implementor).start();
  }

  /** Returns a builder for an endpoint of {@code sei} served by {@code implementor}. */
  public static <T> Builder builder(Class<T> sei, T implementor) {
    return new Builder(sei, implementor);
  }

  private final EmbeddedServer server;
  private final String threadNamePrefix;
  private final Set<Thread> threadsBeforeStart;
  private final String address;
  private final List<Client> clients = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  private <T> TestServer(Builder builder, Class<T> sei, T implementor) {
    // Taken before anything starts so that the leak check can tell the fixture's threads apart.
    threadsBeforeStart = LeakCheck.liveThreads();
    threadNamePrefix = THREAD_NAME_PREFIX + Integer.toHexString(System.identityHashCode(this));
    server =
        EmbeddedServer.builder()
            .host(HOST)
            .threadNamePrefix(threadNamePrefix)
            .daemonThreads(true)
            .endpoint(builder.path, sei, implementor, builder.features, builder::customize)
            .start();
    address = server.address(builder.path);
  }

  /** The endpoint's full address, e.g. {@code http://127.0.0.1:41234/service}. */
  public String address() {
    return address;
  }

  /** The port Jetty actually bound. */
  public int port() {
    return server.port();
  }

  /** The dedicated bus of this server; it is shut down by {@link #close()}. */
  public Bus bus() {
    return server.bus();
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
    factory.setBus(server.bus());
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
   * Closes the clients made by {@link #client}, then the server. Idempotent. Threads may take a
   * moment to end after this returns; {@link CxfServerExtension} waits for them.
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
      server.close();
    } catch (RuntimeException e) {
      failure = addSuppressed(failure, e);
    }
    if (failure != null) {
      throw failure;
    }
  }

  String threadNamePrefix() {
    return threadNamePrefix;
  }

  Set<Thread> threadsBeforeStart() {
    return threadsBeforeStart;
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
    return "TestServer{" + address + (closed ? ", closed" : "") + '}';
  }

  /** Builds a {@link TestServer}: the endpoint's path, features, interceptors and handlers. */
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
    private Consumer<Bus> busSetup = bus -> {};

    Builder(Class<?> sei, Object implementor) {
      this.sei = requireNonNull(sei, "sei");
      this.implementor = requireNonNull(implementor, "implementor");
      EmbeddedServer.checkImplements(sei, implementor);
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

    /**
     * Runs {@code setup} on the server's bus once it is initialized, before the endpoint is created
     * on it: to set a bus extension (the application's {@code MeterRegistry}) or the bus's
     * features, as an application configures its bus. Replaces an earlier setup.
     */
    public Builder bus(Consumer<Bus> setup) {
      this.busSetup = requireNonNull(setup, "setup");
      return this;
    }

    /** Sets an endpoint property (e.g. {@code schema-validation-enabled}). */
    public Builder property(String name, Object value) {
      properties.put(requireNonNull(name, "name"), requireNonNull(value, "value"));
      return this;
    }

    /** Starts the server; the caller owns it and must close it. */
    public TestServer start() {
      return startTyped(sei, implementor);
    }

    /** Returns a JUnit 5 extension that starts this configuration before and stops it after. */
    public CxfServerExtension toExtension() {
      return new CxfServerExtension(this);
    }

    private <T> TestServer startTyped(Class<T> type, Object implementation) {
      return new TestServer(this, type, type.cast(implementation));
    }

    private void customize(JaxWsServerFactoryBean factory) {
      busSetup.accept(factory.getBus());
      factory.getInInterceptors().addAll(inInterceptors);
      factory.getOutInterceptors().addAll(outInterceptors);
      factory.getInFaultInterceptors().addAll(inFaultInterceptors);
      factory.getOutFaultInterceptors().addAll(outFaultInterceptors);
      if (!handlers.isEmpty()) {
        // CXF's setter takes the raw type of JAX-WS 1.0.
        @SuppressWarnings("rawtypes")
        List<Handler> chain = new ArrayList<>(handlers);
        factory.setHandlers(chain);
      }
      if (!properties.isEmpty()) {
        factory.setProperties(new LinkedHashMap<>(properties));
      }
    }
  }
}
