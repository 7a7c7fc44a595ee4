package io.wsqos.monitor.jdbc;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.Side;
import java.time.Instant;
import java.util.Optional;

/**
 * What to analyse: the records of one side in {@code [from, to)} (on {@link
 * QosRecord#recordedAt()}), optionally narrowed to a service, an operation and an endpoint, and how
 * to bucket response times.
 */
public record QosQuery(
    Instant from,
    Instant to,
    Optional<String> service,
    Optional<String> operation,
    Optional<String> endpoint,
    Side side,
    ResponseTimeBuckets buckets) {

  /** Checks that the window is not empty and that nothing is null. */
  public QosQuery {
    requireNonNull(from, "from");
    requireNonNull(to, "to");
    if (!from.isBefore(to)) {
      throw new IllegalArgumentException(
          "window: " + from + " .. " + to + " (expected: from < to)");
    }
    requireNonNull(service, "service");
    requireNonNull(operation, "operation");
    requireNonNull(endpoint, "endpoint");
    requireNonNull(side, "side");
    requireNonNull(buckets, "buckets");
  }

  /** Every requester-side record in {@code [from, to)}, with the Table 3 buckets. */
  public static QosQuery window(Instant from, Instant to) {
    return new QosQuery(
        from,
        to,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Side.REQUESTER,
        ResponseTimeBuckets.table3());
  }

  /** This query narrowed to {@code service}. */
  public QosQuery service(String service) {
    return new QosQuery(from, to, Optional.of(service), operation, endpoint, side, buckets);
  }

  /** This query narrowed to {@code operation}. */
  public QosQuery operation(String operation) {
    return new QosQuery(from, to, service, Optional.of(operation), endpoint, side, buckets);
  }

  /** This query narrowed to {@code endpoint}. */
  public QosQuery endpoint(String endpoint) {
    return new QosQuery(from, to, service, operation, Optional.of(endpoint), side, buckets);
  }

  /** This query on the records of {@code side}. */
  public QosQuery side(Side side) {
    return new QosQuery(from, to, service, operation, endpoint, side, buckets);
  }

  /** This query with other response-time buckets. */
  public QosQuery buckets(ResponseTimeBuckets buckets) {
    return new QosQuery(from, to, service, operation, endpoint, side, buckets);
  }
}
