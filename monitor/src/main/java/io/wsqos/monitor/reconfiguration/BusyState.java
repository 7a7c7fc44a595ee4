package io.wsqos.monitor.reconfiguration;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Which endpoints answered busy and until when, and where calls may go meanwhile: an immutable
 * snapshot the policy swaps whole, read by the request path without a lock.
 *
 * @param until when each busy endpoint's Retry-After ends
 * @param usable the candidates not known unhealthy, best ranked first, the current one included
 */
record BusyState(Map<String, Instant> until, List<String> usable) {

  /** Where a call meant for {@code current} goes at {@code now}. */
  sealed interface Route {}

  /** Send it to {@code endpoint}: {@code current} itself, or a detour while it is busy. */
  record Send(String endpoint) implements Route {}

  /**
   * Send it nowhere: every usable endpoint is busy; the soonest is free after {@code remaining}.
   */
  record Hold(String endpoint, Duration remaining) implements Route {}

  Route route(String current, Instant now) {
    if (!isBusy(current, now)) {
      return new Send(current);
    }
    for (String endpoint : usable) {
      if (!isBusy(endpoint, now)) {
        return new Send(endpoint);
      }
    }
    Instant soonest = until.get(current);
    for (Instant end : until.values()) {
      if (end.isBefore(soonest)) {
        soonest = end;
      }
    }
    return new Hold(current, Duration.between(now, soonest));
  }

  boolean isBusy(String endpoint, Instant now) {
    Instant end = until.get(endpoint);
    return end != null && now.isBefore(end);
  }
}
