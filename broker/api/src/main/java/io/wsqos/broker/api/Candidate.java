package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

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
    if (endpoint.providerId() != provider.id()) {
      throw new IllegalArgumentException(
          "endpoint.providerId: "
              + endpoint.providerId()
              + " (expected: the provider's id "
              + provider.id()
              + ")");
    }
    if (endpoint.serviceId() != service.id()) {
      throw new IllegalArgumentException(
          "endpoint.serviceId: "
              + endpoint.serviceId()
              + " (expected: the service's id "
              + service.id()
              + ")");
    }
    if (offer.endpointId() != endpoint.id()) {
      throw new IllegalArgumentException(
          "offer.endpointId: "
              + offer.endpointId()
              + " (expected: the endpoint's id "
              + endpoint.id()
              + ")");
    }
  }
}
