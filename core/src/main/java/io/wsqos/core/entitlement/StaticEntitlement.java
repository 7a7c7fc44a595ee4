package io.wsqos.core.entitlement;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.TransportPriority;
import java.util.Map;

/** A fixed table of entitlements, with one class for every client not in it. */
record StaticEntitlement(Map<String, TransportPriority> byClient, TransportPriority otherwise)
    implements PriorityEntitlement {

  StaticEntitlement {
    requireNonNull(byClient, "byClient");
    requireNonNull(otherwise, "otherwise");
    byClient.forEach(
        (client, priority) -> {
          requireNonNull(client, "byClient key");
          requireNonNull(priority, "byClient[" + client + "]");
        });
    byClient = Map.copyOf(byClient);
  }

  @Override
  public TransportPriority highestFor(String clientId) {
    return clientId == null ? otherwise : byClient.getOrDefault(clientId, otherwise);
  }
}
