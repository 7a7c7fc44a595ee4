package io.wsqos.monitor.cxf;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoEnvelopes;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Monitoring counts the bytes of each message but must not change how HTTP frames it: a small
 * message keeps its {@code Content-Length} in one write instead of going out chunked.
 */
class MessageFramingTest {

  static final RecordCollector records = new RecordCollector();
  static final MonitoringFeature monitoring = MonitoringFeature.builder().listener(records).build();
  static final AtomicReference<Map<String, List<String>>> requestHeaders = new AtomicReference<>();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(monitoring)
          .inInterceptor(new CaptureRequestHeaders())
          .toExtension();

  @Test
  void monitoredProviderAnswersWithContentLengthNotChunked() throws Exception {
    RawHttp.Response response = RawHttp.postXml(server.address(), EchoEnvelopes.echo("Ada"));

    String head = response.head().toLowerCase(Locale.ROOT);
    String body = response.body();
    assertThat(head).startsWith("http/1.1 200").doesNotContain("transfer-encoding");
    assertThat(body).contains("echo: Ada").contains("Timestamps");
    assertThat(head).contains("content-length: " + body.getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void monitoredRequesterSendsContentLengthNotChunked() {
    EchoService client = server.client(EchoService.class, monitoring);

    assertThat(client.echo("Ada")).isEqualTo("echo: Ada");

    Map<String, List<String>> headers = requestHeaders.get();
    assertThat(headers).isNotNull();
    assertThat(headerValue(headers, "Transfer-Encoding")).isNull();
    assertThat(headerValue(headers, "Content-Length")).isNotNull();
  }

  private static String headerValue(Map<String, List<String>> headers, String name) {
    return headers.entrySet().stream()
        .filter(entry -> entry.getKey().equalsIgnoreCase(name))
        .map(entry -> String.join(",", entry.getValue()))
        .findFirst()
        .orElse(null);
  }

  /** Keeps the HTTP headers of the last request the server received. */
  private static final class CaptureRequestHeaders extends AbstractPhaseInterceptor<Message> {
    CaptureRequestHeaders() {
      super(Phase.RECEIVE);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void handleMessage(Message message) {
      requestHeaders.set(
          Map.copyOf((Map<String, List<String>>) message.get(Message.PROTOCOL_HEADERS)));
    }
  }
}
