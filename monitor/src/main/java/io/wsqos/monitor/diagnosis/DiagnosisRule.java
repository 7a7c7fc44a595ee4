package io.wsqos.monitor.diagnosis;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;
import java.util.function.DoublePredicate;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Decides from an endpoint's windows whether it degraded. The diagnosis asks each rule for one
 * {@link Evaluator} per endpoint, so an evaluator may keep that endpoint's history (e.g. how many
 * windows in a row were bad). The factories here cover the usual cases; {@link #of} builds others.
 *
 * <p>Every factory rule raises once per episode: on the K-th consecutive window that crosses its
 * limit, then not again until a window does not cross it ({@link #networkLoss()} also repeats while
 * the episode lasts, every {@link NetworkLossRule#DEFAULT_REPEAT_EVERY_WINDOWS} windows). A window
 * where the rule does not apply (e.g. no succeeded request to take a percentile of) ends an episode
 * too.
 */
public interface DiagnosisRule {

  /** The rule's name, as alarms and metrics show it. */
  String name();

  /** A fresh evaluator for one endpoint. */
  Evaluator newEvaluator();

  /** Judges one endpoint's windows in order. Called from one thread at a time. */
  @FunctionalInterface
  interface Evaluator {
    /** Returns an alarm when this window completes a degradation, empty otherwise. */
    Optional<Alarm> evaluate(WindowStats window);
  }

  /**
   * The 95th percentile of response time is above {@code threshold} in {@code consecutiveWindows}
   * windows in a row; applies to windows with at least one succeeded request.
   */
  static DiagnosisRule p95ResponseTimeAbove(Duration threshold, int consecutiveWindows) {
    requireNonNull(threshold, "threshold");
    if (threshold.isNegative() || threshold.isZero()) {
      throw new IllegalArgumentException("threshold: " + threshold + " (expected: > 0)");
    }
    double limitMillis = threshold.toNanos() / 1e6;
    return of(
        "p95-response-time",
        "p95 response time (ms)",
        limitMillis,
        consecutiveWindows,
        w -> w.response().count() > 0,
        w -> w.response().p95Micros() / 1e3,
        p95 -> p95 > limitMillis);
  }

  /**
   * Availability (succeeded / requests) is below {@code floor} in {@code consecutiveWindows}
   * windows in a row; applies to windows with at least {@code minRequests} requests, so that one
   * failure out of two requests does not raise.
   */
  static DiagnosisRule availabilityBelow(double floor, long minRequests, int consecutiveWindows) {
    if (!(floor > 0 && floor <= 1)) {
      throw new IllegalArgumentException("floor: " + floor + " (expected: (0, 1])");
    }
    if (minRequests < 1) {
      throw new IllegalArgumentException("minRequests: " + minRequests + " (expected: >= 1)");
    }
    return of(
        "availability",
        "availability",
        floor,
        consecutiveWindows,
        w -> w.requests() >= minRequests,
        WindowStats::availability,
        availability -> availability < floor);
  }

  /**
   * Communication time takes at least {@code minShare} of the mean response time in {@code
   * consecutiveWindows} windows in a row: the network (or the client's transport), not the
   * provider, degraded. Applies to windows whose mean response time is at least {@code
   * minMeanResponse}, so that fast calls on loopback, which are all communication, do not raise.
   */
  static DiagnosisRule communicationDominates(
      double minShare, Duration minMeanResponse, int consecutiveWindows) {
    if (!(minShare > 0 && minShare <= 1)) {
      throw new IllegalArgumentException("minShare: " + minShare + " (expected: (0, 1])");
    }
    requireNonNull(minMeanResponse, "minMeanResponse");
    if (minMeanResponse.isNegative()) {
      throw new IllegalArgumentException(
          "minMeanResponse: " + minMeanResponse + " (expected: >= 0)");
    }
    double minMeanMicros = minMeanResponse.toNanos() / 1e3;
    return of(
        "communication-dominates",
        "communication share of response time",
        minShare,
        consecutiveWindows,
        w ->
            w.communication().count() > 0
                && w.response().meanMicros() > 0
                && w.response().meanMicros() >= minMeanMicros,
        w -> w.communication().meanMicros() / w.response().meanMicros(),
        share -> share >= minShare);
  }

  /**
   * The {@link NetworkLossRule} with its defaults: communication times clustered at the base time
   * plus retransmission timeouts, a lossy path rather than a slow provider. {@link
   * NetworkLossRule#builder()} sets its thresholds.
   */
  static DiagnosisRule networkLoss() {
    return NetworkLossRule.builder().build();
  }

  /**
   * A rule that raises when {@code degraded} holds for {@code figureOf} in {@code
   * consecutiveWindows} windows in a row where {@code applies} holds.
   *
   * @param name the rule's name
   * @param figure what {@code figureOf} measures, with its unit
   * @param limit the threshold, as alarms show it
   */
  static DiagnosisRule of(
      String name,
      String figure,
      double limit,
      int consecutiveWindows,
      Predicate<WindowStats> applies,
      ToDoubleFunction<WindowStats> figureOf,
      DoublePredicate degraded) {
    return new ConsecutiveWindowsRule(
        name, figure, limit, consecutiveWindows, applies, figureOf, degraded);
  }
}
