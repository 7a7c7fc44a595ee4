package io.wsqos.benchmarks.load;

import io.wsqos.monitor.Outcome;
import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * What one measured run gave: how the requests whose (intended) send time fell in the measurement
 * window ended, and the latencies of the successful ones in microseconds.
 *
 * <p>{@link #latencyMicros()} runs from the intended send time to the last response byte, so a
 * driver or server that falls behind shows in it (no coordinated omission); {@link
 * #serviceTimeMicros()} runs from the actual connect (what {@code httperf} reports).
 *
 * @param counts how the requests ended
 * @param window the measurement window
 * @param latencyMicros the successes' latency from the intended send time (accessed as a copy)
 * @param serviceTimeMicros the successes' time from the actual connect (accessed as a copy)
 * @param succeededEncoded successful responses that declared a {@code Content-Encoding} other than
 *     {@code identity}, e.g. those a server chose to compress
 * @param maxSendLagMicros how late, at worst, the driver started a request after its intended time
 * @param meanSendLagMicros how late, on average, the driver started a request
 * @param maxInFlight the most requests in flight at once, those waiting for a connection included
 * @param connectionsOpened connections the driver opened during the whole run, warm-up included
 * @param reconnects of those, the kept-alive connections opened in place of one the server closed
 *     (or that failed)
 * @param succeededInWindow successful responses that arrived within the window, whenever their
 *     requests were due: what the server delivered in it. Past saturation a server that queues
 *     without bound still answers the window's requests after it (until the driver gives up), so
 *     {@link #succeeded()} over the window overstates its rate and this does not.
 */
public record RunResult(
    RequestCounts counts,
    Duration window,
    Histogram latencyMicros,
    Histogram serviceTimeMicros,
    long succeededEncoded,
    long maxSendLagMicros,
    double meanSendLagMicros,
    int maxInFlight,
    long connectionsOpened,
    long reconnects,
    long succeededInWindow) {

  public RunResult {
    latencyMicros = latencyMicros.copy();
    serviceTimeMicros = serviceTimeMicros.copy();
  }

  /**
   * A run made by another driver than ours (e.g. client threads calling through a CXF proxy, which
   * time each call from its start): the counts, the window and the latency histogram of the
   * successes in microseconds, which is also the service time. Their successes are taken to have
   * arrived within the window.
   */
  public static RunResult of(RequestCounts counts, Duration window, Histogram latencyMicros) {
    return new RunResult(
        counts, window, latencyMicros, latencyMicros, 0, 0, 0, 0, 0, 0, counts.succeeded());
  }

  /** Requests sent that ended in {@code outcome}. */
  public long count(Outcome outcome) {
    return counts.count(outcome);
  }

  /** Requests due in the window, sent or dropped. */
  public long requests() {
    return counts.requests();
  }

  /** Requests that ended in {@link Outcome#SUCCESS}. */
  public long succeeded() {
    return counts.succeeded();
  }

  /** Requests due that did not succeed, dropped ones included. */
  public long failed() {
    return requests() - succeeded();
  }

  /** Requests due per second of the window (the offered rate). */
  public double offeredPerSecond() {
    return requests() / seconds();
  }

  /** Successful responses per second of the window. */
  public double throughputPerSecond() {
    return succeeded() / seconds();
  }

  /**
   * Successful responses that arrived within the window, per second of it ({@link
   * #succeededInWindow()}): the rate a server delivered, which past saturation is below {@link
   * #throughputPerSecond()} when the server queues what it cannot serve.
   */
  public double deliveredPerSecond() {
    return succeededInWindow / seconds();
  }

  /** A copy of the latency histogram of successes, from the intended send time, in microseconds. */
  @Override
  public Histogram latencyMicros() {
    return latencyMicros.copy();
  }

  /**
   * A copy of the service time histogram of successes, from the actual connect, in microseconds.
   */
  @Override
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

  private double seconds() {
    return window.toNanos() / 1e9;
  }

  @Override
  public String toString() {
    return String.format(
        "RunResult[requests=%d, counts=%s, offered=%.1f/s, throughput=%.1f/s, delivered=%.1f/s,"
            + " mean=%.3f ms,"
            + " p50=%.3f ms, p99=%.3f ms, sendLag mean=%.0f us max=%d us, maxInFlight=%d,"
            + " connections=%d, reconnects=%d]",
        requests(),
        counts,
        offeredPerSecond(),
        throughputPerSecond(),
        deliveredPerSecond(),
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
