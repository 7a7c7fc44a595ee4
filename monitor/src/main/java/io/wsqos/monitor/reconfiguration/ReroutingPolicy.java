package io.wsqos.monitor.reconfiguration;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.routing.EndpointCandidates;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rerouting's state machine: which endpoint a client uses, what is known of each candidate, and
 * when to move. It prefers the healthiest candidate and, among equally healthy ones, the better
 * ranked; it leaves an endpoint that is down (or no longer a candidate) at once, and makes any
 * other switch (away from a degraded endpoint, back to a recovered one) only when {@code cooldown}
 * has passed since the last switch, so that the client does not flap.
 *
 * <p>The request path reads {@link #current()}, one volatile field. Everything else runs under this
 * object's lock, off the request path: on the diagnosis thread (alarms), the probe thread, and the
 * thread of a call that just failed on the transport.
 */
final class ReroutingPolicy {

  private static final Logger logger = LoggerFactory.getLogger(ReroutingPolicy.class);

  /** What a decision came to. */
  enum Decision {
    SWITCHED,
    NO_CANDIDATES,
    NO_BETTER_CANDIDATE,
    COOLDOWN;

    String tag() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  private final EndpointCandidates candidates;
  private final String service;
  private final Duration cooldown;
  private final Clock clock;
  private final MeterRegistry registry;
  private final List<RerouteListener> listeners;

  /** The endpoint calls go to; null while no candidate is known (the client's own address). */
  private volatile String current;

  /** Endpoints known not to be healthy; an endpoint absent from it is healthy. Guarded by this. */
  private final Map<String, EndpointHealth> unhealthy = new HashMap<>();

  /** Degraded endpoints whose alarm was a lossy path, not a slow provider. Guarded by this. */
  private final Set<String> lossyPaths = new HashSet<>();

  /** When the last switch happened; null before the first. Guarded by this. */
  private Instant lastSwitch;

  /** Busy endpoints, or null while none is: swapped whole under this lock, read without it. */
  private volatile BusyState busy;

  ReroutingPolicy(
      EndpointCandidates candidates,
      String service,
      Duration cooldown,
      Clock clock,
      MeterRegistry registry,
      List<RerouteListener> listeners) {
    this.candidates = requireNonNull(candidates, "candidates");
    this.service = requireNonNull(service, "service");
    this.cooldown = requireNonNull(cooldown, "cooldown");
    this.clock = requireNonNull(clock, "clock");
    this.registry = requireNonNull(registry, "registry");
    this.listeners = List.copyOf(listeners);
    List<String> ranked = ranked();
    current = ranked.isEmpty() ? null : ranked.get(0);
    if (current == null) {
      logger.warn(
          "No candidate endpoint for service {}: the client keeps its own address until one"
              + " appears",
          service);
    }
  }

  /** The endpoint calls go to now, null when no candidate is known. */
  String current() {
    return current;
  }

  String service() {
    return service;
  }

  /** The busy endpoints and where calls may go meanwhile; null (almost always) when none is. */
  BusyState busy() {
    return busy;
  }

  Clock clock() {
    return clock;
  }

  /**
   * {@code endpoint} answered busy and asked to be left alone for {@code retryAfter}: calls avoid
   * it until then (going to the best usable candidate that is not busy, or held when none is), and
   * return to it afterwards. Its health, the current endpoint and the cool-down are untouched: no
   * switch, no probe, so a busy answer moves no client for longer than it asked. False, and
   * counted, for an endpoint that is neither a candidate nor the current one.
   */
  synchronized boolean onBusy(String endpoint, Duration retryAfter) {
    requireNonNull(endpoint, "endpoint");
    requireNonNull(retryAfter, "retryAfter");
    if (!endpoint.equals(current) && !ranked().contains(endpoint)) {
      skipped("unknown-endpoint");
      return false;
    }
    Instant now = clock.instant();
    Map<String, Instant> until = new HashMap<>();
    if (busy != null) {
      busy.until()
          .forEach(
              (e, end) -> {
                if (now.isBefore(end)) {
                  until.put(e, end);
                }
              });
    }
    until.merge(endpoint, now.plus(retryAfter), (old, end) -> old.isAfter(end) ? old : end);
    rebuildBusy(until);
    logger.debug("{} of {} is busy for {}", endpoint, service, retryAfter);
    return true;
  }

  /** Swaps the busy snapshot for one over {@code until} and the health known now. */
  private void rebuildBusy(Map<String, Instant> until) {
    if (until.isEmpty()) {
      busy = null;
      return;
    }
    List<String> usable = new ArrayList<>();
    for (String endpoint : ranked()) {
      if (!unhealthy.containsKey(endpoint)) {
        usable.add(endpoint);
      }
    }
    busy = new BusyState(Map.copyOf(until), List.copyOf(usable));
  }

  /** After a change of health or of the current endpoint: the detours follow it. */
  private void refreshBusy() {
    if (busy != null) {
      rebuildBusy(busy.until());
    }
  }

  /** What is known of {@code endpoint}: healthy unless an alarm or a failure said otherwise. */
  synchronized EndpointHealth health(String endpoint) {
    return unhealthy.getOrDefault(endpoint, EndpointHealth.HEALTHY);
  }

  /** The candidates that are not healthy, best ranked first: what the probe thread checks. */
  synchronized List<String> toProbe() {
    List<String> endpoints = new ArrayList<>();
    for (String endpoint : ranked()) {
      if (unhealthy.containsKey(endpoint)) {
        endpoints.add(endpoint);
      }
    }
    return endpoints;
  }

  /** Every candidate and its health, in rank order. */
  synchronized Map<String, EndpointHealth> healthByEndpoint() {
    Map<String, EndpointHealth> health = new LinkedHashMap<>();
    for (String endpoint : ranked()) {
      health.put(endpoint, health(endpoint));
    }
    return health;
  }

  /**
   * A diagnosis alarm named {@code endpoint}: it is degraded, and the client leaves it if it uses
   * it and a healthier candidate exists. An endpoint that is neither a candidate nor the current
   * one is ignored and counted.
   */
  synchronized Decision onAlarm(String endpoint, String detail) {
    requireNonNull(endpoint, "endpoint");
    return onTrouble(endpoint, EndpointHealth.DEGRADED, "alarm: " + detail);
  }

  /**
   * A {@code network-loss} alarm named the path to {@code endpoint}. With {@code leave}, it is
   * degraded like any alarm's endpoint and a switch away from it has the reason {@link
   * RerouteReason#NETWORK_LOSS}; without, nothing changes (the provider is not to blame, and a loss
   * on the client's own link follows it to any provider) and the alarm is counted as skipped,
   * reason {@code network-loss}.
   */
  synchronized Decision onNetworkLoss(String endpoint, String detail, boolean leave) {
    requireNonNull(endpoint, "endpoint");
    if (!leave) {
      skipped("network-loss");
      logger.info("Staying on {} of {} despite {}", endpoint, service, detail);
      return Decision.NO_BETTER_CANDIDATE;
    }
    if (endpoint.equals(current) || ranked().contains(endpoint)) {
      lossyPaths.add(endpoint);
    }
    return onTrouble(endpoint, EndpointHealth.DEGRADED, "network-loss: " + detail);
  }

  /**
   * A call to {@code endpoint} failed on the transport: it is down, and the client leaves it at
   * once if it uses it and a healthier candidate exists.
   */
  synchronized Decision onTransportFailure(String endpoint, String detail) {
    requireNonNull(endpoint, "endpoint");
    return onTrouble(endpoint, EndpointHealth.DOWN, detail);
  }

  private Decision onTrouble(String endpoint, EndpointHealth health, String detail) {
    if (!endpoint.equals(current) && !ranked().contains(endpoint)) {
      skipped("unknown-endpoint");
      logger.debug("Ignoring {} for {}: not a candidate of {}", detail, endpoint, service);
      return Decision.NO_BETTER_CANDIDATE;
    }
    // Keep the worse of what is known: an alarm about an endpoint that is down does not revive it.
    unhealthy.merge(endpoint, health, (old, now) -> old.compareTo(now) >= 0 ? old : now);
    if (!endpoint.equals(current)) {
      // A late report about an endpoint the client already left (or a detour): remember it.
      refreshBusy();
      return Decision.NO_BETTER_CANDIDATE;
    }
    Decision decision = decide(detail);
    refreshBusy();
    if (decision != Decision.SWITCHED) {
      skipped(decision.tag());
    }
    return decision;
  }

  /**
   * A probe of {@code endpoint} answered: healthy makes it a candidate again (and the client
   * returns if it is better ranked and the cool-down has passed); unhealthy changes nothing.
   */
  synchronized Decision onProbe(String endpoint, boolean healthy) {
    requireNonNull(endpoint, "endpoint");
    if (healthy) {
      EndpointHealth was = unhealthy.remove(endpoint);
      lossyPaths.remove(endpoint);
      if (was != null) {
        logger.info("Endpoint {} of {} passed its probe (was {})", endpoint, service, was);
      }
    }
    Decision decision = decide("probe of " + endpoint + (healthy ? " healthy" : " unhealthy"));
    refreshBusy();
    return decision;
  }

  /**
   * Decides again on what is known: makes a switch that the cool-down deferred, or adopts the first
   * candidate of a list that was empty. The probe thread calls this on every round.
   */
  synchronized Decision reevaluate() {
    Decision decision = decide("periodic check");
    if (busy != null) {
      // Forget Retry-Afters that have passed, so that the request path is back to one read.
      Instant now = clock.instant();
      Map<String, Instant> until = new HashMap<>(busy.until());
      until.values().removeIf(end -> !now.isBefore(end));
      rebuildBusy(until);
    }
    return decision;
  }

  private Decision decide(String detail) {
    List<String> ranked = ranked();
    if (ranked.isEmpty()) {
      return Decision.NO_CANDIDATES;
    }
    String best = ranked.get(0);
    for (String endpoint : ranked) {
      // The first of the healthiest; a stable order, so equals never moves the client.
      if (health(endpoint).compareTo(health(best)) < 0) {
        best = endpoint;
      }
    }
    String from = current;
    Instant now = clock.instant();
    if (from == null) {
      switchTo(null, best, RerouteReason.INITIAL, detail, now);
      return Decision.SWITCHED;
    }
    if (best.equals(from)) {
      return Decision.NO_BETTER_CANDIDATE;
    }
    int fromRank = ranked.indexOf(from);
    EndpointHealth fromHealth = health(from);
    EndpointHealth bestHealth = health(best);
    RerouteReason reason;
    if (fromRank < 0) {
      reason = RerouteReason.CANDIDATE_REMOVED;
    } else if (bestHealth.compareTo(fromHealth) < 0) {
      reason =
          fromHealth == EndpointHealth.DOWN
              ? RerouteReason.TRANSPORT_FAILURE
              : lossyPaths.contains(from) ? RerouteReason.NETWORK_LOSS : RerouteReason.ALARM;
    } else if (bestHealth == EndpointHealth.HEALTHY && ranked.indexOf(best) < fromRank) {
      reason = RerouteReason.RECOVERED;
    } else {
      // Equally unhealthy everywhere: moving would not help, so stay.
      return Decision.NO_BETTER_CANDIDATE;
    }
    // An endpoint that is down or gone serves nobody: leave it whatever the cool-down.
    boolean urgent =
        reason == RerouteReason.TRANSPORT_FAILURE || reason == RerouteReason.CANDIDATE_REMOVED;
    if (!urgent && lastSwitch != null && now.isBefore(lastSwitch.plus(cooldown))) {
      return Decision.COOLDOWN;
    }
    switchTo(from, best, reason, detail, now);
    return Decision.SWITCHED;
  }

  private void switchTo(String from, String to, RerouteReason reason, String detail, Instant now) {
    current = to;
    lastSwitch = now;
    Reroute reroute =
        new Reroute(now, service, from == null ? Reroute.NONE : from, to, reason, detail);
    registry
        .counter(
            "wsqos.monitor.reroutes",
            "service",
            service,
            "from",
            reroute.from(),
            "to",
            to,
            "reason",
            reason.tag())
        .increment();
    logger.info(
        "Rerouting {} from {} to {} ({}; {})", service, reroute.from(), to, reason.tag(), detail);
    for (RerouteListener listener : listeners) {
      try {
        listener.onReroute(reroute);
      } catch (RuntimeException e) {
        logger.warn("Reroute listener {} failed; the switch stands", listener, e);
      }
    }
  }

  private void skipped(String reason) {
    registry
        .counter("wsqos.monitor.reroutes.skipped", "service", service, "reason", reason)
        .increment();
  }

  private List<String> ranked() {
    List<String> ranked = candidates.candidates(service);
    return ranked == null ? List.of() : ranked;
  }
}
