package io.wsqos.broker.selection;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * How current a selector's index is.
 *
 * @param registryVersion the registry version the index reflects
 * @param tokensVersion the registry version of the last change to a provider's token, as of {@code
 *     registryVersion}: token hashes read at that version or later are current
 * @param offers the offers it holds
 * @param confirmedAt when the selector last confirmed with the database that the version was
 *     current
 * @param mayBeStale whether that confirmation is older than the selector allows
 * @param lastFailure why the last attempt to reach the database failed, if it did
 */
public record IndexState(
    long registryVersion,
    long tokensVersion,
    int offers,
    Instant confirmedAt,
    boolean mayBeStale,
    Optional<String> lastFailure) {

  /** Checks the fields. */
  public IndexState {
    requireNonNull(confirmedAt, "confirmedAt");
    requireNonNull(lastFailure, "lastFailure");
  }
}
