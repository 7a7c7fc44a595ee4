package io.wsqos.monitor.jdbc;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.Validity;
import io.wsqos.monitor.jdbc.internal.Codes;
import java.sql.SQLException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;

/**
 * The figures of one window, gathered from its records one at a time in a single pass: counts per
 * validity and outcome, and for the succeeded valid records each derived time's count, minimum,
 * maximum, mean and nearest-rank percentiles, and the response-time distribution.
 *
 * <p>Exact percentiles need every value: each derived time keeps its values in a primitive array (8
 * bytes per value, so at most 24 bytes per succeeded record for the three times), summarised by
 * {@link TimeStats#of} as the in-memory monitor does. Past {@code maxSamples} succeeded records the
 * arrays are dropped and {@link #percentilesNeeded()} says so: the caller then supplies the
 * percentiles ({@link #percentiles}), and the rest of the figures still come from this pass.
 */
final class WindowTally {

  /** The times, in the order of every per-time array here. */
  static final int EXECUTION = 0;

  static final int COMMUNICATION = 1;
  static final int RESPONSE = 2;
  static final int TIMES = 3;

  private static final Validity[] VALIDITIES = Validity.values();
  private static final Outcome[] OUTCOMES = Outcome.values();
  private static final int FIRST_CAPACITY = 1_024;
  private static final int VALID = Codes.of(Validity.VALID);
  private static final int SUCCESS = Codes.of(Outcome.SUCCESS);

  private final ResponseTimeBuckets buckets;
  private final int maxSamples;
  private final long[][] records = new long[VALIDITIES.length][OUTCOMES.length];
  private final long[] distribution;
  private final long[] counts = new long[TIMES];
  private final long[] min = new long[TIMES];
  private final long[] max = new long[TIMES];
  private final long[] sums = new long[TIMES];
  private final double[] roundedSums = new double[TIMES];
  private final boolean[] overflowed = new boolean[TIMES];
  private long[][] values = new long[TIMES][];
  private long[][] percentiles;

  /**
   * An empty tally bucketing response times by {@code buckets}, keeping the values of at most
   * {@code maxSamples} succeeded records (0 keeps none).
   */
  WindowTally(ResponseTimeBuckets buckets, int maxSamples) {
    if (maxSamples < 0) {
      throw new IllegalArgumentException("maxSamples: " + maxSamples + " (expected: >= 0)");
    }
    this.buckets = buckets;
    this.maxSamples = maxSamples;
    distribution = new long[buckets.size()];
    Arrays.fill(min, Long.MAX_VALUE);
    Arrays.fill(max, Long.MIN_VALUE);
    for (int t = 0; t < TIMES; t++) {
      values[t] = new long[Math.min(FIRST_CAPACITY, maxSamples)];
    }
  }

  /**
   * Adds one record by its stored codes and its execution ({@code t3 - t2}) and response ({@code t4
   * - t1}) times, each present or not; communication is their difference when both are.
   *
   * @throws SQLException if a code names no validity or outcome
   */
  void add(
      int validity,
      int outcome,
      long execution,
      boolean hasExecution,
      long response,
      boolean hasResponse)
      throws SQLException {
    if (validity < 0
        || validity >= VALIDITIES.length
        || outcome < 0
        || outcome >= OUTCOMES.length) {
      // Codes names what is wrong.
      Codes.validity(validity);
      Codes.outcome(outcome);
    }
    records[validity][outcome]++;
    if (validity != VALID || outcome != SUCCESS) {
      return;
    }
    if (hasExecution) {
      add(EXECUTION, execution);
    }
    if (hasResponse) {
      add(RESPONSE, response);
      distribution[buckets.indexOf(response)]++;
      if (hasExecution) {
        add(COMMUNICATION, response - execution);
      }
    }
  }

