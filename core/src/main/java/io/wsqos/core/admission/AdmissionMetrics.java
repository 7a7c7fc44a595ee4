package io.wsqos.core.admission;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.wsqos.core.header.TransportPriority;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The meters of one {@link AdmissionControl}, registered up front (every series exists at 0 from
 * the start) and removed when it closes.
 */
final class AdmissionMetrics {
  private final MeterRegistry registry;
  private final List<Meter> meters = new ArrayList<>();
  private final Counter[] admitted;
  private final Counter[] queued;
  private final Counter[] refused;
  private final Timer[] queueTime;

  AdmissionMetrics(MeterRegistry registry, String name, AdmissionControl control) {
    this.registry = registry;
    TransportPriority[] classes = TransportPriority.values();
    admitted = new Counter[classes.length];
    queued = new Counter[classes.length];
    refused = new Counter[classes.length];
    queueTime = new Timer[classes.length];
    for (TransportPriority c : classes) {
      int i = c.ordinal();
      admitted[i] =
          counter(
              AdmissionControl.ADMITTED_COUNTER,
              "Requests admitted, at once or after waiting",
              name,
              c);
      queued[i] =
          counter(AdmissionControl.QUEUED_COUNTER, "Requests that waited for a permit", name, c);
      refused[i] = counter(AdmissionControl.REFUSED_COUNTER, "Requests refused with 503", name, c);
      queueTime[i] =
          add(
              Timer.builder(AdmissionControl.QUEUE_TIMER)
                  .description("How long admitted requests waited for a permit")
                  .tags("control", name, "class", c.token())
                  .register(registry));
    }
    add(
        Gauge.builder(AdmissionControl.LIMIT_GAUGE, control, AdmissionControl::limit)
            .description("The current concurrency limit")
            .tag("control", name)
            .register(registry));
    add(
        Gauge.builder(AdmissionControl.IN_FLIGHT_GAUGE, control, AdmissionControl::inFlight)
            .description("Requests holding a permit")
            .tag("control", name)
            .register(registry));
  }

  private Counter counter(String meter, String description, String name, TransportPriority c) {
    return add(
        Counter.builder(meter)
            .description(description)
            .tags("control", name, "class", c.token())
            .register(registry));
  }

  private <M extends Meter> M add(M meter) {
    meters.add(meter);
    return meter;
  }

  void admitted(TransportPriority c) {
    admitted[c.ordinal()].increment();
  }

  void queued(TransportPriority c) {
    queued[c.ordinal()].increment();
  }

  void refused(TransportPriority c) {
    refused[c.ordinal()].increment();
  }

  void waited(TransportPriority c, long nanos) {
    queueTime[c.ordinal()].record(nanos, TimeUnit.NANOSECONDS);
  }

  void remove() {
    meters.forEach(registry::remove);
  }
}
