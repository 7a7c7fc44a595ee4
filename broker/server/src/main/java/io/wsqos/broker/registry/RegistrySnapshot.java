package io.wsqos.broker.registry;

import io.wsqos.broker.api.Candidate;
import java.util.List;

/**
 * Every offer of the registry with its endpoint, provider and service, as read in one transaction.
 *
 * @param version the registry version read first in that transaction: the offers are at least as
 *     new as it
 * @param tokensVersion the registry version of the last change to a provider's token, at most
 *     {@code version}
 * @param candidates in offer id order; an unmodifiable copy
 */
public record RegistrySnapshot(long version, long tokensVersion, List<Candidate> candidates) {

  /** Copies the list. */
  public RegistrySnapshot {
    candidates = List.copyOf(candidates);
  }
}
