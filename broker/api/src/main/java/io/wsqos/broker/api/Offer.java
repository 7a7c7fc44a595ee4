package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;

/**
 * A provider's offer for one endpoint, as the registry holds it. Its version grows by one with
 * every update: an update or withdrawal names the version it read, and fails with a {@link
 * VersionConflictException} if another came first.
 *
 * @param id the registry's id, {@code >= 1}
 * @param endpointId the endpoint it is made for
 * @param version {@code >= 1}: 1 when published
 * @param terms what it guarantees
 */
public record Offer(long id, long endpointId, long version, OfferTerms terms) {

  /** Checks every field; see the class Javadoc for the ranges. */
  public Offer {
    Checks.atLeast("id", id, 1);
    Checks.atLeast("endpointId", endpointId, 1);
    Checks.atLeast("version", version, 1);
    requireNonNull(terms, "terms");
  }
}
