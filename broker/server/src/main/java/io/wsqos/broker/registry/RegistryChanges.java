package io.wsqos.broker.registry;

import io.wsqos.broker.api.Candidate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What changed in the registry after a version, as read in one transaction.
 *
 * @param version the registry version now
 * @param tokensVersion the registry version of the last change to a provider's token, at most
 *     {@code version}
 * @param services the ids of the services any of whose offers may have changed (including services
 *     withdrawn since); an unmodifiable copy
 * @param offers per id of a service not in {@code services}, the ids of its offers that were
 *     published, updated or withdrawn; an unmodifiable copy
 * @param candidates every offer of {@code services} and every offer of {@code offers} that is still
 *     published, as they are now; an unmodifiable copy
 */
public record RegistryChanges(
    long version,
    long tokensVersion,
    Set<Long> services,
    Map<Long, Set<Long>> offers,
    List<Candidate> candidates) {

  /** Copies the collections. */
  public RegistryChanges {
    services = Set.copyOf(services);
    Map<Long, Set<Long>> copy = new HashMap<>();
    offers.forEach((service, ids) -> copy.put(service, Set.copyOf(ids)));
    offers = Map.copyOf(copy);
    candidates = List.copyOf(candidates);
  }
}
