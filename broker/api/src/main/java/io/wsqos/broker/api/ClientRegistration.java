package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

/**
 * A client and its secret token, as the broker returns them once, at registration; the broker keeps
 * only a hash of the token. The client sends it as {@code Authorization: Bearer <token>} when it
 * selects (its candidates then carry receipts) and when it reports measurements.
 *
 * @param client the client
 * @param token the client's token: URL-safe, at least 128 random bits
 */
public record ClientRegistration(Client client, String token) {

  /** Checks both fields. */
  public ClientRegistration {
    requireNonNull(client, "client");
    requireNonNull(token, "token");
  }

  /** Leaves the token out, so that logging a registration does not leak it. */
  @Override
  public String toString() {
    return "ClientRegistration[client=" + client + ", token=(hidden)]";
  }
}
