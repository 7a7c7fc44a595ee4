package io.wsqos.broker.api;

import java.util.Optional;

/** A protocol binding an endpoint speaks at its address. */
public enum Binding {
  /** SOAP 1.1 over HTTP. */
  SOAP_1_1("soap11"),
  /** SOAP 1.2 over HTTP. */
  SOAP_1_2("soap12");

  private final String token;

  Binding(String token) {
    this.token = token;
  }

  /** The binding's name in the registry and on the wire, e.g. {@code soap11}. */
  public String token() {
    return token;
  }

  /** The binding whose {@link #token()} is exactly {@code token}, if any. */
  public static Optional<Binding> fromToken(String token) {
    for (Binding binding : values()) {
      if (binding.token.equals(token)) {
        return Optional.of(binding);
      }
    }
    return Optional.empty();
  }
}
