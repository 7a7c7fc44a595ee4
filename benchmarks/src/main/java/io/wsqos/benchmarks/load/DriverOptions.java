package io.wsqos.benchmarks.load;

import io.wsqos.monitor.Outcome;
import java.time.Duration;

/**
 * Per-request limits of a load driver. Build with {@link #builder()}; {@link #defaults()} gives the
 * paper's 50 ms connect timeout.
 *
 * @param connectTimeout how long a TCP connect may take before the request counts as a {@link
 *     Outcome#TIMEOUT} (and among the {@link RequestCounts#connectTimeouts})
 * @param responseTimeout how long, from the connection being established, the complete response may
 *     take before the request counts as a {@link Outcome#TIMEOUT}
 * @param maxInFlight requests in flight at most; one due beyond this is not sent and counts as
 *     {@link RequestCounts#dropped} (each takes a file descriptor)
 */
public record DriverOptions(Duration connectTimeout, Duration responseTimeout, int maxInFlight) {

  /** The connect timeout of the paper's {@code sclient} runs. */
  public static final long DEFAULT_CONNECT_TIMEOUT_MILLIS = 50;

  public static final long DEFAULT_RESPONSE_TIMEOUT_MILLIS = 10_000;

  /** Below the usual 20,000 open files limit, with room for the JVM's own. */
  public static final int DEFAULT_MAX_IN_FLIGHT = 15_000;

  public DriverOptions {
    checkPositive("connectTimeout", connectTimeout);
    checkPositive("responseTimeout", responseTimeout);
    if (maxInFlight < 1) {
      throw new IllegalArgumentException("maxInFlight: " + maxInFlight + " (expected: >= 1)");
    }
  }

  public static DriverOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  private static void checkPositive(String name, Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
    }
  }

  /** Builds {@link DriverOptions}. */
  public static final class Builder {
    private Duration connectTimeout = Duration.ofMillis(DEFAULT_CONNECT_TIMEOUT_MILLIS);
    private Duration responseTimeout = Duration.ofMillis(DEFAULT_RESPONSE_TIMEOUT_MILLIS);
    private int maxInFlight = DEFAULT_MAX_IN_FLIGHT;

    private Builder() {}

    /** Default {@value #DEFAULT_CONNECT_TIMEOUT_MILLIS} ms; must be positive. */
    public Builder connectTimeout(Duration connectTimeout) {
      this.connectTimeout = connectTimeout;
      return this;
    }

    /** Default {@value #DEFAULT_RESPONSE_TIMEOUT_MILLIS} ms; must be positive. */
    public Builder responseTimeout(Duration responseTimeout) {
      this.responseTimeout = responseTimeout;
      return this;
    }

    /** Default {@value #DEFAULT_MAX_IN_FLIGHT}; at least 1. */
    public Builder maxInFlight(int maxInFlight) {
      this.maxInFlight = maxInFlight;
      return this;
    }

    public DriverOptions build() {
      return new DriverOptions(connectTimeout, responseTimeout, maxInFlight);
    }
  }
}
