package io.wsqos.monitor.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The README's Java snippets, each a region ({@code snippet-start} .. {@code snippet-end}) of a
 * test that runs it; the architecture module's {@code SnippetRegionsTest} keeps the README's copy
 * equal to it.
 */
class ReadmeSnippetsTest {

  @Test
  void theApplicationsOpenTelemetryTracesBothSides() {
    try (TracedParty application = new TracedParty()) {
      OpenTelemetry openTelemetry = application.sdk;
      // The store of the README's log does not matter here: this one keeps nothing.
      QosLog log = QosLog.builder(new SimpleMeterRegistry()).store(batch -> {}).build();
      // snippet-start otel-application
      OpenTelemetryTracer tracer =
          OpenTelemetryTracer.builder().openTelemetry(openTelemetry).build();
      MonitoringFeature monitoring = MonitoringFeature.builder().log(log).tracer(tracer).build();
      // snippet-end otel-application
      try (TestServer server =
          TestServer.builder(EchoService.class, new EchoServiceImpl())
              .feature(monitoring)
              .start()) {
        server.client(EchoService.class, monitoring).echo("Ada");

        await().atMost(Duration.ofSeconds(10)).until(() -> application.finishedSpans().size() == 2);
      }

      assertThat(application.finishedSpans())
          .extracting(SpanData::getName)
          .containsOnly("EchoServiceService/echo");
    }
  }

  @Test
  void withoutOneTheTracerBuildsItsOwnForOtlp() throws Exception {
    try (OtlpReceiver receiver = OtlpReceiver.start()) {
      String collector = receiver.endpoint();
      // snippet-start otel-own
      OpenTelemetryTracer tracer =
          OpenTelemetryTracer.builder()
              .settings(
                  Map.of(
                      "otel.exporter.otlp.endpoint",
                      collector, // else OTEL_EXPORTER_OTLP_ENDPOINT
                      "otel.service.name",
                      "bookstore"))
              .build();
      MonitoringFeature monitoring =
          MonitoringFeature.builder().listener(records -> {}).tracer(tracer).build();
      // snippet-end otel-own
      try (TestServer server =
          TestServer.builder(EchoService.class, new EchoServiceImpl())
              .feature(monitoring)
              .start()) {
        server.client(EchoService.class).echo("Ada");
      }
      monitoring.close();

      assertThat(receiver.spans()).hasSize(1);
    }
  }
}
