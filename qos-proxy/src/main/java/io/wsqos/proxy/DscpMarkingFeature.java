package io.wsqos.proxy;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.FeatureMeters;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosEndpointBaseline;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.interceptor.InterceptorProvider;

/**
 * DiffServ marking of a CXF service's responses on its own connections (the seed's "ideal" QoS
 * proxy, with no proxy in the path): the transport priority a request asks for in its WS-QoS {@code
 * Requirement}, clamped to what its client is entitled to, becomes the DSCP of the packets of its
 * response, and its {@code ServerAction} says which class and DSCP it got, and from which class it
 * was clamped.
 *
 * <pre>{@code
 * EmbeddedServer.builder()
 *     .protocolFamily(StandardProtocolFamily.INET) // on JDK 17-20: see below
 *     .endpoint("/bookstore", Bookstore.class, impl, DscpMarkingFeature.builder().build())
 *     .start();
 * }</pre>
 *
 * <p>The mark is the connection's {@code IP_TOS}, set before the response's first byte is written
 * and put back to the connection's own when the next request on the kept-alive connection arrives
 * at an endpoint with this feature (an endpoint without it leaves the connection as it is). It
 * needs CXF on Jetty 12 (the {@code server} module's embedded server): on another container, or
 * when the socket refuses the option, the call goes on unmarked and {@value #FAILURES_COUNTER}
 * counts it. On JDK 17 to 20 a socket accepted by a dual-stack IPv6 listener takes the option and
 * sends IPv4 packets unmarked all the same (JDK-8303509): open the server's channels as IPv4 there.
 * SOAP faults leave unmarked.
 *
 * <p>Add it to a server endpoint, or to a bus, where every server endpoint of the bus marks and its
 * clients are left alone; on a client it does nothing (a client marks its requests with {@link
 * DscpClientMarking}). Its counters go to the {@link FeatureMeters registry} of its builder, else
 * of the bus. It owns no thread, pool or file, so there is nothing to close.
 */
public final class DscpMarkingFeature implements AbstractPortableFeature {

  /** Responses, tagged {@code class}: the transport priority class granted. */
  public static final String RESPONSES_COUNTER = "wsqos.proxy.responses";

  /**
   * Requests that asked for a class above their client's entitlement, tagged {@code requested} and
   * {@code granted}.
   */
  public static final String CLAMPED_COUNTER = "wsqos.proxy.clamped";

  /**
   * Connections whose TOS could not be set or put back, tagged {@code reason}: {@code no-socket}
   * (not a Jetty connection over TCP) or {@code socket-option} (the socket refused it).
   */
  public static final String FAILURES_COUNTER = "wsqos.proxy.mark.failures";

  /**
   * The class every client is entitled to unless told otherwise: assured. Expedited forwarding is
   * for traffic whose rate is policed at the network's edge (RFC 3246), so it is granted only to
   * clients an entitlement names.
   */
  public static final TransportPriority DEFAULT_ENTITLEMENT = TransportPriority.ASSURED;

  private final MarkingPolicy policy;
  private final MeterRegistry meterRegistry;
  private final ClientIdentifier clientIdentifier;
  private final ConnectionMarker marker = new ConnectionMarker();
  private final WsQosCodec codec = new WsQosCodec();
  // The interceptors, one pair per registry the feature was added with (almost always one).
  private final Map<MeterRegistry, Interceptors> interceptors = new ConcurrentHashMap<>();

  private DscpMarkingFeature(Builder builder) {
    this.policy = MarkingPolicy.of(builder.mapping, builder.entitlement);
    this.meterRegistry = builder.meterRegistry;
    this.clientIdentifier = builder.clientIdentifier;
    if (meterRegistry != null) {
      // Every series exists, at 0, from the start in the registry the application gave.
      interceptors.put(meterRegistry, newInterceptors(meterRegistry));
    }
  }

  /** Returns a builder whose settings start at their documented defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The decision: the mapping and the entitlement. */
  public MarkingPolicy policy() {
    return policy;
  }

  /** Marks {@code server}'s responses. */
  @Override
  public void initialize(Server server, Bus bus) {
    doInitializeProvider(server.getEndpoint(), bus);
  }

  /** Does nothing: a client's requests are marked by {@link DscpClientMarking}. */
  @Override
  public void initialize(Client client, Bus bus) {}

  /** On a bus, every server endpoint of the bus marks; clients are left alone. */
  @Override
  public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
    MeterRegistry registry = FeatureMeters.registry(meterRegistry, bus);
    Interceptors pair = interceptors.computeIfAbsent(registry, this::newInterceptors);
    WsQosHeaderInterceptor.install(provider, registry);
    WsQosEndpointBaseline.install(provider);
    provider.getInInterceptors().add(pair.restore);
    provider.getOutInterceptors().add(pair.marking);
  }

  private Interceptors newInterceptors(MeterRegistry registry) {
    MarkingMetrics metrics = new MarkingMetrics(registry);
    return new Interceptors(
        new ResponseMarkingInterceptor(policy, clientIdentifier, marker, codec, metrics),
        new ConnectionRestoreInterceptor(marker, metrics));
  }

  private record Interceptors(
      ResponseMarkingInterceptor marking, ConnectionRestoreInterceptor restore) {}

  @Override
  public String toString() {
    return "DscpMarkingFeature{" + policy + "}";
  }

  /** Configures a {@link DscpMarkingFeature}. Every setting has a default; all are validated. */
  public static final class Builder {
    private DscpMapping mapping = DscpMapping.defaults();
    private PriorityEntitlement entitlement = PriorityEntitlement.everyone(DEFAULT_ENTITLEMENT);
    private ClientIdentifier clientIdentifier = ClientIdentifier.remoteAddress();
    private MeterRegistry meterRegistry;

    private Builder() {}

    /** The DSCP of each class. Default: {@link DscpMapping#defaults()} (BE 0, AF 10, EF 46). */
    public Builder mapping(DscpMapping mapping) {
      this.mapping = requireNonNull(mapping, "mapping");
      return this;
    }

    /**
     * The highest class each client may get. Default: {@link #DEFAULT_ENTITLEMENT} for every
     * client.
     */
    public Builder entitlement(PriorityEntitlement entitlement) {
      this.entitlement = requireNonNull(entitlement, "entitlement");
      return this;
    }

    /**
     * How a request's client is named to the entitlement. Default: {@link
     * ClientIdentifier#remoteAddress()}.
     */
    public Builder clientIdentifier(ClientIdentifier clientIdentifier) {
      this.clientIdentifier = requireNonNull(clientIdentifier, "clientIdentifier");
      return this;
    }

    /**
     * Where the counters go ({@value #RESPONSES_COUNTER}, {@value #CLAMPED_COUNTER}, {@value
     * #FAILURES_COUNTER}). Default: the bus's, else Micrometer's global registry ({@link
     * FeatureMeters#registry}).
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /** Returns the feature. */
    public DscpMarkingFeature build() {
      return new DscpMarkingFeature(this);
    }
  }
}
