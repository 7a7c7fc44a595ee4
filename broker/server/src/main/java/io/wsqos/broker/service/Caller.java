package io.wsqos.broker.service;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.UnauthenticatedException;
import java.util.Locale;
import java.util.Optional;

/**
 * Who makes a call to the {@link BrokerService}, as the caller's credentials: a bearer token (the
 * administrator's or a provider's) or none. The broker decides what the token stands for; a caller
 * value only carries it, and never shows it in {@link #toString()}.
 */
public final class Caller {

  /** The longest token the broker hashes: longer ones cannot be any it issued or was given. */
  public static final int MAX_TOKEN_CHARS = 512;

  private static final Caller ANONYMOUS = new Caller(null);

  private final String token;

  private Caller(String token) {
    this.token = token;
  }

  /** A caller without credentials: allowed open reads only. */
  public static Caller anonymous() {
    return ANONYMOUS;
  }

  /**
   * A caller presenting {@code token}, as sent in {@code Authorization: Bearer <token>}. The token
   * is not checked here; a blank or over-long one fails authentication when used.
   */
  public static Caller bearer(String token) {
    return new Caller(requireNonNull(token, "token"));
  }

  /**
   * The caller of an HTTP {@code Authorization} header's value: anonymous when there is none
   * ({@code null}), else the token after {@code Bearer } (the scheme in any case).
   *
   * @throws UnauthenticatedException if the header is not {@code Bearer <token>}
   */
  public static Caller ofAuthorization(String authorization) {
    if (authorization == null) {
      return anonymous();
    }
    String trimmed = authorization.trim();
    if (trimmed.length() < 7
        || !trimmed.substring(0, 7).toLowerCase(Locale.ROOT).equals("bearer ")) {
      throw new UnauthenticatedException("the Authorization header is not 'Bearer <token>'");
    }
    return bearer(trimmed.substring(7).trim());
  }

  /** The token presented, if any. */
  public Optional<String> token() {
    return Optional.ofNullable(token);
  }

  @Override
  public String toString() {
    return token == null ? "Caller[anonymous]" : "Caller[bearer (hidden)]";
  }
}
