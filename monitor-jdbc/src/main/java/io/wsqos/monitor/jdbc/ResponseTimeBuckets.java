package io.wsqos.monitor.jdbc;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The intervals of a response-time distribution: {@code [0, b1), [b1, b2), ..., [bn, infinity)} for
 * ascending upper bounds {@code b1..bn}, so n bounds give n + 1 buckets.
 */
public final class ResponseTimeBuckets {

  private static final ResponseTimeBuckets TABLE_3 = secondsUpTo(10);

  /** The buckets of the seed's Table 3: under 1 s, 1-2 s, ..., 9-10 s, 10 s and over. */
  public static ResponseTimeBuckets table3() {
    return TABLE_3;
  }

  /** Buckets with the given upper bounds, which must be positive and strictly ascending. */
  public static ResponseTimeBuckets of(List<Duration> upperBounds) {
    return new ResponseTimeBuckets(upperBounds);
  }

  private static ResponseTimeBuckets secondsUpTo(int seconds) {
    List<Duration> bounds = new ArrayList<>();
    for (int s = 1; s <= seconds; s++) {
      bounds.add(Duration.ofSeconds(s));
    }
    return new ResponseTimeBuckets(bounds);
  }

  private final List<Duration> upperBounds;
  private final long[] upperBoundsMicros;

  private ResponseTimeBuckets(List<Duration> upperBounds) {
    requireNonNull(upperBounds, "upperBounds");
    if (upperBounds.isEmpty()) {
      throw new IllegalArgumentException("upperBounds: [] (expected: at least one bound)");
    }
    this.upperBounds = List.copyOf(upperBounds);
    upperBoundsMicros = new long[upperBounds.size()];
    for (int i = 0; i < upperBoundsMicros.length; i++) {
      Duration bound = this.upperBounds.get(i);
      upperBoundsMicros[i] = bound.toNanos() / 1_000;
      if (upperBoundsMicros[i] <= 0
          || (i > 0 && upperBoundsMicros[i] <= upperBoundsMicros[i - 1])) {
        throw new IllegalArgumentException(
            "upperBounds: " + upperBounds + " (expected: >= 1 us and strictly ascending)");
      }
    }
  }

  /** The upper bounds, ascending. */
  public List<Duration> upperBounds() {
    return upperBounds;
  }

  /** The number of buckets: one more than the bounds. */
  public int size() {
    return upperBoundsMicros.length + 1;
  }

  /** The index of the bucket holding {@code micros}. */
  int indexOf(long micros) {
    for (int i = 0; i < upperBoundsMicros.length; i++) {
      if (micros < upperBoundsMicros[i]) {
        return i;
      }
    }
    return upperBoundsMicros.length;
  }

  /** A short label per bucket, as in Table 3: {@code <1s}, {@code <2s}, ..., {@code >=10s}. */
  public List<String> labels() {
    List<String> labels = new ArrayList<>();
    for (Duration bound : upperBounds) {
      labels.add("<" + format(bound));
    }
    labels.add(">=" + format(upperBounds.get(upperBounds.size() - 1)));
    return labels;
  }

  private static String format(Duration d) {
    if (d.toNanos() % 1_000_000_000 == 0) {
      return d.toSeconds() + "s";
    }
    if (d.toNanos() % 1_000_000 == 0) {
      return d.toMillis() + "ms";
    }
    return d.toNanos() / 1_000 + "us";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ResponseTimeBuckets other && upperBounds.equals(other.upperBounds);
  }

  @Override
  public int hashCode() {
    return upperBounds.hashCode();
  }

  @Override
  public String toString() {
    return "ResponseTimeBuckets" + labels();
  }
}
