package io.wsqos.core.routing;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Candidates from a fixed, validated copy of a map: what a configuration file would give. */
final class StaticEndpointCandidates implements EndpointCandidates {

  private final Map<String, List<String>> endpointsByService;

  StaticEndpointCandidates(Map<String, List<String>> endpointsByService) {
    requireNonNull(endpointsByService, "endpointsByService");
    endpointsByService.forEach(StaticEndpointCandidates::check);
    Map<String, List<String>> copy = new HashMap<>();
    endpointsByService.forEach((service, endpoints) -> copy.put(service, List.copyOf(endpoints)));
    this.endpointsByService = Map.copyOf(copy);
  }

  private static void check(String service, List<String> endpoints) {
    requireNonNull(service, "service");
    requireNonNull(endpoints, "endpoints of " + service);
    if (endpoints.isEmpty()) {
      throw new IllegalArgumentException(
          "endpoints of " + service + ": [] (expected: at least one endpoint)");
    }
    Set<String> seen = new HashSet<>();
    for (String endpoint : endpoints) {
      requireNonNull(endpoint, "endpoint of " + service);
      if (endpoint.isBlank()) {
        throw new IllegalArgumentException(
            "endpoint of " + service + ": '" + endpoint + "' (expected: not blank)");
      }
      if (!seen.add(endpoint)) {
        throw new IllegalArgumentException(
            "endpoints of " + service + ": " + endpoint + " repeated (expected: each once)");
      }
    }
  }

  @Override
  public List<String> candidates(String service) {
    requireNonNull(service, "service");
    return endpointsByService.getOrDefault(service, List.of());
  }

  @Override
  public String toString() {
    return "EndpointCandidates.of(" + endpointsByService + ")";
  }
}
