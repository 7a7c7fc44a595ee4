package io.wsqos.broker.api;

import io.wsqos.core.Checks;

/**
 * What the reports of one window say of one operation of an offer, all reporters together.
 *
 * @param operation the operation's local name, or {@value Measurement#ALL_OPERATIONS}
 * @param requests requests the reports counted, at least 1
 * @param failures those that failed, 0 to {@code requests}
 * @param availability {@code (requests - failures) / requests}
 * @param p50Millis the reports' medians, averaged by their requests
 * @param p95Millis the reports' 95th percentiles, averaged by their requests
 * @param p99Millis the reports' 99th percentiles, averaged by their requests
 * @param reports how many reports the window holds
 */
public record OperationQos(
    String operation,
    long requests,
    long failures,
    double availability,
    double p50Millis,
    double p95Millis,
    double p99Millis,
    int reports) {

  /** Checks the counts and the ranges. */
  public OperationQos {
    Checks.text("operation", operation, Measurement.MAX_OPERATION_CHARS);
    Checks.atLeast("requests", requests, 1);
    Checks.inRange("failures", failures, 0, requests);
    Checks.inRange("availability", availability, 0, 1);
    Checks.inRange("p50Millis", p50Millis, 0, Measurement.MAX_MILLIS);
    Checks.inRange("p95Millis", p95Millis, 0, Measurement.MAX_MILLIS);
    Checks.inRange("p99Millis", p99Millis, 0, Measurement.MAX_MILLIS);
    Checks.inRange("reports", reports, 1, Integer.MAX_VALUE);
  }

  /** The figures of {@code requests} and {@code failures}, the availability computed from them. */
  public static OperationQos of(
      String operation,
      long requests,
      long failures,
      double p50Millis,
      double p95Millis,
      double p99Millis,
      int reports) {
    double availability = requests == 0 ? 0 : (requests - failures) / (double) requests;
    return new OperationQos(
        operation, requests, failures, availability, p50Millis, p95Millis, p99Millis, reports);
  }
}
