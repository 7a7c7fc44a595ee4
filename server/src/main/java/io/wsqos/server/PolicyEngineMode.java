package io.wsqos.server;

import static java.util.Objects.requireNonNull;

import java.util.Collection;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.service.model.BindingFaultInfo;
import org.apache.cxf.service.model.BindingInfo;
import org.apache.cxf.service.model.BindingMessageInfo;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.EndpointInfo;
import org.apache.cxf.ws.policy.PolicyEngine;
import org.apache.cxf.ws.policy.PolicyEngineImpl;
import org.apache.cxf.ws.policy.PolicyProvider;
import org.apache.cxf.ws.policy.WSPolicyFeature;
import org.apache.neethi.Policy;

/**
 * Whether CXF's WS-Policy engine runs on a bus: CXF puts the engine's interceptors on every message
 * of every endpoint of the bus, to compute and verify the effective policy, whether or not any
 * endpoint carries a policy.
 */
public enum PolicyEngineMode {

  /**
   * The engine runs only if an endpoint carries a WS-Policy: attached in its WSDL, by
   * {@code @Policy} annotations or by a {@link WSPolicyFeature} on the endpoint or the bus. Decided
   * once, after the endpoints are published, for the whole bus: clients made on it later run
   * without the engine too. An endpoint or client added later with a {@code WSPolicyFeature} turns
   * the engine back on; one whose policy comes from a WSDL (for a client, the remote service's) or
   * annotations alone needs {@link #ALWAYS}.
   */
  WHEN_ENDPOINTS_CARRY_POLICY,

  /** The engine runs, as CXF has it by default. */
  ALWAYS;

  /**
   * Applies this mode to {@code bus}, on which {@code endpoints} are every endpoint published: for
   * {@link #WHEN_ENDPOINTS_CARRY_POLICY}, turns the engine off when none of them carries a policy,
   * and on otherwise; for {@link #ALWAYS}, turns it on. A bus without the engine (CXF's WS-Policy
   * module absent) is left as it is, and so is an engine other than CXF's, whose policies cannot be
   * read. {@link CxfApplication} applies its mode to its own bus; an application that owns its bus
   * may call this to opt in.
   */
  public void apply(Bus bus, Collection<? extends Server> endpoints) {
    requireNonNull(bus, "bus");
    requireNonNull(endpoints, "endpoints");
    PolicyEngine engine = bus.getExtension(PolicyEngine.class);
    if (engine == null) {
      return;
    }
    if (this == ALWAYS) {
      engine.setEnabled(true);
      return;
    }
    if (!(engine instanceof PolicyEngineImpl cxfEngine)) {
      return;
    }
    engine.setEnabled(anyCarriesPolicy(bus, cxfEngine, endpoints));
  }

  private static boolean anyCarriesPolicy(
      Bus bus, PolicyEngineImpl engine, Collection<? extends Server> endpoints) {
    if (hasPolicyFeature(bus.getFeatures())) {
      return true;
    }
    Collection<PolicyProvider> providers = engine.getPolicyProviders();
    for (Server server : endpoints) {
      if (carriesPolicy(server.getEndpoint(), providers)) {
        return true;
      }
    }
    return false;
  }

  private static boolean carriesPolicy(Endpoint endpoint, Collection<PolicyProvider> providers) {
    if (hasPolicyFeature(endpoint.getActiveFeatures())) {
      return true;
    }
    EndpointInfo info = endpoint.getEndpointInfo();
    // Some providers read the message's properties; an empty one stands for every request.
    Message message = new MessageImpl();
    try {
      for (PolicyProvider provider : providers) {
        if (present(provider.getEffectivePolicy(info.getService(), message))
            || present(provider.getEffectivePolicy(info, message))
            || bindingCarriesPolicy(info.getBinding(), provider, message)) {
          return true;
        }
      }
    } catch (RuntimeException e) {
      // A policy that cannot be read is a policy all the same: keep the engine, which will say why.
      return true;
    }
    return false;
  }

  private static boolean bindingCarriesPolicy(
      BindingInfo binding, PolicyProvider provider, Message message) {
    if (binding == null) {
      return false;
    }
    for (BindingOperationInfo operation : binding.getOperations()) {
      if (present(provider.getEffectivePolicy(operation, message))
          || present(operation.getInput(), provider, message)
          || present(operation.getOutput(), provider, message)) {
        return true;
      }
      for (BindingFaultInfo fault : operation.getFaults()) {
        if (present(provider.getEffectivePolicy(fault, message))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean present(
      BindingMessageInfo bindingMessage, PolicyProvider provider, Message message) {
    return bindingMessage != null && present(provider.getEffectivePolicy(bindingMessage, message));
  }

  private static boolean present(Policy policy) {
    return policy != null && !policy.isEmpty();
  }

  private static boolean hasPolicyFeature(Collection<? extends Feature> features) {
    return features != null && features.stream().anyMatch(WSPolicyFeature.class::isInstance);
  }
}
