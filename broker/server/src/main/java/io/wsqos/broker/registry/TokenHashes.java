package io.wsqos.broker.registry;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * The hashes of the providers' and the clients' tokens, read in one transaction with the registry
 * version they are at least as new as.
 *
 * @param registryVersion the registry version read first in the same transaction
 * @param providerIds provider id by token hash (64 lowercase hex digits); an unmodifiable copy
 * @param clientIds client id by token hash; an unmodifiable copy
 */
public record TokenHashes(
    long registryVersion, Map<String, Long> providerIds, Map<String, Long> clientIds) {

  /** Copies the maps. */
  public TokenHashes {
    providerIds = Map.copyOf(requireNonNull(providerIds, "providerIds"));
    clientIds = Map.copyOf(requireNonNull(clientIds, "clientIds"));
  }
}
