package io.wsqos.monitor.otel;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.cxf.MonitoringFeature;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One side of a traced exchange as an application would set it up: its own OpenTelemetry SDK
 * (in-memory span exporter and metric reader, W3C propagation), and a monitoring feature whose
 * records it keeps. Client and server each get one, so that context can only cross in the HTTP
 * headers.
 */
final class TracedParty implements AutoCloseable {

  final InMemorySpanExporter spans = InMemorySpanExporter.create();
  final InMemoryMetricReader metrics = InMemoryMetricReader.create();
  final OpenTelemetrySdk sdk =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(spans))
                  .build())
          .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
          .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
          .build();
  final ConcurrentLinkedQueue<QosRecord> records = new ConcurrentLinkedQueue<>();
  final MonitoringFeature monitoring =
      MonitoringFeature.builder()
          .listener(records::addAll)
          .tracer(OpenTelemetryTracer.builder().openTelemetry(sdk).build())
          .build();

  List<SpanData> finishedSpans() {
    return spans.getFinishedSpanItems();
  }

  Collection<MetricData> collectMetrics() {
    return metrics.collectAllMetrics();
  }

  void clear() {
    spans.reset();
    records.clear();
  }

  @Override
  public void close() {
    monitoring.close();
    sdk.close();
  }
}
