package io.wsqos.core.header;

import java.util.Optional;

/** Whether the client wants its responses compressed. */
public enum CompressionPreference {
  /** Never compress: the client cannot or does not want to decompress. */
  NONE("none"),
  /** Compress whenever the server can. */
  COMPRESS("compress"),
  /** Let the server decide, e.g. from its load and the size of the response. */
  SERVER_DECIDES("server-decides");

  private final String token;

  CompressionPreference(String token) {
    this.token = token;
  }

  /** The token on the wire, e.g. {@code server-decides}. */
  public String token() {
    return token;
  }

  /** The preference whose {@link #token()} is exactly {@code token}, if any. */
  public static Optional<CompressionPreference> fromToken(String token) {
    switch (token) {
      case "none":
        return Optional.of(NONE);
      case "compress":
        return Optional.of(COMPRESS);
      case "server-decides":
        return Optional.of(SERVER_DECIDES);
      default:
        return Optional.empty();
    }
  }
}
