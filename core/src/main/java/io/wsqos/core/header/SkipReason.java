package io.wsqos.core.header;

import java.util.Optional;

/** Why the server did not compress a response. */
public enum SkipReason {
  /** The client's preference was {@link CompressionPreference#NONE}. */
  CLIENT_SAID_NONE("client-said-none"),
  /** The client let the server decide and the server's load was above its threshold. */
  LOAD_ABOVE_THRESHOLD("load-above-threshold"),
  /** The body was too small for compression to pay off. */
  BODY_TOO_SMALL("body-too-small"),
  /** The client accepts no codec the server has. */
  NO_COMMON_CODEC("no-common-codec"),
  /** Compression is switched off on the server. */
  DISABLED("disabled"),
  /**
   * The client sent a {@code Requirement} block the server could not read (malformed, oversized or
   * duplicated) and did not mark it {@code mustUnderstand}: the server ignored it and, not knowing
   * whether it said {@code none}, did not compress.
   */
  REQUIREMENT_REFUSED("requirement-refused");

  private final String token;

  SkipReason(String token) {
    this.token = token;
  }

  /** The token on the wire, e.g. {@code load-above-threshold}. */
  public String token() {
    return token;
  }

  /** The reason whose {@link #token()} is exactly {@code token}, if any. */
  public static Optional<SkipReason> fromToken(String token) {
    switch (token) {
      case "client-said-none":
        return Optional.of(CLIENT_SAID_NONE);
      case "load-above-threshold":
        return Optional.of(LOAD_ABOVE_THRESHOLD);
      case "body-too-small":
        return Optional.of(BODY_TOO_SMALL);
      case "no-common-codec":
        return Optional.of(NO_COMMON_CODEC);
      case "disabled":
        return Optional.of(DISABLED);
      case "requirement-refused":
        return Optional.of(REQUIREMENT_REFUSED);
      default:
        return Optional.empty();
    }
  }
}
