package io.wsqos.binding;

import java.util.Arrays;
import java.util.Optional;

/** The ways one service can be reached, each with the token the descriptor and the rules use. */
public enum BindingKind {
  /** A plain Java call on the implementation, found in a {@link LocalRegistry} of this JVM. */
  LOCAL("local"),
  /** SOAP over CXF's local transport: handlers and SOAP headers run, no socket is opened. */
  CXF_LOCAL("cxf-local"),
  /** Java RMI over JRMP: Java serialization on a TCP connection. */
  RMI("rmi"),
  /** SOAP 1.1 over HTTP on the embedded server. */
  SOAP("soap");

  private final String token;

  BindingKind(String token) {
    this.token = token;
  }

  /** The token in the descriptor and the rule file, e.g. {@code cxf-local}. */
  public String token() {
    return token;
  }

  /** Whether the binding needs the service in this JVM (local and CXF's local transport). */
  public boolean inJvm() {
    return this == LOCAL || this == CXF_LOCAL;
  }

  /** The binding named {@code token}, if there is one. */
  public static Optional<BindingKind> ofToken(String token) {
    return Arrays.stream(values()).filter(k -> k.token.equals(token)).findFirst();
  }

  /** The tokens of every binding, for error messages. */
  static String tokens() {
    return String.join(", ", Arrays.stream(values()).map(BindingKind::token).toList());
  }

  @Override
  public String toString() {
    return token;
  }
}
