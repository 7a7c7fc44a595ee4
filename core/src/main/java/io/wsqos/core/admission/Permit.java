package io.wsqos.core.admission;

import io.wsqos.core.header.TransportPriority;

/**
 * One request's place among those in flight. {@link #release()} gives it back when the answer has
 * been sent, and the time it was held is the latency the limit follows.
 */
public final class Permit {
  private final AdmissionControl control;
  final TransportPriority priority;
  final long startNanos;
  final int inFlightAtStart;
  boolean released;

  Permit(AdmissionControl control, TransportPriority priority, long startNanos, int inFlight) {
    this.control = control;
    this.priority = priority;
    this.startNanos = startNanos;
    this.inFlightAtStart = inFlight;
  }

  /** The request's class. */
  public TransportPriority priority() {
    return priority;
  }

  /** Gives the place back and measures the request; idempotent. */
  public void release() {
    control.release(this);
  }
}
