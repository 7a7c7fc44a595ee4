package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.wsqos.monitor.otel.OpenTelemetryTracer;
import java.time.Duration;
import org.apache.cxf.Bus;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * {@code wsqos.monitor.opentelemetry.enabled} sends the monitor's records through the application's
 * {@code OpenTelemetry} bean: a client span and its server child per call.
 */
class OpenTelemetryPropertiesTest {

  /** The application's OpenTelemetry: spans kept in memory. */
  @TestConfiguration(proxyBeanMethods = false)
  static class ApplicationsOpenTelemetry {
    @Bean
    InMemorySpanExporter spans() {
      return InMemorySpanExporter.create();
    }

    @Bean(destroyMethod = "close")
    OpenTelemetrySdk openTelemetry(InMemorySpanExporter spans) {
      return OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(spans))
                  .build())
          .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
          .build();
    }
  }

  @Nested
  @SpringBootTest(
      classes = {EchoApplication.class, ApplicationsOpenTelemetry.class},
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = {
        "server.address=127.0.0.1",
        "wsqos.monitor.enabled=true",
        "wsqos.monitor.jdbc-url=jdbc:h2:mem:wsqos-monitor-otel;DB_CLOSE_DELAY=-1",
        "wsqos.monitor.opentelemetry.enabled=true"
      })
  class Enabled {

    @LocalServerPort int port;
    @Autowired Bus bus;
    @Autowired InMemorySpanExporter spans;
    @Autowired OpenTelemetry openTelemetry;

    @Test
    void aCallIsAClientSpanAndItsServerChildInTheApplicationsOpenTelemetry() {
      MonitorPropertiesTest.callOnce(bus, port);

      await().atMost(Duration.ofSeconds(10)).until(() -> spans.getFinishedSpanItems().size() == 2);
      SpanData client = kind(SpanKind.CLIENT);
      SpanData server = kind(SpanKind.SERVER);
      assertThat(server.getParentSpanId()).isEqualTo(client.getSpanId());
      assertThat(server.getTraceId()).isEqualTo(client.getTraceId());
      assertThat(client.getName()).endsWith("/echo");
    }

    private SpanData kind(SpanKind kind) {
      return spans.getFinishedSpanItems().stream()
          .filter(s -> s.getKind() == kind)
          .findFirst()
          .orElseThrow();
    }
  }

  @Nested
  @SpringBootTest(
      classes = {EchoApplication.class, ApplicationsOpenTelemetry.class},
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = {
        "server.address=127.0.0.1",
        "wsqos.monitor.enabled=true",
        "wsqos.monitor.jdbc-url=jdbc:h2:mem:wsqos-monitor-otel-off;DB_CLOSE_DELAY=-1"
      })
  class Off {

    @LocalServerPort int port;
    @Autowired Bus bus;
    @Autowired InMemorySpanExporter spans;
    @Autowired ApplicationContext context;

    @Test
    void withoutThePropertyNoSpanIsMade() {
      MonitorPropertiesTest.callOnce(bus, port);

      assertThat(context.getBeansOfType(OpenTelemetryTracer.class)).isEmpty();
      assertThat(spans.getFinishedSpanItems()).isEmpty();
    }
  }
}
