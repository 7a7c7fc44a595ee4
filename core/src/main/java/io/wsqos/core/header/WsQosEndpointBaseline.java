package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.frontend.WSDLGetUtils;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.logging.FaultListener;
import org.apache.cxf.message.MessageUtils;

/**
 * What every wsqos server endpoint answers with, whichever wsqos feature it runs: a request whose
 * {@code Content-Type} names no charset is read as UTF-8 ({@link Utf8RequestInterceptor}), every
 * answer is UTF-8 with an XML declaration ({@link Utf8ResponseInterceptor}), the caller's errors
 * get the caller's fault code ({@link ClientErrorFaultInterceptor}), already when the fault is
 * logged ({@link ClientErrorFaultListener}), and {@code ?wsdl} declares the WS-QoS header blocks
 * ({@link WsQosWsdl}). It decodes no header: that is {@link WsQosHeaderFeature}'s job.
 *
 * <p>The features that serve requests (compression, monitoring, DSCP marking) call {@link #install}
 * explicitly; an endpoint with none of them adds it as a feature:
 *
 * <pre>{@code
 * factory.getFeatures().add(new WsQosEndpointBaseline());
 * }</pre>
 *
 * <p>On a client it changes nothing: each of its interceptors acts on the server side only.
 */
public final class WsQosEndpointBaseline implements AbstractPortableFeature {

  private static final String WSDL_BUILDER = WSDLGetUtils.class.getName();
  private static final String CLIENT_SIDE = "org.apache.cxf.client";
  private static final String FAULT_LISTENER = FaultListener.class.getName();

  /**
   * The baseline as a feature, also for CXF's {@code @Features(classes =
   * WsQosEndpointBaseline.class)} on a service interface.
   */
  public WsQosEndpointBaseline() {}

  @Override
  public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
    install(provider);
  }

  /**
   * Adds the baseline's interceptors to {@code provider} (an endpoint, a client or a bus), and on a
   * server endpoint its WSDL builder, unless they are there already: calling it again, from any
   * number of features, adds nothing. A WSDL builder the endpoint already has is kept.
   */
  public static void install(InterceptorProvider provider) {
    requireNonNull(provider, "provider");
    if (!Chains.contains(provider.getInInterceptors(), Utf8RequestInterceptor.ID)) {
      provider.getInInterceptors().add(new Utf8RequestInterceptor());
    }
    if (!Chains.contains(provider.getOutInterceptors(), Utf8ResponseInterceptor.ID)) {
      Utf8ResponseInterceptor utf8 = new Utf8ResponseInterceptor();
      provider.getOutInterceptors().add(utf8);
      provider.getOutFaultInterceptors().add(utf8);
    }
    if (!Chains.contains(provider.getOutFaultInterceptors(), ClientErrorFaultInterceptor.ID)) {
      provider.getOutFaultInterceptors().add(new ClientErrorFaultInterceptor());
    }
    if (provider instanceof Endpoint endpoint && !MessageUtils.isTrue(endpoint.get(CLIENT_SIDE))) {
      if (endpoint.get(WSDL_BUILDER) == null) {
        endpoint.put(WSDL_BUILDER, new WsQosWsdl());
      }
      // A listener of the endpoint's own is kept; the bus's is called after this one.
      endpoint.putIfAbsent(FAULT_LISTENER, new ClientErrorFaultListener());
    }
  }

  @Override
  public String toString() {
    return "WsQosEndpointBaseline";
  }
}
