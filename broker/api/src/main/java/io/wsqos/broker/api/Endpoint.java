package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import java.net.URI;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Where one provider serves one service: an address and the bindings spoken there. Offers are made
 * for an endpoint.
 *
 * @param id the registry's id, {@code >= 1}
 * @param providerId the provider that runs it
 * @param serviceId the service it implements
 * @param address an absolute {@code http} or {@code https} URL, at most {@value #MAX_URL_CHARS}
 *     characters; unique per service
 * @param bindings at least one; an unmodifiable copy, iterated in the order of {@link Binding}
 */
public record Endpoint(
    long id, long providerId, long serviceId, URI address, Set<Binding> bindings) {

  /** The longest address. */
  public static final int MAX_URL_CHARS = 2000;

  /** Checks every field; see the class Javadoc for the ranges. */
  public Endpoint {
    Checks.atLeast("id", id, 1);
    Checks.atLeast("providerId", providerId, 1);
    Checks.atLeast("serviceId", serviceId, 1);
    checkAddress(address);
    bindings = checkBindings(bindings);
  }

  /**
   * Returns {@code address} if it is a valid endpoint address.
   *
   * @throws io.wsqos.core.InvalidValueException naming the field and what was expected
   */
  public static URI checkAddress(URI address) {
    return Checks.httpUrl("address", address, MAX_URL_CHARS);
  }

  /**
   * Returns an unmodifiable copy of {@code bindings} if it is a valid set of bindings.
   *
   * @throws io.wsqos.core.InvalidValueException naming the field and what was expected
   */
  public static Set<Binding> checkBindings(Set<Binding> bindings) {
    requireNonNull(bindings, "bindings");
    if (bindings.isEmpty()) {
      throw new InvalidValueException("bindings", "[]", "at least one binding");
    }
    bindings.forEach(b -> requireNonNull(b, "binding"));
    return Collections.unmodifiableSet(EnumSet.copyOf(bindings));
  }
}
