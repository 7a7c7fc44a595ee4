package io.wsqos.core.header;

import java.util.Optional;

/**
 * The transport priority class a client asks for: one of the DiffServ per-hop behaviours of the
 * seeds. The mapping to a DSCP value belongs to the QoS proxy, not to the vocabulary.
 */
public enum TransportPriority {
  /** Best effort (BE, the default class). */
  BEST_EFFORT("best-effort"),
  /** Assured forwarding (AF). */
  ASSURED("assured"),
  /** Expedited forwarding (EF). */
  EXPEDITED("expedited");

  private final String token;

  TransportPriority(String token) {
    this.token = token;
  }

  /** The token on the wire, e.g. {@code best-effort}. */
  public String token() {
    return token;
  }

  /** The class whose {@link #token()} is exactly {@code token}, if any. */
  public static Optional<TransportPriority> fromToken(String token) {
    switch (token) {
      case "best-effort":
        return Optional.of(BEST_EFFORT);
      case "assured":
        return Optional.of(ASSURED);
      case "expedited":
        return Optional.of(EXPEDITED);
      default:
        return Optional.empty();
    }
  }
}
