package io.wsqos.core.routing;

import java.util.List;
import java.util.Map;

/**
 * The endpoints that can serve a service, best first. The monitor's reconfiguration asks it for the
 * next endpoint when the current one degrades; the broker implements it from its registry. A static
 * list ({@link #of(Map)}) is enough when the providers are known in advance.
 *
 * <p>Implementations must be safe to call from any thread and should answer from memory: the caller
 * may be reacting to an alarm and must not wait on a remote registry.
 */
@FunctionalInterface
public interface EndpointCandidates {

  /**
   * Returns the endpoint addresses (e.g. {@code http://127.0.0.1:8080/bookstore}) that serve {@code
   * service}, best first; an empty list when none is known, never {@code null}. The list is
   * unmodifiable.
   */
  List<String> candidates(String service);

  /**
   * Returns candidates read from a fixed map of service name to endpoint addresses (best first).
   * The map is copied; services it does not name have no candidates.
   *
   * @throws IllegalArgumentException if a service has no endpoint, or an endpoint is blank or
   *     repeated
   */
  static EndpointCandidates of(Map<String, List<String>> endpointsByService) {
    return new StaticEndpointCandidates(endpointsByService);
  }
}
