package io.wsqos.broker.service;

import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.registry.TokenHashes;
import io.wsqos.broker.selection.IndexState;
import io.wsqos.broker.selection.OfferSelector;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The providers' and clients' token hashes in memory, so that authenticating a request costs no
 * database query. They are read again only when a token changed: through this broker, or through
 * another broker instance on the same database, which shows as the selector's index reflecting a
 * token change at a registry version later than the one the hashes were read at. While the selector
 * cannot confirm with the database, the hashes last read stay in use rather than every request
 * waiting for an unreachable database.
 */
final class TokenDirectory {

  private final Registry registry;
  private final OfferSelector selector;
  private final ReentrantLock loading = new ReentrantLock();
  private volatile TokenHashes hashes;
  private volatile boolean changed = true;

  TokenDirectory(Registry registry, OfferSelector selector) {
    this.registry = registry;
    this.selector = selector;
  }

  /** The provider or client whose token hashes to {@code hash}, if any. */
  Optional<Principal> principal(String hash) {
    TokenHashes read = current();
    Long id = read.providerIds().get(hash);
    if (id != null) {
      return Optional.of(new Principal.ProviderPrincipal(id));
    }
    id = read.clientIds().get(hash);
    return id == null ? Optional.empty() : Optional.of(new Principal.ClientPrincipal(id));
  }

  /** Makes the next lookup read the hashes again: a token changed through this broker. */
  void changed() {
    changed = true;
  }

  private TokenHashes current() {
    TokenHashes read = hashes;
    IndexState state = selector.state();
    if (read != null && !changed && read.registryVersion() >= state.tokensVersion()) {
      return read;
    }
    if (read != null && state.mayBeStale()) {
      return read;
    }
    loading.lock();
    try {
      read = hashes;
      if (read != null && !changed && read.registryVersion() >= state.tokensVersion()) {
        return read;
      }
      changed = false;
      try {
        read = registry.tokenHashes();
      } catch (RegistryUnavailableException e) {
        changed = true;
        if (hashes == null) {
          throw e;
        }
        return hashes;
      }
      hashes = read;
      return read;
    } finally {
      loading.unlock();
    }
  }
}
