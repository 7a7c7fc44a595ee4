package io.wsqos.benchmarks.load;

import io.wsqos.monitor.Outcome;
import java.time.Duration;

/**
 * Per-request limits of a load driver. Build with {@link #builder()}; {@link #defaults()} gives the
 * paper's 50 ms connect timeout.
 *
 * @param connectTimeout how long a TCP connect may take before the request counts as a {@link
 *     Outcome#TIMEOUT} (and among the {@link RequestCounts#connectTimeouts})
 * @param responseTimeout how long, from the request being sent (or its connection being
 *     established), the complete response may take before the request counts as a {@link
 *     Outcome#TIMEOUT}
 * @param maxInFlight requests in flight at most, those waiting for a kept-alive connection
 *     included; one due beyond this is not sent and counts as {@link RequestCounts#dropped} (each
 *     request on a connection of its own takes a file descriptor)
 * @param maxConnections the open loop's kept-alive connections at most, per server address, as a
 *     registry client's bounded pool holds them: opened as requests need them, reused, and reopened
 *     when the server closes one; a request due while all are busy waits in a queue for the next
 *     free one. Requests that ask for a connection of their own ({@code keepAlive(false)}) and the
 *     closed loop (whose requesters each hold one) are not bounded by it
 * @param queueTimeout how long a request may wait in that queue, from its intended send time,
 *     before it counts as a {@link RequestCounts#queueTimeouts} failure without being sent
 */
public record DriverOptions(
    Duration connectTimeout,
    Duration responseTimeout,
    int maxInFlight,
    int maxConnections,
    Duration queueTimeout) {

  /** The connect timeout of the paper's {@code sclient} runs. */
  public static final long DEFAULT_CONNECT_TIMEOUT_MILLIS = 50;

  public static final long DEFAULT_RESPONSE_TIMEOUT_MILLIS = 10_000;

  /** Below the usual 20,000 open files limit, with room for the JVM's own. */
  public static final int DEFAULT_MAX_IN_FLIGHT = 15_000;

  /** The closed loop's usual number of requesters, and {@code wrk}'s connections in issue 22. */
  public static final int DEFAULT_MAX_CONNECTIONS = 32;

  /** Far above any response time a goal accepts, far below the response timeout. */
  public static final long DEFAULT_QUEUE_TIMEOUT_MILLIS = 1_000;

  public DriverOptions {
    checkPositive("connectTimeout", connectTimeout);
    checkPositive("responseTimeout", responseTimeout);
    checkPositive("maxInFlight", maxInFlight);
    checkPositive("maxConnections", maxConnections);
    checkPositive("queueTimeout", queueTimeout);
  }

  /** The defaults (as the README's example uses them). */
  public static DriverOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** These options with the kept-alive pool bounded at {@code maxConnections} per server. */
  public DriverOptions withMaxConnections(int maxConnections) {
    return new DriverOptions(
        connectTimeout, responseTimeout, maxInFlight, maxConnections, queueTimeout);
  }

  private static void checkPositive(String name, Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
    }
  }

  private static void checkPositive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: >= 1)");
    }
  }

  /** Builds {@link DriverOptions}. */
  public static final class Builder {
    private Duration connectTimeout = Duration.ofMillis(DEFAULT_CONNECT_TIMEOUT_MILLIS);
    private Duration responseTimeout = Duration.ofMillis(DEFAULT_RESPONSE_TIMEOUT_MILLIS);
    private int maxInFlight = DEFAULT_MAX_IN_FLIGHT;
    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private Duration queueTimeout = Duration.ofMillis(DEFAULT_QUEUE_TIMEOUT_MILLIS);

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

    /** Default {@value #DEFAULT_MAX_CONNECTIONS}; at least 1. */
    public Builder maxConnections(int maxConnections) {
      this.maxConnections = maxConnections;
      return this;
    }

    /** Default {@value #DEFAULT_QUEUE_TIMEOUT_MILLIS} ms; must be positive. */
    public Builder queueTimeout(Duration queueTimeout) {
      this.queueTimeout = queueTimeout;
      return this;
    }

    public DriverOptions build() {
      return new DriverOptions(
          connectTimeout, responseTimeout, maxInFlight, maxConnections, queueTimeout);
    }
  }
}
