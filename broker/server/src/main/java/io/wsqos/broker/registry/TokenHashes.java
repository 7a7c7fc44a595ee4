package io.wsqos.broker.registry;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * The hashes of the providers' tokens, read in one transaction with the registry version they are
 * at least as new as.
 *
 * @param registryVersion the registry version read first in the same transaction
 * @param providerIds provider id by token hash (64 lowercase hex digits); an unmodifiable copy
 */
public record TokenHashes(long registryVersion, Map<String, Long> providerIds) {

  /** Copies the map. */
  public TokenHashes {
    providerIds = Map.copyOf(requireNonNull(providerIds, "providerIds"));
  }
}
