package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import java.time.Duration;
import java.time.Instant;

/**
 * What a provider or a client measured of one offer's operation over one window: how many requests
 * it saw, how many failed, and response time percentiles. A report to the broker carries one; the
 * broker holds the reports of a window against what the offer guarantees.
 *
 * @param operation the operation's local name (as in the WSDL), or {@value #ALL_OPERATIONS} for
 *     every operation together; at most {@value #MAX_OPERATION_CHARS} characters, no control
 *     characters
 * @param windowStart when the measured window began
 * @param windowEnd when it ended: after {@code windowStart}, at most {@link #MAX_WINDOW} later
 * @param requests requests completed in the window, 1 to {@value #MAX_REQUESTS}
 * @param failures those of them that failed (a fault, a transport error, no answer), 0 to {@code
 *     requests}
 * @param p50Millis median response time in milliseconds, finite, 0 to {@value #MAX_MILLIS}
 * @param p95Millis 95th percentile, at least {@code p50Millis}
 * @param p99Millis 99th percentile, at least {@code p95Millis}
 */
public record Measurement(
    String operation,
    Instant windowStart,
    Instant windowEnd,
    long requests,
    long failures,
    double p50Millis,
    double p95Millis,
    double p99Millis) {

  /** The operation name of a measurement over every operation of the offer's service. */
  public static final String ALL_OPERATIONS = "*";

  /** The longest operation name. */
  public static final int MAX_OPERATION_CHARS = 200;

  /** The longest window one report covers. */
  public static final Duration MAX_WINDOW = Duration.ofHours(1);

  /** The most requests one report counts. */
  public static final long MAX_REQUESTS = 1_000_000_000L;

  /** The longest response time a report states: one hour. */
  public static final double MAX_MILLIS = 3_600_000;

  /** Checks every field; see the class Javadoc for the ranges. */
  public Measurement {
    Checks.text("operation", operation, MAX_OPERATION_CHARS);
    requireNonNull(windowStart, "windowStart");
    requireNonNull(windowEnd, "windowEnd");
    if (!windowEnd.isAfter(windowStart)) {
      throw new InvalidValueException(
          "windowEnd", windowEnd.toString(), "after windowStart " + windowStart);
    }
    if (Duration.between(windowStart, windowEnd).compareTo(MAX_WINDOW) > 0) {
      throw new InvalidValueException(
          "windowEnd",
          windowEnd.toString(),
          "at most " + MAX_WINDOW.toMinutes() + " minutes after windowStart " + windowStart);
    }
    Checks.inRange("requests", requests, 1, MAX_REQUESTS);
    Checks.inRange("failures", failures, 0, requests);
    checkMillis("p50Millis", p50Millis, 0);
    checkMillis("p95Millis", p95Millis, p50Millis);
    checkMillis("p99Millis", p99Millis, p95Millis);
  }

  /** The share of the window's requests that succeeded, 0..1. */
  public double availability() {
    return (requests - failures) / (double) requests;
  }

  /** The length of the window. */
  public Duration window() {
    return Duration.between(windowStart, windowEnd);
  }

  private static void checkMillis(String field, double value, double min) {
    // inRange refuses NaN as well: no comparison with it holds.
    if (!(value >= min && value <= MAX_MILLIS)) {
      throw new InvalidValueException(
          field,
          Double.toString(value),
          "a number of milliseconds from " + min + " to " + MAX_MILLIS);
    }
  }
}
