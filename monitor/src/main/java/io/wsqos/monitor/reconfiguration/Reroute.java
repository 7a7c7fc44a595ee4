package io.wsqos.monitor.reconfiguration;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One switch of a client from an endpoint to another.
 *
 * @param at when the switch happened
 * @param service the service whose endpoint changed
 * @param from the endpoint left, {@link #NONE} when the client had none
 * @param to the endpoint the client uses from now on
 * @param reason why
 * @param detail what triggered it, for a log line (an alarm's description, a failure's outcome)
 */
public record Reroute(
    Instant at, String service, String from, String to, RerouteReason reason, String detail) {

  /** The {@link #from} of the first switch, when the client had no endpoint. */
  public static final String NONE = "none";

  /** Checks for nulls. */
  public Reroute {
    requireNonNull(at, "at");
    requireNonNull(service, "service");
    requireNonNull(from, "from");
    requireNonNull(to, "to");
    requireNonNull(reason, "reason");
    requireNonNull(detail, "detail");
  }
}
