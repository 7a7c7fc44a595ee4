package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MetricsServletTest {

  @Test
  void servesWhatTheSupplierScrapesOnEveryGet() throws Exception {
    AtomicInteger scrapes = new AtomicInteger();
    MetricsServlet metrics =
        new MetricsServlet(() -> "# TYPE up gauge\nup " + scrapes.incrementAndGet() + "\n");
    try (EmbeddedServer server = EmbeddedServer.builder().servlet("/metrics", metrics).start()) {
      HttpResponse<String> first = EmbeddedServerTest.get(server.address("/metrics"));
      HttpResponse<String> second = EmbeddedServerTest.get(server.address("/metrics"));

      assertThat(first.statusCode()).isEqualTo(200);
      assertThat(first.headers().firstValue("Content-Type"))
          .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain; version=0.0.4"));
      assertThat(first.body()).isEqualTo("# TYPE up gauge\nup 1\n");
      assertThat(second.body()).isEqualTo("# TYPE up gauge\nup 2\n");
    }
  }
}
