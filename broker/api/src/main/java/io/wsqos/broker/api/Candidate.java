package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.InvalidValueException;

/**
 * An offer with everything a client needs to use it: who makes it, for which service, and where to
 * call. Selections return candidates.
 *
 * @param provider the provider that runs {@code endpoint}
 * @param service the service {@code endpoint} implements
 * @param endpoint where to call
 * @param offer the offer made for {@code endpoint}
 */
public record Candidate(Provider provider, Service service, Endpoint endpoint, Offer offer) {

  /** Checks that the four parts belong together. */
  public Candidate {
    requireNonNull(provider, "provider");
    requireNonNull(service, "service");
    requireNonNull(endpoint, "endpoint");
    requireNonNull(offer, "offer");
    sameId("endpoint.providerId", endpoint.providerId(), "provider", provider.id());
    sameId("endpoint.serviceId", endpoint.serviceId(), "service", service.id());
    sameId("offer.endpointId", offer.endpointId(), "endpoint", endpoint.id());
  }

  private static void sameId(String field, long id, String owner, long ownerId) {
    if (id != ownerId) {
      throw new InvalidValueException(
          field, Long.toString(id), "the " + owner + "'s id " + ownerId);
    }
  }
}
