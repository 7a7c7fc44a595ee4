package io.wsqos.broker.api;

import io.wsqos.core.Checks;

/**
 * A party that selects offers and reports what it measured of them, as the broker's registry holds
 * it. Clients that only select need no registration; reporting takes a client's token.
 *
 * @param id the registry's id, {@code >= 1}
 * @param name unique among clients; not blank, at most {@value Provider#MAX_NAME_CHARS} characters,
 *     no control characters
 */
public record Client(long id, String name) {

  /** Checks both fields. */
  public Client {
    Checks.atLeast("id", id, 1);
    Provider.checkName(name);
  }
}