  private void add(int time, long value) {
    long n = counts[time]++;
    min[time] = Math.min(min[time], value);
    max[time] = Math.max(max[time], value);
    roundedSums[time] += value;
    long sum = sums[time] + value;
    // Overflow iff both operands have the sign opposite to the result's.
    overflowed[time] |= ((sums[time] ^ sum) & (value ^ sum)) < 0;
    sums[time] = sum;
    long[] kept = values[time];
    if (kept == null) {
      return;
    }
    if (n == kept.length) {
      if (n >= maxSamples) {
        values = new long[TIMES][];
        return;
      }
      kept = Arrays.copyOf(kept, (int) Math.min(maxSamples, Math.max(FIRST_CAPACITY, 2 * n)));
      values[time] = kept;
    }
    kept[(int) n] = value;
  }

  /** Whether the values went past {@code maxSamples}, so that {@link #percentiles} is needed. */
  boolean percentilesNeeded() {
    return values[RESPONSE] == null && values[EXECUTION] == null && anyTimes();
  }

  private boolean anyTimes() {
    return counts[EXECUTION] > 0 || counts[RESPONSE] > 0;
  }

  /** How many values each time has, in {@link #EXECUTION}'s order. */
  long[] counts() {
    return counts.clone();
  }

  /**
   * Sets the percentiles when the values were not kept: {@code [time][i]} for the 50th, 95th and
   * 99th.
   */
  void percentiles(long[][] percentiles) {
    this.percentiles = percentiles;
  }

  /** The figures of {@code query}'s window. */
  QosStatistics statistics(QosQuery query) {
    EnumMap<Outcome, Long> failed = new EnumMap<>(Outcome.class);
    EnumMap<Validity, Long> invalid = new EnumMap<>(Validity.class);
    long requests = 0;
    for (Outcome outcome : OUTCOMES) {
      long count = records[VALID][Codes.of(outcome)];
      requests += count;
      if (!outcome.succeeded()) {
        failed.put(outcome, count);
      }
    }
    for (Validity validity : VALIDITIES) {
      if (validity.isValid()) {
        continue;
      }
      long count = Arrays.stream(records[Codes.of(validity)]).sum();
      if (count > 0) {
        invalid.put(validity, count);
      }
    }
    long succeeded = records[VALID][SUCCESS];
    List<Long> shares = new ArrayList<>();
    for (long count : distribution) {
      shares.add(count);
    }
    double seconds = ChronoUnit.MICROS.between(query.from(), query.to()) / 1e6;
    return new QosStatistics(
        query,
        requests,
        succeeded,
        failed,
        invalid,
        stats(EXECUTION),
        stats(COMMUNICATION),
        stats(RESPONSE),
        succeeded / seconds,
        requests == 0 ? Double.NaN : (double) succeeded / requests,
        shares);
  }

  private TimeStats stats(int time) {
    long n = counts[time];
    if (n == 0) {
      return TimeStats.EMPTY;
    }
    double mean = (overflowed[time] ? roundedSums[time] : (double) sums[time]) / n;
    long[] p;
    if (values[time] != null) {
      p = nearestRanks(values[time], (int) n);
    } else if (percentiles != null) {
      p = percentiles[time];
    } else {
      throw new IllegalStateException("the percentiles were not kept and not given");
    }
    return new TimeStats(n, min[time], max[time], mean, p[0], p[1], p[2]);
  }

  /**
   * The 50th, 95th and 99th nearest-rank percentiles of {@code values[0..size)}, as {@link
   * TimeStats#of} computes them: the value of rank {@code max(1, ceil(p / 100 * size))}. The
   * highest rank is found first, so that each lower one is searched for only among the values below
   * it.
   */
  static long[] nearestRanks(long[] values, int size) {
    int k99 = rank(99, size) - 1;
    int k95 = rank(95, size) - 1;
    int k50 = rank(50, size) - 1;
    long p99 = RankSelection.select(values, 0, size, k99);
    long p95 = RankSelection.select(values, 0, k99 + 1, k95);
    long p50 = RankSelection.select(values, 0, k95 + 1, k50);
    return new long[] {p50, p95, p99};
  }

  private static int rank(double percent, int size) {
    return Math.max((int) Math.ceil(percent / 100 * size), 1);
  }
}
