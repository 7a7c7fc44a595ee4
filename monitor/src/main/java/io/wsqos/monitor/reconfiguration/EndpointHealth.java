package io.wsqos.monitor.reconfiguration;

/** What the rerouting knows of one endpoint, best first. */
public enum EndpointHealth {
  /** Nothing against it: never failed, or a probe succeeded since it last did. */
  HEALTHY,
  /** Reachable but degraded: a diagnosis alarm named it, and no probe has succeeded since. */
  DEGRADED,
  /** Unreachable: a call failed on the transport (refused, reset, timed out), no probe since. */
  DOWN
}
