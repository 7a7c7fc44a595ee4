package io.wsqos.broker.registry;

import static java.util.Objects.requireNonNull;

/**
 * Who reported a measurement: the administrator, a provider of the offer, or a client the offer was
 * selected for.
 *
 * @param kind which of the three
 * @param id the provider's or client's id; 0 for the administrator
 */
public record Reporter(Kind kind, long id) {

  /** The kinds of reporter. */
  public enum Kind {
    /** The administrator. */
    ADMIN,
    /** The provider of the offer. */
    PROVIDER,
    /** A client the offer was selected for. */
    CLIENT;

    /** The kind's name in lower case, as stored and shown. */
    public String token() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Checks the kind. */
  public Reporter {
    requireNonNull(kind, "kind");
  }
}
