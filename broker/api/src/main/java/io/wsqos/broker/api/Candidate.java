package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.InvalidValueException;
import java.util.Optional;

/**
 * An offer with everything a client needs to use it: who makes it, for which service, and where to
 * call. Selections return candidates.
 *
 * @param provider the provider that runs {@code endpoint}
 * @param service the service {@code endpoint} implements
 * @param endpoint where to call
 * @param offer the offer made for {@code endpoint}
 * @param measured what the measurements reported of the offer over the broker's window say, if any
 *     report counts
 * @param receipt present in a selection made with a client's token: the proof, to send back with a
 *     report of what the client measured of this offer, that the broker selected it for that client
 */
public record Candidate(
    Provider provider,
    Service service,
    Endpoint endpoint,
    Offer offer,
    Optional<MeasuredQos> measured,
    Optional<String> receipt) {

  /** A candidate without measurements and without a receipt. */
  public Candidate(Provider provider, Service service, Endpoint endpoint, Offer offer) {
    this(provider, service, endpoint, offer, Optional.empty(), Optional.empty());
  }

  /** Checks that the parts belong together. */
  public Candidate {
    measured = measured == null ? Optional.empty() : measured;
    receipt = receipt == null ? Optional.empty() : receipt;
    requireNonNull(provider, "provider");
    requireNonNull(service, "service");
    requireNonNull(endpoint, "endpoint");
    requireNonNull(offer, "offer");
    sameId("endpoint.providerId", endpoint.providerId(), "provider", provider.id());
    sameId("endpoint.serviceId", endpoint.serviceId(), "service", service.id());
    sameId("offer.endpointId", offer.endpointId(), "endpoint", endpoint.id());
  }

  /** This candidate with {@code receipt}. */
  public Candidate withReceipt(String receipt) {
    return new Candidate(
        provider, service, endpoint, offer, measured, Optional.of(requireNonNull(receipt)));
  }

  private static void sameId(String field, long id, String owner, long ownerId) {
    if (id != ownerId) {
      throw new InvalidValueException(
          field, Long.toString(id), "the " + owner + "'s id " + ownerId);
    }
  }
}
