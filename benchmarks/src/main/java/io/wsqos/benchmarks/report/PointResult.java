package io.wsqos.benchmarks.report;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.RequestCounts;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.monitor.Outcome;
import java.util.List;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;

/**
 * One repetition of one variant at one point of a sweep.
 *
 * @param variant the variant's name
 * @param x the point: offered rate in requests per second, or number of requesters
 * @param repetition 1-based repetition number
 * @param counts how the requests ended
 * @param offeredPerSecond requests due per second
 * @param throughputPerSecond successes per second
 * @param meanMillis mean latency of successes (NaN if none)
 * @param p50Millis median latency of successes
 * @param p90Millis 90th percentile
 * @param p99Millis 99th percentile
 * @param maxMillis maximum
 * @param serviceMeanMillis mean service time of successes, from the actual connect
 * @param serviceP50Millis median service time of successes, from the actual connect (as {@code
 *     httperf} measures)
 * @param buckets successes per Table 3 bucket: {@code <1 s, <2 s, ... <10 s, >=10 s} (11 values)
 */
public record PointResult(
    String variant,
    double x,
    int repetition,
    RequestCounts counts,
    double offeredPerSecond,
    double throughputPerSecond,
    double meanMillis,
    double p50Millis,
    double p90Millis,
    double p99Millis,
    double maxMillis,
    double serviceMeanMillis,
    double serviceP50Millis,
    List<Long> buckets) {

  /** The Table 3 buckets: whole seconds below 1..10, then 10 s and more. */
  public static final int BUCKETS = 11;

  public PointResult {
    requireNonNull(variant, "variant");
    requireNonNull(counts, "counts");
    buckets = List.copyOf(buckets);
    if (buckets.size() != BUCKETS) {
      throw new IllegalArgumentException(
          "buckets: " + buckets.size() + " values (expected: " + BUCKETS + ")");
    }
  }

  /** Summarises {@code run}; latencies from the intended send time. */
  public static PointResult of(String variant, double x, int repetition, RunResult run) {
    Histogram latency = run.latencyMicros();
    long[] buckets = new long[BUCKETS];
    long below = 0;
    for (int second = 1; second < BUCKETS; second++) {
      long upTo = latency.getTotalCount() == 0 ? 0 : countBelow(latency, second * 1_000_000L);
      buckets[second - 1] = upTo - below;
      below = upTo;
    }
    buckets[BUCKETS - 1] = latency.getTotalCount() - below;
    return new PointResult(
        variant,
        x,
        repetition,
        run.counts(),
        run.offeredPerSecond(),
        run.throughputPerSecond(),
        run.meanLatencyMillis(),
        run.latencyPercentileMillis(50),
        run.latencyPercentileMillis(90),
        run.latencyPercentileMillis(99),
        latency.getTotalCount() == 0 ? Double.NaN : latency.getMaxValue() / 1000.0,
        latency.getTotalCount() == 0 ? Double.NaN : run.serviceTimeMicros().getMean() / 1000.0,
        latency.getTotalCount() == 0
            ? Double.NaN
            : run.serviceTimeMicros().getValueAtPercentile(50) / 1000.0,
        LongStream.of(buckets).boxed().toList());
  }

  private static long countBelow(Histogram histogram, long micros) {
    // Values within the histogram's precision of the bound count as below it.
    return histogram.getCountBetweenValues(0, micros - 1);
  }

  /** The successes per Table 3 bucket, summed over {@code runs}. */
  public static long[] bucketTotals(List<PointResult> runs) {
    long[] totals = new long[BUCKETS];
    for (PointResult r : runs) {
      for (int i = 0; i < totals.length; i++) {
        totals[i] += r.buckets().get(i);
      }
    }
    return totals;
  }

  /** Requests due: sent, dropped or timed out in the driver's connection queue. */
  public long requests() {
    return counts.requests();
  }

  /** Requests sent that ended in {@code outcome}. */
  public long count(Outcome outcome) {
    return counts.count(outcome);
  }
}
