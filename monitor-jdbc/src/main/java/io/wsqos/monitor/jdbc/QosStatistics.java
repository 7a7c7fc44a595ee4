package io.wsqos.monitor.jdbc;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.Validity;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The seed's Table 2 and Table 3 figures for one {@link QosQuery}.
 *
 * <p>Only valid records count as requests; invalid ones are reported apart in {@link
 * #invalidByReason()}. The time statistics and the distribution are over succeeded requests (the
 * seed's Table 3 divides by succeeded requests); execution and communication need t2 and t3 too.
 *
 * @param query what was analysed
 * @param requests valid records in the window
 * @param succeeded requests whose outcome is {@link Outcome#SUCCESS}
 * @param failedByOutcome failed requests per outcome (every outcome but SUCCESS, zeros included)
 * @param invalidByReason invalid records per reason (only reasons that occurred)
 * @param execution t3 - t2 of succeeded requests
 * @param communication (t4 - t1) - (t3 - t2) of succeeded requests
 * @param response t4 - t1 of succeeded requests
 * @param throughputPerSecond succeeded requests per second of the window
 * @param availability succeeded / requests, NaN when there were no requests
 * @param distribution succeeded requests per response-time bucket, in the buckets' order
 */
public record QosStatistics(
    QosQuery query,
    long requests,
    long succeeded,
    Map<Outcome, Long> failedByOutcome,
    Map<Validity, Long> invalidByReason,
    TimeStats execution,
    TimeStats communication,
    TimeStats response,
    double throughputPerSecond,
    double availability,
    List<Long> distribution) {

  /** Copies the collections. */
  public QosStatistics {
    failedByOutcome = Map.copyOf(failedByOutcome);
    invalidByReason = Map.copyOf(invalidByReason);
    distribution = List.copyOf(distribution);
  }

  /** Requests that did not succeed. */
  public long failed() {
    return requests - succeeded;
  }

  /** The window's length. */
  public Duration duration() {
    return Duration.between(query.from(), query.to());
  }

  /** Share of succeeded requests in each bucket, 0..1; all zero when none succeeded. */
  public List<Double> distributionShares() {
    long total = distribution.stream().mapToLong(Long::longValue).sum();
    return distribution.stream().map(n -> total == 0 ? 0.0 : (double) n / total).toList();
  }
}
