package io.wsqos.benchmarks.load;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * How the requests of a run ended: each request sent by the monitor's {@link Outcome} (the one
 * vocabulary of exchange outcomes), how many of its timeouts came while connecting, the requests
 * never sent because the driver's limit of requests in flight was reached, and those never sent
 * because they waited too long for a free kept-alive connection.
 *
 * @param outcomes requests sent, by outcome; an outcome missing counts 0
 * @param connectTimeouts of the {@link Outcome#TIMEOUT}s, those that came before the connection was
 *     established (the rest came while waiting for the response)
 * @param dropped requests due but never sent: the limit of requests in flight was reached
 * @param queueTimeouts requests due but never sent: they waited for a free connection of the
 *     driver's bounded pool longer than its queue timeout
 */
public record RequestCounts(
    Map<Outcome, Long> outcomes, long connectTimeouts, long dropped, long queueTimeouts) {

  public RequestCounts {
    requireNonNull(outcomes, "outcomes");
    Map<Outcome, Long> all = new EnumMap<>(Outcome.class);
    for (Outcome outcome : Outcome.values()) {
      long n = outcomes.getOrDefault(outcome, 0L);
      if (n < 0) {
        throw new IllegalArgumentException(outcome + ": " + n + " (expected: >= 0)");
      }
      all.put(outcome, n);
    }
    outcomes = Collections.unmodifiableMap(all);
    if (connectTimeouts < 0 || connectTimeouts > all.get(Outcome.TIMEOUT)) {
      throw new IllegalArgumentException(
          "connectTimeouts: "
              + connectTimeouts
              + " (expected: 0.."
              + all.get(Outcome.TIMEOUT)
              + ", the timeouts)");
    }
    if (dropped < 0) {
      throw new IllegalArgumentException("dropped: " + dropped + " (expected: >= 0)");
    }
    if (queueTimeouts < 0) {
      throw new IllegalArgumentException("queueTimeouts: " + queueTimeouts + " (expected: >= 0)");
    }
  }

  /** Counts with no request timed out in a connection queue (drivers without one). */
  public RequestCounts(Map<Outcome, Long> outcomes, long connectTimeouts, long dropped) {
    this(outcomes, connectTimeouts, dropped, 0);
  }

  /** Counts of requests that were all sent, with no timeout told apart as a connect timeout. */
  public static RequestCounts of(Map<Outcome, Long> outcomes) {
    return new RequestCounts(outcomes, 0, 0, 0);
  }

  /** Requests sent that ended in {@code outcome}. */
  public long count(Outcome outcome) {
    return outcomes.get(outcome);
  }

  /** Requests due: sent, dropped or timed out in the connection queue. */
  public long requests() {
    return sent() + dropped + queueTimeouts;
  }

  /** Requests sent, whatever their outcome. */
  public long sent() {
    return outcomes.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Requests that ended in {@link Outcome#SUCCESS}. */
  public long succeeded() {
    return count(Outcome.SUCCESS);
  }

  /**
   * The names of the count columns of the reports, in order: each outcome's name in lower case,
   * then {@code connect_timeout} (of the timeouts), {@code dropped} and {@code queue_timeout}.
   */
  public static List<String> columnNames() {
    return Stream.concat(
            Arrays.stream(Outcome.values()).map(o -> o.name().toLowerCase(Locale.ROOT)),
            Stream.of("connect_timeout", "dropped", "queue_timeout"))
        .toList();
  }

  /** The values of the columns {@link #columnNames()} names, in the same order. */
  public List<Long> columnValues() {
    List<Long> values = new ArrayList<>(outcomes.values());
    values.addAll(List.of(connectTimeouts, dropped, queueTimeouts));
    return values;
  }
}
