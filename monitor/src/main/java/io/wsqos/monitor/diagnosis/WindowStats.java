package io.wsqos.monitor.diagnosis;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.TimeStats;
import java.time.Instant;

/**
 * One endpoint's valid records in one diagnosis window: what the rules judge. Times are over
 * succeeded requests, as in the analysis of stored records ({@code QosStatistics}).
 *
 * @param endpoint the endpoint address
 * @param from when the window opened (diagnosis clock)
 * @param to when the window closed
 * @param requests valid records
 * @param succeeded records with outcome SUCCESS
 * @param execution t3 - t2 of succeeded requests
 * @param communication (t4 - t1) - (t3 - t2) of succeeded requests
 * @param response t4 - t1 of succeeded requests
 * @param communicationSamples the communication times summarised in {@code communication}, for
 *     rules that judge their distribution
 */
public record WindowStats(
    String endpoint,
    Instant from,
    Instant to,
    long requests,
    long succeeded,
    TimeStats execution,
    TimeStats communication,
    TimeStats response,
    Samples communicationSamples) {

  /** Checks that the samples are given ({@link Samples#EMPTY} when none is kept). */
  public WindowStats {
    requireNonNull(communicationSamples, "communicationSamples");
  }

  /** A window without communication samples, for rules that need only the summaries. */
  public WindowStats(
      String endpoint,
      Instant from,
      Instant to,
      long requests,
      long succeeded,
      TimeStats execution,
      TimeStats communication,
      TimeStats response) {
    this(
        endpoint, from, to, requests, succeeded, execution, communication, response, Samples.EMPTY);
  }

  /** Succeeded / requests, NaN when there were no requests. */
  public double availability() {
    return requests == 0 ? Double.NaN : (double) succeeded / requests;
  }
}
