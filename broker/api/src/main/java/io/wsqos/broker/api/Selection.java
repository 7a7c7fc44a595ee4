package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The answer to a selection: the offers that meet every hard constraint of the requirement, best
 * first, and how fresh the broker's view of its registry was when it answered. A broker answers
 * from memory even when its database is unreachable; {@code mayBeStale} then says so.
 *
 * @param candidates best first; empty when no offer meets the requirement; an unmodifiable copy
 * @param registryVersion the registry version the answer reflects
 * @param confirmedAt when the broker last confirmed with its database that {@code registryVersion}
 *     was current
 * @param mayBeStale whether that confirmation is older than the broker allows, so that offers
 *     changed since may be missing or out of date
 */
public record Selection(
    List<Candidate> candidates, long registryVersion, Instant confirmedAt, boolean mayBeStale) {

  /** Checks and copies the fields. */
  public Selection {
    candidates = List.copyOf(candidates);
    Checks.atLeast("registryVersion", registryVersion, 0);
    requireNonNull(confirmedAt, "confirmedAt");
  }

  /** The best candidate, if any offer meets the requirement. */
  public Optional<Candidate> best() {
    return candidates.isEmpty() ? Optional.empty() : Optional.of(candidates.get(0));
  }
}
