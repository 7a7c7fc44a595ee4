package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlType;

/**
 * A provider and its secret token, returned once when the provider is registered or its token
 * rotated: {@link io.wsqos.broker.api.ProviderRegistration}.
 */
@XmlType(
    name = "ProviderToken",
    propOrder = {"provider", "token"})
public final class ProviderToken {

  /** The provider. */
  public ProviderInfo provider;

  /** The token the provider sends as {@code Authorization: Bearer <token>}. */
  public String token;

  /** For JAXB. */
  public ProviderToken() {}

  @Override
  public String toString() {
    return "ProviderToken[provider=" + (provider == null ? null : provider.id) + ", (hidden)]";
  }
}
