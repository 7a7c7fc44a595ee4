package io.wsqos.core.compression;

import io.wsqos.core.header.CompressionPreference;

/**
 * Decides, per call, the compression preference a client sends to an endpoint, from the one its
 * {@link CompressionFeature.Builder#clientPreference feature was given}: the client-side
 * counterpart of the server's {@link CompressionPolicy}. A preference set on the call's request
 * context ({@link CompressionFeature#PREFERENCE_PROPERTY}) is the caller's own and is never asked
 * about.
 *
 * <p>{@link #preference} runs on the request thread for every call: implementations answer from
 * state prepared elsewhere, with no lock, no I/O and no allocation ({@link EndpointPreferences}
 * reads one volatile field).
 */
@FunctionalInterface
public interface ClientPreferencePolicy {

  /**
   * The preference for a call to {@code endpoint} (its address, or null when the client has none
   * yet); {@code configured} is the feature's. Must not return null.
   */
  CompressionPreference preference(String endpoint, CompressionPreference configured);

  /** Every call sends the feature's preference: the default. */
  static ClientPreferencePolicy configured() {
    return (endpoint, configured) -> configured;
  }
}
