package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.Servlet;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.apache.cxf.feature.Feature;
import org.junit.jupiter.api.Test;

/**
 * The server README's Java snippets, each a region ({@code snippet-start} .. {@code snippet-end})
 * run here against a real server; the architecture module's {@code SnippetRegionsTest} keeps the
 * README's copy of each region equal to it.
 */
class ReadmeSnippetsTest {

  private final List<String> answers = new ArrayList<>();

  @Test
  void theOverviewSnippetServesSoapRestAndAServletAndStops() throws Exception {
    int port = 0;
    Echo impl = new Echo.Impl();
    Feature[] features = {}; // e.g. compression and monitoring
    List<?> resources = List.of(new JaxRsTest.Greetings());
    List<?> providers = List.of();
    Servlet metricsServlet = new MetricsServlet(() -> "up 1\n");
    EmbeddedServer stopped;

    // snippet-start server-readme-overview
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .port(port) // e.g. 8080; default 0: a free port
            .endpoint("/echo", Echo.class, impl, features)
            .jaxrs("/api", resources, providers)
            .servlet("/metrics", metricsServlet)
            .start()) {
      useTheServer(server); // server.address("/echo"): http://127.0.0.1:8080/echo
    }
    // snippet-end server-readme-overview

    assertThat(answers)
        .hasSize(3)
        .satisfies(a -> assertThat(a.get(0)).contains("echo: hi"))
        .satisfies(a -> assertThat(a.get(1)).isEqualTo("hello ann"))
        .satisfies(a -> assertThat(a.get(2)).isEqualTo("up 1\n"));
  }

  private void useTheServer(EmbeddedServer server) throws Exception {
    answers.add(
        EmbeddedServerTest.post(server.address("/echo"), EmbeddedServerTest.ECHO_REQUEST).body());
    answers.add(EmbeddedServerTest.get(server.address("/api/greetings/ann")).body());
    answers.add(EmbeddedServerTest.get(server.address("/metrics")).body());
  }

  @Test
  void theErrorBodySnippetAnswersJettysErrorsInJson() throws Exception {
    // snippet-start server-readme-error-body
    EmbeddedServer.Builder builder =
        EmbeddedServer.builder()
            .errorBody(
                (status, message) ->
                    new ErrorBody.Page(
                        "application/json",
                        "{\"status\":" + status + ",\"message\":\"" + message + "\"}"));
    // snippet-end server-readme-error-body

    try (EmbeddedServer server = builder.endpoint("/echo", Echo.class, new Echo.Impl()).start()) {
      HttpResponse<String> response = EmbeddedServerTest.get(server.address("/nothing/here"));

      assertThat(response.statusCode()).isEqualTo(404);
      assertThat(response.headers().firstValue("Content-Type").orElseThrow())
          .startsWith("application/json");
      assertThat(response.body()).isEqualTo("{\"status\":404,\"message\":\"Not Found\"}");
    }
  }
}
