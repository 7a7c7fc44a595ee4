package io.wsqos.benchmarks.load;

import io.wsqos.monitor.Outcome;
import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * What one measured run gave: how the requests whose (intended) send time fell in the measurement
 * window ended ({@link RequestCounts}), and the latencies of the successful ones in microseconds.
 *
 * <p>{@link #latencyMicros()} runs from the intended send time to the last response byte, so a
 * driver or server that falls behind shows in it (no coordinated omission); {@link
 * #serviceTimeMicros()} runs from the actual connect (what {@code httperf} reports).
 */
public final class RunResult {

  private final RequestCounts counts;
  private final Duration window;
  private final Histogram latencyMicros;
  private final Histogram serviceTimeMicros;
  private final long succeededEncoded;
  private final long maxSendLagMicros;
  private final double meanSendLagMicros;
  private final int maxInFlight;
  private final long connectionsOpened;
  private final long reconnects;

  RunResult(
      RequestCounts counts,
      Duration window,
      Histogram latencyMicros,
      Histogram serviceTimeMicros,
      long maxSendLagMicros,
      double meanSendLagMicros,
      int maxInFlight) {
    this(
        counts,
        window,
        latencyMicros,
        serviceTimeMicros,
        0,
        maxSendLagMicros,
        meanSendLagMicros,
        maxInFlight);
  }

  RunResult(
      RequestCounts counts,
      Duration window,
      Histogram latencyMicros,
      Histogram serviceTimeMicros,
      long succeededEncoded,
      long maxSendLagMicros,
      double meanSendLagMicros,
      int maxInFlight) {
    this(
        counts,
        window,
        latencyMicros,
        serviceTimeMicros,
        succeededEncoded,
        maxSendLagMicros,
        meanSendLagMicros,
        maxInFlight,
        0,
        0);
  }

  RunResult(
      RequestCounts counts,
      Duration window,
      Histogram latencyMicros,
      Histogram serviceTimeMicros,
      long succeededEncoded,
      long maxSendLagMicros,
      double meanSendLagMicros,
      int maxInFlight,
      long connectionsOpened,
      long reconnects) {
    this.connectionsOpened = connectionsOpened;
    this.reconnects = reconnects;
    this.succeededEncoded = succeededEncoded;
    this.counts = counts;
    this.window = window;
    this.latencyMicros = latencyMicros.copy();
    this.serviceTimeMicros = serviceTimeMicros.copy();
    this.maxSendLagMicros = maxSendLagMicros;
    this.meanSendLagMicros = meanSendLagMicros;
    this.maxInFlight = maxInFlight;
  }

  /**
   * A run made by another driver than ours (e.g. client threads calling through a CXF proxy, which
   * time each call from its start): the counts, the window and the latency histogram of the
   * successes in microseconds, which is also the service time.
   */
  public static RunResult of(RequestCounts counts, Duration window, Histogram latencyMicros) {
    return new RunResult(counts, window, latencyMicros, latencyMicros, 0, 0, 0);
  }

  /** Requests sent that ended in {@code outcome}. */
  public long count(Outcome outcome) {
    return counts.count(outcome);
  }

  /** How the requests ended. */
  public RequestCounts counts() {
    return counts;
  }

  /** Requests due in the window, sent or dropped. */
  public long requests() {
    return counts.requests();
  }

  /** Requests that ended in {@link Outcome#SUCCESS}. */
  public long succeeded() {
    return counts.succeeded();
  }

  /**
   * Successful responses that declared a {@code Content-Encoding} other than {@code identity}, e.g.
   * those a server chose to compress.
   */
  public long succeededEncoded() {
    return succeededEncoded;
  }

  /** Requests due that did not succeed, dropped ones included. */
  public long failed() {
    return requests() - succeeded();
  }

  /** The measurement window. */
  public Duration window() {
    return window;
  }

  /** Requests due per second of the window (the offered rate). */
  public double offeredPerSecond() {
    return requests() / seconds();
  }

  /** Successful responses per second of the window. */
  public double throughputPerSecond() {
    return succeeded() / seconds();
  }

  /** A copy of the latency histogram of successes, from the intended send time, in microseconds. */
  public Histogram latencyMicros() {
    return latencyMicros.copy();
  }

  /**
   * A copy of the service time histogram of successes, from the actual connect, in microseconds.
   */
  public Histogram serviceTimeMicros() {
    return serviceTimeMicros.copy();
  }

  /** Mean latency of successes in milliseconds, NaN when none succeeded. */
  public double meanLatencyMillis() {
    return latencyMicros.getTotalCount() == 0 ? Double.NaN : latencyMicros.getMean() / 1000.0;
  }

  /** A percentile (0..100) of the latency of successes in milliseconds, NaN when none succeeded. */
  public double latencyPercentileMillis(double percentile) {
    return latencyMicros.getTotalCount() == 0
        ? Double.NaN
        : latencyMicros.getValueAtPercentile(percentile) / 1000.0;
  }

  /** How late, at worst, the driver started a request after its intended send time. */
  public long maxSendLagMicros() {
    return maxSendLagMicros;
  }

  /** How late, on average, the driver started a request after its intended send time. */
  public double meanSendLagMicros() {
    return meanSendLagMicros;
  }

  /**
   * The most requests in flight at once during the run, those waiting for a kept-alive connection
   * included.
   */
  public int maxInFlight() {
    return maxInFlight;
  }

  /** Connections the driver opened during the whole run, warm-up included. */
  public long connectionsOpened() {
    return connectionsOpened;
  }

  /**
   * Of {@link #connectionsOpened}, the kept-alive connections opened in place of one the server
   * closed (or that failed), during the whole run.
   */
  public long reconnects() {
    return reconnects;
  }

  private double seconds() {
    return window.toNanos() / 1e9;
  }

  @Override
  public String toString() {
    return String.format(
        "RunResult[requests=%d, counts=%s, offered=%.1f/s, throughput=%.1f/s, mean=%.3f ms,"
            + " p50=%.3f ms, p99=%.3f ms, sendLag mean=%.0f us max=%d us, maxInFlight=%d,"
            + " connections=%d, reconnects=%d]",
        requests(),
        counts,
        offeredPerSecond(),
        throughputPerSecond(),
        meanLatencyMillis(),
        latencyPercentileMillis(50),
        latencyPercentileMillis(99),
        meanSendLagMicros,
        maxSendLagMicros,
        maxInFlight,
        connectionsOpened,
        reconnects);
  }
}
