package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.FeatureMeters;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.interceptor.InterceptorProvider;

/**
 * Installs the one {@link WsQosHeaderInterceptor} on a CXF server or client (once, whatever other
 * wsqos feature installed it too): WS-QoS blocks are decoded once per message and {@code
 * mustUnderstand} is enforced, and nothing else: the endpoint's charset, fault codes and {@code
 * ?wsdl} stay as CXF has them unless {@link WsQosEndpointBaseline} is added too. Every wsqos
 * feature installs the header interceptor; add this one alone to get the header rules, or to choose
 * the registry the invalid blocks are counted in, on an endpoint with no other wsqos feature.
 *
 * <pre>{@code
 * factory.getFeatures().add(WsQosHeaderFeature.builder().meterRegistry(registry).build());
 * }</pre>
 *
 * <p>Add it to a server, a client or a bus, where it acts on every server and client of the bus.
 * Inbound fault messages (a client receiving a SOAP fault) are decoded and counted, never faulted.
 * It owns nothing, so there is nothing to close.
 */
public final class WsQosHeaderFeature implements AbstractPortableFeature {

  private final MeterRegistry registry;
  private final BlockRetention retention;

  /**
   * The feature with the builder's defaults, for CXF's {@code @Features(classes =
   * WsQosHeaderFeature.class)} on a service interface, which installs it on every endpoint and
   * client of that interface; it counts in the bus's registry ({@link FeatureMeters#registry}).
   */
  public WsQosHeaderFeature() {
    this(null, BlockRetention.STREAMED);
  }

  private WsQosHeaderFeature(MeterRegistry registry, BlockRetention retention) {
    this.registry = registry;
    this.retention = retention;
  }

  /** Returns a builder. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
    WsQosHeaderInterceptor.install(provider, FeatureMeters.registry(registry, bus), retention);
  }

  /** Configures a {@link WsQosHeaderFeature}. */
  public static final class Builder {
    private MeterRegistry meterRegistry;
    private BlockRetention retention = BlockRetention.STREAMED;

    Builder() {}

    /**
     * Where to count invalid blocks ({@value WsQosHeaderInterceptor#INVALID_COUNTER}). Default: the
     * bus's, else Micrometer's global registry ({@link FeatureMeters#registry}).
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * Where the received blocks end up. Default: {@link BlockRetention#STREAMED}, taken out of the
     * XML stream; choose {@link BlockRetention#KEPT} on an endpoint or client where a JAX-WS {@code
     * SOAPHandler}, SAAJ, WS-Security or an interceptor of the application reads the envelope's
     * header as a document or CXF's header list. {@code KEPT} holds on an endpoint or client
     * whatever other wsqos features install there.
     */
    public Builder retention(BlockRetention retention) {
      this.retention = requireNonNull(retention, "retention");
      return this;
    }

    /** Returns the feature; it can be added to any number of servers and clients. */
    public WsQosHeaderFeature build() {
      return new WsQosHeaderFeature(meterRegistry, retention);
    }
  }
}
