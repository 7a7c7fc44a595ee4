package io.wsqos.benchmarks.load;

import io.wsqos.monitor.Outcome;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Builds {@link RunResult}s with known content for the tests of other packages. */
public final class RunResults {

  private RunResults() {}

  /** A one-second run whose successes took the given latencies, in microseconds. */
  public static RunResult succeededWithLatencies(long... micros) {
    Histogram latency = new Histogram(LoadEngine.HIGHEST_TRACKABLE_MICROS, 3);
    for (long m : micros) {
      latency.recordValue(m);
    }
    Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    for (Outcome outcome : Outcome.values()) {
      counts.put(outcome, 0L);
    }
    counts.put(Outcome.SUCCESS, (long) micros.length);
    return RunResult.of(RequestCounts.of(counts), Duration.ofSeconds(1), latency);
  }
}
