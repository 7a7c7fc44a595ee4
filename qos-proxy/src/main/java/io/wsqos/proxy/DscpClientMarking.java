package io.wsqos.proxy;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.FeatureLifecycle;
import io.wsqos.core.FeatureMeters;
import io.wsqos.core.header.TransportPriority;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.time.Duration;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.io.Transport;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DiffServ marking of a CXF client's requests: each request leaves on a connection whose packets
 * carry the DSCP of the transport priority class its own WS-QoS {@code Requirement} asks for (best
 * effort, unmarked, without one). The server decides what the client is entitled to; the client
 * marks what it asks for.
 *
 * <pre>{@code
 * try (DscpClientMarking marking = DscpClientMarking.builder()
 *     .protocolFamily(StandardProtocolFamily.INET) // on JDK 17-20: see below
 *     .build()) {
 *   JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
 *   factory.getFeatures().add(marking.feature());
 *   ...
 * }
 * }</pre>
 *
 * <p>CXF's own HTTP conduits (the JDK's {@code HttpClient}, {@code HttpURLConnection}) give no
 * access to their sockets, so the feature replaces the client's conduit with one on Jetty's HTTP
 * client that keeps one pool of kept-alive connections per class, each connection marked before it
 * connects. That conduit speaks plain {@code http} only; a client of an {@code https} address fails
 * with a clear error. On JDK 17 to 20 a dual-stack socket takes the option and sends IPv4 packets
 * unmarked all the same (JDK-8303509): open IPv4 channels there.
 *
 * <p>Add {@link #feature()} to a client, or to a bus, where it marks every client made on the bus
 * afterwards; on a server endpoint it does nothing (a server marks its responses with {@link
 * DscpMarkingFeature}). The marking owns the connection pools and their threads: they start when
 * the feature is first added to a client or a bus, not when the marking is built, and stop once
 * every client and bus it was added to has gone (see {@link FeatureLifecycle}), or at {@link
 * #close()}; added again, they start again. Its counters go to the {@link FeatureMeters registry}
 * of its builder, else of the first bus it is added to.
 */
public final class DscpClientMarking implements AutoCloseable {

  /** Requests sent, tagged {@code class}: the class whose connection carried them. */
  public static final String REQUESTS_COUNTER = "wsqos.proxy.client.requests";

  /** 30 s, CXF's own default connection timeout. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(30);

  /** 64: connections kept per class and server address. */
  public static final int DEFAULT_MAX_CONNECTIONS = 64;

  private static final Logger logger = LoggerFactory.getLogger(DscpClientMarking.class);

  private final DscpMapping mapping;
  private final Duration connectTimeout;
  private final int maxConnections;
  private final MeterRegistry configuredRegistry;
  private final Transport transport;
  private final Feature feature = new Feature();
  private final FeatureLifecycle lifecycle;
  // Written by the lifecycle's start (under its lock) before any client can send; read per request.
  private volatile Pools pools;
  private MeterRegistry registry;

  private DscpClientMarking(Builder builder) {
    mapping = builder.mapping;
    connectTimeout = builder.connectTimeout;
    maxConnections = builder.maxConnections;
    configuredRegistry = builder.meterRegistry;
    transport =
        builder.protocolFamily == StandardProtocolFamily.INET
            ? Ipv4Transport.INSTANCE
            : Transport.TCP_IP;
    lifecycle = new FeatureLifecycle("DscpClientMarking", this::start, this::stop);
  }

  /** The connection pools of one start: a Jetty client per class on one pool of threads. */
  private static final class Pools {
    final HttpClient[] clients = new HttpClient[TransportPriority.values().length];
    final Counter[] requests = new Counter[TransportPriority.values().length];
    final QueuedThreadPool executor = new QueuedThreadPool();

    void stop() {
      for (HttpClient client : clients) {
        if (client != null) {
          try {
            client.stop();
          } catch (Exception e) {
            // Stopping closes sockets; one that fails to close has nothing left to send.
          }
        }
      }
      try {
        executor.stop();
      } catch (Exception e) {
        // Its threads are daemons; one that does not stop ends with the JVM.
      }
    }
  }

  private void start() {
    Pools started = new Pools();
    HttpClient[] clients = started.clients;
    Counter[] requests = started.requests;
    QueuedThreadPool executor = started.executor;
    TransportPriority[] classes = TransportPriority.values();
    MeterRegistry meters = registry != null ? registry : FeatureMeters.registry(null, null);
    MarkingMetrics metrics = new MarkingMetrics(meters);
    try {
      // One pool of threads for the three clients: started here, so that no client stops it.
      executor.setName("wsqos-marking-client");
      executor.setDaemon(true);
      executor.start();
      for (TransportPriority priority : classes) {
        MarkingClientConnector connector =
            new MarkingClientConnector(
                mapping.tos(priority),
                () -> metrics.failed(ConnectionMarker.Failure.SOCKET_OPTION));
        connector.setConnectTimeout(connectTimeout);
        HttpClient client = new HttpClient(new HttpClientTransportOverHTTP(connector));
        client.setExecutor(executor);
        client.setFollowRedirects(false);
        client.setHttpCookieStore(new HttpCookieStore.Empty());
        client.setMaxConnectionsPerDestination(maxConnections);
        client.start();
        // CXF handles content codings itself (the compression feature), as with its own conduits.
        client.getContentDecoderFactories().clear();
        client.getProtocolHandlers().clear();
        clients[priority.ordinal()] = client;
        requests[priority.ordinal()] =
            Counter.builder(REQUESTS_COUNTER)
                .description("Requests sent on connections marked for their class")
                .tag("class", priority.token())
                .register(meters);
      }
    } catch (Exception e) {
      started.stop();
      throw new IllegalStateException("starting the marking clients failed: " + e, e);
    }
    pools = started;
  }

  private void stop() {
    Pools stopping = pools;
    pools = null;
    if (stopping != null) {
      stopping.stop();
    }
  }

  /** The first bus the marking is added to names the registry, when the builder gave none. */
  private synchronized void bindRegistry(Bus bus) {
    if (registry == null) {
      registry = FeatureMeters.registry(configuredRegistry, bus);
    }
  }

  /** Returns a builder whose settings start at their documented defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The feature to add to CXF clients; only clients, never server endpoints. */
  public AbstractPortableFeature feature() {
    return feature;
  }

  private final MarkingConduit.Clients conduitClients =
      new MarkingConduit.Clients() {
        @Override
        public HttpClient client(TransportPriority priority) {
          Pools current = pools;
          if (current == null) {
            throw new IllegalStateException(
                "DscpClientMarking closed (expected: a client of a bus, or a client, not yet gone)");
          }
          current.requests[priority.ordinal()].increment();
          return current.clients[priority.ordinal()];
        }

        @Override
        public Transport transport() {
          return transport;
        }
      };

  /**
   * Stops the connection pools now rather than when the last client or bus the feature was added to
   * goes; the clients that use the feature can no longer send. Idempotent.
   */
  @Override
  public void close() {
    lifecycle.close();
  }

  /** Replaces a client's conduit with the marking one; closing it closes the marking. */
  private final class Feature implements AbstractPortableFeature, AutoCloseable {
    @Override
    public void close() {
      DscpClientMarking.this.close();
    }

    @Override
    public void initialize(Client client, Bus bus) {
      bindRegistry(bus);
      lifecycle.attach(client, bus);
      mark(client, bus);
    }

    private void mark(Client client, Bus bus) {
      if (client.getConduitSelector() instanceof MarkingConduitSelector) {
        return; // Both on the client and on its bus.
      }
      Endpoint endpoint = client.getEndpoint();
      try {
        MarkingConduit conduit =
            new MarkingConduit(bus, endpoint.getEndpointInfo(), conduitClients);
        // As CXF's transport factory does for its own conduits: the client policy, the
        // authorization and the bus's conduit configurers are applied here.
        conduit.finalizeConfig();
        // CXF's selectors hand the client to the conduits they make; this one is made here.
        conduit.setMessageObserver(client);
        client.setConduitSelector(new MarkingConduitSelector(conduit, endpoint));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** Does nothing: a server endpoint marks its responses with {@link DscpMarkingFeature}. */
    @Override
    public void initialize(Server server, Bus bus) {
      logger.debug("DscpClientMarking added to server {}: nothing to mark there", server);
    }

    /** Marks the clients made on {@code bus} from now on. */
    @Override
    public void initialize(Bus bus) {
      bindRegistry(bus);
      lifecycle.attach(bus, client -> mark(client, bus));
    }

    @Override
    public void initialize(InterceptorProvider provider, Bus bus) {
      if (provider instanceof Client client) {
        initialize(client, bus);
      } else if (provider == bus) {
        initialize(bus);
      }
    }

    @Override
    public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
      // Nothing to add to interceptor chains: the marking is the conduit's.
    }

    @Override
    public String toString() {
      return "DscpClientMarking.feature";
    }
  }

  /** Configures a {@link DscpClientMarking}. Every setting has a default; all are validated. */
  public static final class Builder {
    private DscpMapping mapping = DscpMapping.defaults();
    private StandardProtocolFamily protocolFamily;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private MeterRegistry meterRegistry;

    private Builder() {}

    /** The DSCP of each class. Default: {@link DscpMapping#defaults()} (BE 0, AF 10, EF 46). */
    public Builder mapping(DscpMapping mapping) {
      this.mapping = requireNonNull(mapping, "mapping");
      return this;
    }

    /**
     * {@link StandardProtocolFamily#INET} opens the connections as IPv4 channels, which JDK 17 to
     * 20 need for marks to reach IPv4 packets (JDK-8303509). Default: the JDK's choice.
     *
     * @throws IllegalArgumentException for a family other than INET and INET6
     */
    public Builder protocolFamily(StandardProtocolFamily family) {
      requireNonNull(family, "family");
      if (family != StandardProtocolFamily.INET && family != StandardProtocolFamily.INET6) {
        throw new IllegalArgumentException(
            "protocolFamily: " + family + " (expected: INET or INET6)");
      }
      this.protocolFamily = family;
      return this;
    }

    /** How long a connection may take to open; default {@link #DEFAULT_CONNECT_TIMEOUT}. */
    public Builder connectTimeout(Duration connectTimeout) {
      requireNonNull(connectTimeout, "connectTimeout");
      if (connectTimeout.isNegative() || connectTimeout.isZero()) {
        throw new IllegalArgumentException(
            "connectTimeout: " + connectTimeout + " (expected: positive)");
      }
      this.connectTimeout = connectTimeout;
      return this;
    }

    /**
     * Connections kept per class and server address, {@code 1..10000}; default {@link
     * #DEFAULT_MAX_CONNECTIONS}.
     */
    public Builder maxConnections(int maxConnections) {
      if (maxConnections < 1 || maxConnections > 10_000) {
        throw new IllegalArgumentException(
            "maxConnections: " + maxConnections + " (expected: 1..10000)");
      }
      this.maxConnections = maxConnections;
      return this;
    }

    /**
     * Where the counters go ({@value #REQUESTS_COUNTER}, and {@value
     * DscpMarkingFeature#FAILURES_COUNTER} for a connection whose mark could not be set). Default:
     * the first bus's, else Micrometer's global registry ({@link FeatureMeters#registry}).
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * Returns the marking; its connection pools start when its {@link #feature()} is first added to
     * a client or a bus, which throws {@link IllegalStateException} if Jetty's client cannot start.
     */
    public DscpClientMarking build() {
      return new DscpClientMarking(this);
    }
  }
}
