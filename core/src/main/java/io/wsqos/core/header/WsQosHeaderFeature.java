package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.interceptor.InterceptorProvider;

/**
 * Installs a {@link WsQosHeaderInterceptor} on the inbound chain of a CXF server or client: WS-QoS
 * blocks are decoded once per message and {@code mustUnderstand} is enforced.
 *
 * <pre>{@code
 * factory.getFeatures().add(WsQosHeaderFeature.builder().meterRegistry(registry).build());
 * }</pre>
 *
 * <p>Inbound fault messages (a client receiving a SOAP fault) are not decoded.
 */
public final class WsQosHeaderFeature implements AbstractPortableFeature {

  private final WsQosHeaderInterceptor interceptor;

  private WsQosHeaderFeature(WsQosHeaderInterceptor interceptor) {
    this.interceptor = interceptor;
  }

  /** Returns a builder. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
    provider.getInInterceptors().add(interceptor);
  }

  /** Configures a {@link WsQosHeaderFeature}. */
  public static final class Builder {
    private WsQosCodec codec;
    private MeterRegistry meterRegistry;

    Builder() {}

    /** The codec to decode with. Default: a new {@link WsQosCodec}. */
    public Builder codec(WsQosCodec codec) {
      this.codec = requireNonNull(codec, "codec");
      return this;
    }

    /**
     * Where to count invalid blocks ({@value WsQosHeaderInterceptor#INVALID_COUNTER}). Default: a
     * new {@link SimpleMeterRegistry} private to the feature, so nothing is published; pass the
     * application's registry to see the counts.
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /** Returns the feature; it can be added to any number of servers and clients. */
    public WsQosHeaderFeature build() {
      return new WsQosHeaderFeature(
          new WsQosHeaderInterceptor(
              codec != null ? codec : new WsQosCodec(),
              meterRegistry != null ? meterRegistry : new SimpleMeterRegistry()));
    }
  }
}
