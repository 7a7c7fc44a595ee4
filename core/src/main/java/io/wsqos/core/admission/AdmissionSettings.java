package io.wsqos.core.admission;

import io.wsqos.core.header.TransportPriority;

/** The validated settings of an {@link AdmissionControl}, as its builder collected them. */
record AdmissionSettings(
    int initialLimit,
    int minLimit,
    int maxLimit,
    double tolerance,
    long windowNanos,
    int windowSamples,
    double queuePerLimit,
    long maxQueueNanos,
    long standingTargetNanos,
    long standingIntervalNanos,
    int retryAfterSeconds,
    double[] shares) {

  /** The share of the limit held for {@code priority}. */
  double share(TransportPriority priority) {
    return shares[priority.ordinal()];
  }
}
