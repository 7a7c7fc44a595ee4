package io.wsqos.core.admission;

import io.wsqos.core.header.TransportPriority;

/** A request waiting in an {@link AdmissionControl}'s queue. */
public final class Ticket {
  final TransportPriority priority;
  final Admission.Waiter waiter;
  final long enqueuedNanos;
  boolean waiting = true;

  Ticket(TransportPriority priority, Admission.Waiter waiter, long enqueuedNanos) {
    this.priority = priority;
    this.waiter = waiter;
    this.enqueuedNanos = enqueuedNanos;
  }

  /** The request's class. */
  public TransportPriority priority() {
    return priority;
  }
}
