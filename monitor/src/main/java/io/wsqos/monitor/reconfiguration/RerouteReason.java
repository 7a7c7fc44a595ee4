package io.wsqos.monitor.reconfiguration;

import java.util.Locale;

/** Why the rerouting moved a client; the {@link #tag()} goes to metrics. */
public enum RerouteReason {
  /** The client had no endpoint yet (no candidate was known) and one appeared. */
  INITIAL,
  /** A diagnosis alarm named the endpoint the client used. */
  ALARM,
  /**
   * A {@code network-loss} alarm named the path to the endpoint the client used, and the feature
   * was built to leave lossy paths ({@link ReroutingFeature.Builder#rerouteOnNetworkLoss}).
   */
  NETWORK_LOSS,
  /** A call failed on the transport at the endpoint the client used. */
  TRANSPORT_FAILURE,
  /** A better-ranked endpoint passed its probe: the client returns to it. */
  RECOVERED,
  /** The endpoint the client used is no longer among the candidates. */
  CANDIDATE_REMOVED;

  /** The reason as a metric tag, e.g. {@code transport-failure}. */
  public String tag() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
