package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The body of the errors the server answers itself, before or beside the endpoints. */
class ErrorBodyTest {

  private static final ErrorBody JSON =
      (status, message) ->
          new ErrorBody.Page(
              "application/json", "{\"status\":" + status + ",\"message\":\"" + message + "\"}");

  @Test
  void everyErrorTheServerAnswersItselfHasTheGivenBody() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .errorBody(JSON)
            .maxRequestBodyBytes(10)
            .requestTimeout(Duration.ofMillis(500))
            .endpoint("/echo", Echo.class, new Echo.Impl())
            .jaxrs("/rest", List.of(new JaxRsTest.Greetings()), List.of())
            .start()) {

      assertJson(exchange(server, get("/rest/%2e%2e/x")), 400, "Ambiguous URI path segment");
      assertJson(exchange(server, get("/rest/a%2Fb")), 400, "Ambiguous URI path separator");
      assertJson(exchange(server, get("/rest/%zz")), 400, "Bad Request");
      assertJson(
          exchange(server, get("/rest/greetings/ann", "X-Big: " + "a".repeat(20 * 1024))),
          431,
          "Request Header Fields Too Large");
      assertJson(exchange(server, get("/nothing/here")), 404, "Not Found");
      assertJson(
          exchange(server, "DELETE /nothing HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"),
          404,
          "Not Found");
      assertJson(
          exchange(server, post("/rest/greetings/ann", "Content-Length: 11", "")),
          413,
          "request body over 10 bytes");
      assertJson(
          exchange(server, post("/rest/greetings/ann", "Content-Length: 5", "abc")),
          408,
          "request body not received in time");
      assertThat(exchange(server, get("/rest/greetings/ann"))).endsWith("hello ann");
    }
  }

  @Test
  void withoutOneTheErrorsKeepJettysAndCxfsPages() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {

      assertThat(exchange(server, get("/nothing/here")))
          .startsWith("HTTP/1.1 404 ")
          .contains("Content-Type: text/html")
          .endsWith("<html><body>No service was found.</body></html>");
      assertThat(exchange(server, get("/echo/%2e%2e/x")))
          .startsWith("HTTP/1.1 400 ")
          .contains("Content-Type: text/html")
          .contains("Ambiguous URI path segment");
    }
  }

  @Test
  void aPageNeedsAMediaTypeAndAText() {
    assertThatThrownBy(() -> new ErrorBody.Page(" ", "{}"))
        .hasMessage("contentType: '' (expected: a media type)");
    assertThatThrownBy(() -> new ErrorBody.Page("application/json", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("text");
  }

  private static void assertJson(String response, int status, String message) {
    assertThat(response)
        .startsWith("HTTP/1.1 " + status + " ")
        .contains("Content-Type: application/json;charset=utf-8")
        .endsWith("{\"status\":" + status + ",\"message\":\"" + message + "\"}");
  }

  private static String get(String target, String... headers) {
    return "GET "
        + target
        + " HTTP/1.1\r\nHost: a\r\nConnection: close\r\n"
        + String.join("", headers.length == 0 ? List.of() : List.of(headers[0] + "\r\n"))
        + "\r\n";
  }

  private static String post(String target, String header, String body) {
    return "POST "
        + target
        + " HTTP/1.1\r\nHost: a\r\nConnection: close\r\n"
        + header
        + "\r\n\r\n"
        + body;
  }

  /** Sends {@code request} as it is and reads until the server closes the connection. */
  private static String exchange(EmbeddedServer server, String request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
