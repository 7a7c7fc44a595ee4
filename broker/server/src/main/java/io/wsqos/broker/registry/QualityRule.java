package io.wsqos.broker.registry;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.OperationQos;
import io.wsqos.core.Checks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the broker holds measurements against an offer: the reports received within {@code window}
 * count; an operation with at least {@code minRequests} requests in them breaks the offer when its
 * availability is below the offer's, or its response time at {@code percentile} above the offer's
 * maximum response time.
 *
 * @param window how far back reports count, 1 s to 1 day; default {@link #DEFAULT_WINDOW}
 * @param minRequests the fewest requests an operation's figures need to break an offer, at least 1;
 *     default {@value #DEFAULT_MIN_REQUESTS}
 * @param percentile which response time percentile is held against the offer's maximum: 50, 95 or
 *     99; default {@value #DEFAULT_PERCENTILE}
 */
public record QualityRule(Duration window, long minRequests, int percentile) {

  /** Default window: five minutes. */
  public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(5);

  /** Default fewest requests to judge an operation by. */
  public static final long DEFAULT_MIN_REQUESTS = 20;

  /** Default percentile held against the offer's maximum response time. */
  public static final int DEFAULT_PERCENTILE = 95;

  /** The rule with every default. */
  public static final QualityRule DEFAULT =
      new QualityRule(DEFAULT_WINDOW, DEFAULT_MIN_REQUESTS, DEFAULT_PERCENTILE);

  /** Checks the ranges. */
  public QualityRule {
    Checks.inRange(
        "window", requireNonNull(window, "window"), Duration.ofSeconds(1), Duration.ofDays(1));
    Checks.atLeast("minRequests", minRequests, 1);
    if (percentile != 50 && percentile != 95 && percentile != 99) {
      throw Checks.invalidText("percentile", Integer.toString(percentile), "50, 95 or 99");
    }
  }

  /**
   * The measured QoS of an offer guaranteeing {@code availability} and {@code
   * maxResponseTimeMillis} whose window holds {@code operations}, evaluated at {@code now}.
   */
  MeasuredQos evaluate(
      List<OperationQos> operations, double availability, long maxResponseTimeMillis, Instant now) {
    List<String> broken = new ArrayList<>();
    for (OperationQos op : operations) {
      if (op.requests() < minRequests) {
        continue;
      }
      if (op.availability() < availability) {
        broken.add(
            String.format(
                Locale.ROOT,
                "%s: availability %.4f below the offered %.4f over %d requests",
                op.operation(),
                op.availability(),
                availability,
                op.requests()));
      }
      double measured = responseTime(op);
      if (measured > maxResponseTimeMillis) {
        broken.add(
            String.format(
                Locale.ROOT,
                "%s: p%d response time %.1f ms above the offered %d ms over %d requests",
                op.operation(),
                percentile,
                measured,
                maxResponseTimeMillis,
                op.requests()));
      }
    }
    return new MeasuredQos(
        operations, !broken.isEmpty(), String.join("; ", broken), now, now.plus(window));
  }

  /** The response time of {@code op} at this rule's percentile. */
  double responseTime(OperationQos op) {
    return switch (percentile) {
      case 50 -> op.p50Millis();
      case 99 -> op.p99Millis();
      default -> op.p95Millis();
    };
  }
}
