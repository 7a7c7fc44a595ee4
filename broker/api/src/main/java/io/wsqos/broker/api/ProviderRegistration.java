package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

/**
 * A provider and its secret token, as the broker returns them once: when the provider is registered
 * and when its token is rotated. The broker keeps only a hash of the token, so this is the only
 * time anyone sees it; the provider sends it as {@code Authorization: Bearer <token>}.
 *
 * @param provider the provider
 * @param token the provider's token: URL-safe, at least 128 random bits
 */
public record ProviderRegistration(Provider provider, String token) {

  /** Checks both fields. */
  public ProviderRegistration {
    requireNonNull(provider, "provider");
    requireNonNull(token, "token");
  }

  /** Leaves the token out, so that logging a registration does not leak it. */
  @Override
  public String toString() {
    return "ProviderRegistration[provider=" + provider + ", token=(hidden)]";
  }
}
