package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

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
    Checks.id("id", id);
    Checks.id("endpointId", endpointId);
    if (version < 1) {
      throw new IllegalArgumentException("version: " + version + " (expected: >= 1)");
    }
    requireNonNull(terms, "terms");
  }
}
