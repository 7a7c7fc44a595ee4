package io.wsqos.monitor.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The monitor's records as spans and metrics, through a real CXF client and a real Jetty server,
 * each with its own OpenTelemetry SDK: the trace context crosses in the HTTP headers only.
 */
class OpenTelemetryTracerTest {

  static final TracedParty requester = new TracedParty();
  static final TracedParty provider = new TracedParty();
  static final CompressionFeature serverCompression =
      CompressionFeature.builder().policy(CompressionPolicy.always()).build();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(provider.monitoring)
          .feature(serverCompression)
          .toExtension();

  @AfterAll
  static void closeParties() {
    requester.close();
    provider.close();
  }

  @BeforeEach
  void forget() {
    requester.clear();
    provider.clear();
  }

  private EchoService client() {
    return server.client(EchoService.class, requester.monitoring);
  }

  @Test
  void theServerSpanIsTheChildOfTheClientSpanInOneTrace() {
    String answer = client().echo("Ada");

    assertThat(answer).isEqualTo("echo: Ada");
    SpanData clientSpan = single(requester);
    SpanData serverSpan = single(provider);
    assertThat(clientSpan.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(serverSpan.getKind()).isEqualTo(SpanKind.SERVER);
    assertThat(serverSpan.getTraceId()).isEqualTo(clientSpan.getTraceId());
    assertThat(serverSpan.getParentSpanId()).isEqualTo(clientSpan.getSpanId());
    assertThat(serverSpan.getParentSpanContext().isRemote()).isTrue();
    assertThat(clientSpan.getParentSpanContext().isValid()).isFalse();
  }

  @Test
  void spanTimesAreTheRecordsStampsAndItsFieldsAreAttributes() {
    client().echo("Ada");

    SpanData clientSpan = single(requester);
    SpanData serverSpan = single(provider);
    QosRecord sent = requester.records.peek();
    QosRecord served = provider.records.peek();
    assertThat(clientSpan.getName()).isEqualTo("EchoServiceService/echo");
    assertThat(serverSpan.getName()).isEqualTo("EchoServiceService/echo");
    assertThat(clientSpan.getStartEpochNanos()).isEqualTo(sent.t1Micros() * 1_000);
    assertThat(clientSpan.getEndEpochNanos()).isEqualTo(sent.t4Micros() * 1_000);
    assertThat(serverSpan.getStartEpochNanos()).isEqualTo(served.t2Micros() * 1_000);
    assertThat(serverSpan.getEndEpochNanos()).isEqualTo(served.t3Micros() * 1_000);
    Attributes attributes = clientSpan.getAttributes();
    assertThat(attributes.get(WsQosAttributes.T1_MICROS)).isEqualTo(sent.t1Micros());
    assertThat(attributes.get(WsQosAttributes.T2_MICROS)).isEqualTo(sent.t2Micros());
    assertThat(attributes.get(WsQosAttributes.T3_MICROS)).isEqualTo(sent.t3Micros());
    assertThat(attributes.get(WsQosAttributes.T4_MICROS)).isEqualTo(sent.t4Micros());
    assertThat(attributes.get(WsQosAttributes.REQUEST_BYTES)).isEqualTo(sent.requestBytes());
    assertThat(attributes.get(WsQosAttributes.RESPONSE_BYTES)).isEqualTo(sent.responseBytes());
    assertThat(attributes.get(WsQosAttributes.SERVICE)).isEqualTo(sent.service());
    assertThat(attributes.get(WsQosAttributes.OPERATION)).isEqualTo("echo");
    assertThat(attributes.get(WsQosAttributes.ENDPOINT)).isEqualTo(server.address());
    assertThat(attributes.get(WsQosAttributes.SIDE)).isEqualTo("requester");
    assertThat(attributes.get(WsQosAttributes.OUTCOME)).isEqualTo("SUCCESS");
    assertThat(attributes.get(WsQosAttributes.VALIDITY)).isEqualTo("VALID");
    assertThat(attributes.get(SemanticAttributes.RPC_SYSTEM)).isEqualTo("soap");
    assertThat(attributes.get(SemanticAttributes.RPC_METHOD)).isEqualTo("echo");
    assertThat(attributes.get(SemanticAttributes.SERVER_ADDRESS)).isEqualTo("127.0.0.1");
    assertThat(attributes.get(SemanticAttributes.SERVER_PORT)).isEqualTo((long) server.port());
    assertThat(attributes.get(SemanticAttributes.URL_FULL)).isEqualTo(server.address());
    Attributes served2 = serverSpan.getAttributes();
    assertThat(served2.get(WsQosAttributes.SIDE)).isEqualTo("provider");
    assertThat(served2.get(WsQosAttributes.T1_MICROS)).isEqualTo(sent.t1Micros());
    assertThat(served2.get(WsQosAttributes.T4_MICROS)).isNull();
    assertThat(served2.get(WsQosAttributes.REQUEST_BYTES)).isEqualTo(served.requestBytes());
    assertThat(clientSpan.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    assertThat(serverSpan.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
  }

  @Test
  void aCompressedResponseIsMarkedOnBothSpans() {
    EchoService client =
        server.client(
            EchoService.class, requester.monitoring, CompressionFeature.builder().build());

    client.text(16 * 1024);

    SpanData clientSpan = single(requester);
    SpanData serverSpan = single(provider);
    assertThat(clientSpan.getAttributes().get(WsQosAttributes.RESPONSE_COMPRESSED)).isTrue();
    assertThat(serverSpan.getAttributes().get(WsQosAttributes.RESPONSE_COMPRESSED)).isTrue();
    assertThat(clientSpan.getAttributes().get(WsQosAttributes.REQUEST_COMPRESSED)).isFalse();
    assertThat(clientSpan.getAttributes().get(WsQosAttributes.RESPONSE_BYTES))
        .isLessThan(16 * 1024L);
  }

  @Test
  void anUncompressedResponseIsMarkedSo() {
    client().text(16 * 1024);

    assertThat(single(requester).getAttributes().get(WsQosAttributes.RESPONSE_COMPRESSED))
        .isFalse();
    assertThat(single(provider).getAttributes().get(WsQosAttributes.RESPONSE_COMPRESSED)).isFalse();
  }

  @Test
  void theApplicationsCurrentSpanIsTheParentOfTheClientSpan() {
    Span checkout = requester.sdk.getTracer("test").spanBuilder("checkout").startSpan();
    try (Scope scope = checkout.makeCurrent()) {
      client().echo("Ada");
    } finally {
      checkout.end();
    }

    SpanData clientSpan = single(requester, "EchoServiceService/echo");
    SpanData serverSpan = single(provider);
    assertThat(clientSpan.getParentSpanId()).isEqualTo(checkout.getSpanContext().getSpanId());
    assertThat(clientSpan.getTraceId()).isEqualTo(checkout.getSpanContext().getTraceId());
    assertThat(serverSpan.getTraceId()).isEqualTo(checkout.getSpanContext().getTraceId());
    assertThat(serverSpan.getParentSpanId()).isEqualTo(clientSpan.getSpanId());
  }

  @Test
  void aSoapFaultEndsBothSpansWithAnErrorStatus() {
    assertThatThrownBy(() -> client().echo(EchoServiceImpl.FAULT))
        .isInstanceOf(WebServiceException.class);

    SpanData clientSpan = single(requester);
    SpanData serverSpan = single(provider);
    assertThat(clientSpan.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(clientSpan.getStatus().getDescription()).startsWith("SOAP_FAULT");
    assertThat(serverSpan.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(serverSpan.getStatus().getDescription()).startsWith("SOAP_FAULT");
    assertThat(clientSpan.getAttributes().get(SemanticAttributes.ERROR_TYPE))
        .isEqualTo("SOAP_FAULT");
    assertThat(clientSpan.getAttributes().get(WsQosAttributes.OUTCOME)).isEqualTo("SOAP_FAULT");
    assertThat(serverSpan.getParentSpanId()).isEqualTo(clientSpan.getSpanId());
    QosRecord sent = requester.records.peek();
    assertThat(clientSpan.getEndEpochNanos()).isEqualTo(sent.t4Micros() * 1_000);
  }

  @Test
  void aRefusedConnectionEndsTheClientSpanWithAnErrorStatus() throws Exception {
    EchoService client = client();
    try (ClosedPort closed = ClosedPort.open()) {
      ((BindingProvider) client)
          .getRequestContext()
          .put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, closed.url("/service"));

      assertThatThrownBy(() -> client.echo("Ada")).isInstanceOf(WebServiceException.class);
    }

    SpanData clientSpan = single(requester);
    QosRecord sent = requester.records.peek();
    assertThat(sent.outcome()).isEqualTo(Outcome.REFUSED);
    assertThat(clientSpan.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(clientSpan.getStatus().getDescription()).startsWith("REFUSED");
    assertThat(clientSpan.getStartEpochNanos()).isEqualTo(sent.t1Micros() * 1_000);
    assertThat(clientSpan.getEndEpochNanos()).isEqualTo(sent.t4Micros() * 1_000);
    assertThat(provider.finishedSpans()).isEmpty();
  }

  @Test
  void metricsCountRecordsByOutcomeAndTimeThemBySide() {
    // The reader's sums are cumulative over the class's tests: compare before and after.
    long timedBefore = histogramCount(requester, "requester");
    long servedBefore = histogramCount(provider, "provider");
    long successesBefore = count(requester, Outcome.SUCCESS);
    long faultsBefore = count(requester, Outcome.SOAP_FAULT);
    EchoService client = client();

    client.echo("Ada");
    client.echo("Grace");
    assertThatThrownBy(() -> client.echo(EchoServiceImpl.FAULT))
        .isInstanceOf(WebServiceException.class);

    await().atMost(Duration.ofSeconds(10)).until(() -> provider.records.size() == 3);
    MetricData duration = metric(requester, OpenTelemetryTracer.DURATION_METRIC);
    assertThat(duration.getUnit()).isEqualTo("s");
    assertThat(histogramCount(requester, "requester") - timedBefore)
        .isEqualTo(timed(requester))
        .isPositive();
    assertThat(histogramCount(provider, "provider") - servedBefore)
        .isEqualTo(timed(provider))
        .isPositive();
    assertThat(count(requester, Outcome.SUCCESS) - successesBefore).isEqualTo(2);
    assertThat(count(requester, Outcome.SOAP_FAULT) - faultsBefore).isEqualTo(1);
  }

  @Test
  void eachRecordIsOneSpan() {
    EchoService client = client();

    for (int i = 0; i < 5; i++) {
      client.echo("call " + i);
    }

    await().atMost(Duration.ofSeconds(10)).until(() -> provider.finishedSpans().size() == 5);
    assertThat(requester.finishedSpans()).hasSize(5);
    assertThat(requester.records).hasSize(5);
    assertThat(provider.finishedSpans())
        .extracting(SpanData::getParentSpanId)
        .containsExactlyInAnyOrderElementsOf(
            requester.finishedSpans().stream().map(SpanData::getSpanId).toList());
  }

  private static SpanData single(TracedParty party) {
    await().atMost(Duration.ofSeconds(10)).until(() -> !party.finishedSpans().isEmpty());
    assertThat(party.finishedSpans()).hasSize(1);
    assertThat(party.records).hasSize(1);
    return party.finishedSpans().get(0);
  }

  private static SpanData single(TracedParty party, String name) {
    return party.finishedSpans().stream()
        .filter(s -> s.getName().equals(name))
        .reduce(
            (a, b) -> {
              throw new AssertionError("two spans named " + name);
            })
        .orElseThrow();
  }

  private static MetricData metric(TracedParty party, String name) {
    return party.collectMetrics().stream()
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no metric " + name));
  }

  /** The count of the duration histogram's point of the echo operation on {@code side}. */
  private static long histogramCount(TracedParty party, String side) {
    return party.collectMetrics().stream()
        .filter(m -> m.getName().equals(OpenTelemetryTracer.DURATION_METRIC))
        .flatMap(m -> m.getHistogramData().getPoints().stream())
        .filter(p -> side.equals(p.getAttributes().get(WsQosAttributes.SIDE)))
        .filter(p -> "echo".equals(p.getAttributes().get(WsQosAttributes.OPERATION)))
        .mapToLong(HistogramPointData::getCount)
        .sum();
  }

  private static long count(TracedParty party, Outcome outcome) {
    return party.collectMetrics().stream()
        .filter(m -> m.getName().equals(OpenTelemetryTracer.RECORDS_METRIC))
        .flatMap(m -> m.getLongSumData().getPoints().stream())
        .filter(p -> outcome.name().equals(p.getAttributes().get(WsQosAttributes.OUTCOME)))
        .filter(p -> "echo".equals(p.getAttributes().get(WsQosAttributes.OPERATION)))
        .mapToLong(LongPointData::getValue)
        .sum();
  }

  /** The records of {@code party} that have a duration: the valid ones. */
  private static long timed(TracedParty party) {
    return party.records.stream()
        .filter(
            r ->
                (r.side() == Side.REQUESTER ? r.responseMicros() : r.executionMicros()).isPresent())
        .count();
  }
}
