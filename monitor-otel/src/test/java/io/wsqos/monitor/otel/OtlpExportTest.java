package io.wsqos.monitor.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.opentelemetry.proto.trace.v1.Span;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.testing.FeatureKit;
import io.wsqos.testing.FeatureKit.Attachment;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The tracer's own OpenTelemetry, built from settings, exporting over OTLP/HTTP to a test receiver:
 * run through the {@link FeatureKit}, the monitoring feature closes it with the bus (or the server
 * or client), which exports every span and the metrics without a call from the test.
 */
class OtlpExportTest {

  private static OtlpReceiver receiver;

  @BeforeAll
  static void startReceiver() throws Exception {
    receiver = OtlpReceiver.start();
  }

  @AfterAll
  static void stopReceiver() {
    receiver.close();
  }

  @BeforeEach
  void forget() {
    receiver.clear();
  }

  private static FeatureKit.Case exported() {
    return FeatureKit.features(
        "monitoring to OTLP",
        () ->
            List.of(
                MonitoringFeature.builder()
                    .listener(records -> {})
                    .tracer(
                        OpenTelemetryTracer.builder()
                            .settings(
                                Map.of(
                                    "otel.exporter.otlp.endpoint",
                                    receiver.endpoint(),
                                    "otel.service.name",
                                    "wsqos-otlp-test"))
                            .build())
                    .build()));
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void spansAndMetricsReachTheReceiverWhenTheFeatureCloses(Attachment attachment) {
    FeatureKit.run(exported(), attachment);

    int sides = attachment == Attachment.BUS ? 2 : 1;
    List<Span> spans = receiver.spans();
    assertThat(spans).hasSize(2 * sides);
    assertThat(receiver.traceRequests())
        .allSatisfy(
            r ->
                assertThat(r.getResourceSpans(0).getResource().getAttributesList())
                    .contains(attribute("service.name", "wsqos-otlp-test")));
    assertThat(spans)
        .extracting(Span::getName)
        .containsOnly("EchoServiceService/echo", "EchoServiceService/text");
    for (Span span : spans) {
      Map<String, AnyValue> attributes = attributes(span.getAttributesList());
      assertThat(attributes.get("wsqos.outcome").getStringValue()).isEqualTo("SUCCESS");
      assertThat(attributes.get("wsqos.response.size").getIntValue()).isPositive();
      assertThat(attributes.get("rpc.system").getStringValue()).isEqualTo("soap");
      String side = attributes.get("wsqos.side").getStringValue();
      long start =
          attributes.get(side.equals("requester") ? "wsqos.t1_us" : "wsqos.t2_us").getIntValue();
      long end =
          attributes.get(side.equals("requester") ? "wsqos.t4_us" : "wsqos.t3_us").getIntValue();
      assertThat(span.getStartTimeUnixNano()).isEqualTo(start * 1_000);
      assertThat(span.getEndTimeUnixNano()).isEqualTo(end * 1_000);
      assertThat(span.getKind())
          .isEqualTo(
              side.equals("requester")
                  ? Span.SpanKind.SPAN_KIND_CLIENT
                  : Span.SpanKind.SPAN_KIND_SERVER);
    }
    if (attachment == Attachment.BUS) {
      // Both sides in one process, one trace per call: the server span under the client span.
      for (Span server : spans) {
        if (server.getKind() == Span.SpanKind.SPAN_KIND_SERVER) {
          assertThat(spans)
              .anySatisfy(
                  client -> {
                    assertThat(client.getSpanId()).isEqualTo(server.getParentSpanId());
                    assertThat(client.getTraceId()).isEqualTo(server.getTraceId());
                  });
        }
      }
    }
    assertThat(recordsCounted()).isEqualTo(2L * sides);
    if (attachment == Attachment.CLIENT) {
      // No provider monitor, so no t2/t3: the records are invalid and give no duration.
      assertThat(spans)
          .allSatisfy(
              span ->
                  assertThat(attributes(span.getAttributesList()).get("wsqos.validity"))
                      .isEqualTo(
                          AnyValue.newBuilder().setStringValue("MISSING_TIMESTAMP").build()));
      assertThat(receiver.metrics())
          .extracting(Metric::getName)
          .doesNotContain(OpenTelemetryTracer.DURATION_METRIC);
    } else {
      assertThat(receiver.metrics())
          .extracting(Metric::getName)
          .contains(OpenTelemetryTracer.DURATION_METRIC);
    }
  }

  @Test
  void settingsAreRefusedBesideTheApplicationsOpenTelemetry() {
    try (TracedParty application = new TracedParty()) {
      OpenTelemetryTracer.Builder builder =
          OpenTelemetryTracer.builder()
              .openTelemetry(application.sdk)
              .settings(Map.of("otel.service.name", "x"));

      assertThatThrownBy(builder::build)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("otel.service.name");
    }
  }

  /** The record counter's last cumulative value, summed over its points. */
  private static long recordsCounted() {
    List<Metric> counters =
        receiver.metrics().stream()
            .filter(m -> m.getName().equals(OpenTelemetryTracer.RECORDS_METRIC))
            .toList();
    assertThat(counters).isNotEmpty();
    Metric latest = counters.get(counters.size() - 1);
    return latest.getSum().getDataPointsList().stream().mapToLong(NumberDataPoint::getAsInt).sum();
  }

  private static Map<String, AnyValue> attributes(List<KeyValue> list) {
    return list.stream().collect(Collectors.toMap(KeyValue::getKey, KeyValue::getValue));
  }

  private static KeyValue attribute(String key, String value) {
    return KeyValue.newBuilder()
        .setKey(key)
        .setValue(AnyValue.newBuilder().setStringValue(value))
        .build();
  }
}
