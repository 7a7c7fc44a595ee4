package io.wsqos.monitor.otel;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.util.List;
import java.util.OptionalLong;

/** The monitor's records as OpenTelemetry metrics: a duration histogram and a record counter. */
final class RecordMetrics {

  /** The bucket boundaries in seconds, those the HTTP conventions advise for their durations. */
  private static final List<Double> DURATION_BUCKETS_SECONDS =
      List.of(0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0);

  private static final double MICROS_PER_SECOND = 1_000_000.0;

  private final DoubleHistogram duration;
  private final LongCounter records;

  RecordMetrics(Meter meter) {
    duration =
        meter
            .histogramBuilder(OpenTelemetryTracer.DURATION_METRIC)
            .setUnit("s")
            .setDescription(
                "Response time t4 - t1 on the requester, execution time t3 - t2 on the provider,"
                    + " of valid records")
            .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS_SECONDS)
            .build();
    records =
        meter
            .counterBuilder(OpenTelemetryTracer.RECORDS_METRIC)
            .setUnit("{record}")
            .setDescription("Records made by the monitor, valid or not, by outcome")
            .build();
  }

  void record(QosRecord record) {
    Attributes names =
        Attributes.of(
            WsQosAttributes.SERVICE,
            record.service(),
            WsQosAttributes.OPERATION,
            record.operation(),
            WsQosAttributes.SIDE,
            Spans.sideName(record.side()));
    OptionalLong micros =
        record.side() == Side.REQUESTER ? record.responseMicros() : record.executionMicros();
    if (micros.isPresent()) {
      duration.record(micros.getAsLong() / MICROS_PER_SECOND, names);
    }
    records.add(1, names.toBuilder().put(WsQosAttributes.OUTCOME, record.outcome().name()).build());
  }
}
