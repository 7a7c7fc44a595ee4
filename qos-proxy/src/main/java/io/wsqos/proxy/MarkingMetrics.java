package io.wsqos.proxy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.header.TransportPriority;

/**
 * The feature's counters, registered up front so that counting is an array read and every series
 * exists (at 0) before its first event.
 */
final class MarkingMetrics {

  private final Counter[] responses;
  private final Counter[][] clamped;
  private final Counter[] failures;

  MarkingMetrics(MeterRegistry registry) {
    TransportPriority[] classes = TransportPriority.values();
    responses = new Counter[classes.length];
    clamped = new Counter[classes.length][classes.length];
    for (TransportPriority granted : classes) {
      responses[granted.ordinal()] =
          Counter.builder(DscpMarkingFeature.RESPONSES_COUNTER)
              .description("Responses by the transport priority class granted")
              .tag("class", granted.token())
              .register(registry);
      for (TransportPriority requested : classes) {
        if (requested.compareTo(granted) > 0) {
          clamped[requested.ordinal()][granted.ordinal()] =
              Counter.builder(DscpMarkingFeature.CLAMPED_COUNTER)
                  .description("Requests for a class above the client's entitlement, clamped")
                  .tag("requested", requested.token())
                  .tag("granted", granted.token())
                  .register(registry);
        }
      }
    }
    ConnectionMarker.Failure[] reasons = ConnectionMarker.Failure.values();
    failures = new Counter[reasons.length];
    for (ConnectionMarker.Failure reason : reasons) {
      failures[reason.ordinal()] =
          Counter.builder(DscpMarkingFeature.FAILURES_COUNTER)
              .description("Connections whose TOS could not be set or restored; calls go on")
              .tag("reason", reason.tag)
              .register(registry);
    }
  }

  void decided(MarkingDecision decision) {
    responses[decision.granted().ordinal()].increment();
    if (decision.clamped()) {
      clamped[decision.requested().ordinal()][decision.granted().ordinal()].increment();
    }
  }

  void failed(ConnectionMarker.Failure reason) {
    failures[reason.ordinal()].increment();
  }
}
