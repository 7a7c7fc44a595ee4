package io.wsqos.broker.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.cli.Arguments;
import io.wsqos.testing.RawHttp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The errors the broker's server answers before any API sees the request are in the REST API's
 * documented format, {@code {"error","field","message"}}, on every path, and its limits are the
 * launcher's options.
 */
class ServerErrorsAsJsonTest {

  private static final ObjectMapper JSON = BrokerJson.newMapper();

  @TempDir Path directory;

  @Test
  void malformedPathsHugeHeadersUnknownPathsAndTheLimitsAnswerTheApisJson() throws Exception {
    Arguments arguments =
        BrokerOptions.parse(
            new String[] {
              "--port", "0",
              "--jdbc-url", "jdbc:h2:file:" + directory.resolve("broker").toAbsolutePath(),
              "--max-request-body-bytes", "1000",
              "--request-timeout", "1s",
              "--metrics", "off"
            },
            Map.of());
    try (Broker broker = Broker.start(arguments)) {
      String at = broker.address();

      assertError(
          RawHttp.exchange(at, get("/api/%2e%2e/x")),
          400,
          "bad_request",
          "Ambiguous URI path segment");
      assertError(
          RawHttp.exchange(at, get("/api/a%2Fb")),
          400,
          "bad_request",
          "Ambiguous URI path separator");
      assertError(RawHttp.exchange(at, get("/api/%zz")), 400, "bad_request", "Bad Request");
      assertError(
          RawHttp.exchange(at, get("/api/providers", "X-Big: " + "a".repeat(20 * 1024))),
          431,
          "request_header_fields_too_large",
          "Request Header Fields Too Large");
      assertError(RawHttp.exchange(at, get("/nothing/here")), 404, "not_found", "Not Found");
      assertError(
          RawHttp.exchange(at, "DELETE / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"),
          404,
          "not_found",
          "Not Found");
      assertError(RawHttp.exchange(at, get("/api/nothing")), 404, "not_found", "Not Found");
      assertError(
          RawHttp.exchange(at, post("/api/providers", 1001, "")),
          413,
          "request_entity_too_large",
          "request body over 1000 bytes");
      assertError(
          RawHttp.exchange(at, post("/api/providers", 20, "{\"na")),
          408,
          "request_timeout",
          "request body not received in time");
      assertThat(RawHttp.get(at + "/api/providers").status()).isEqualTo(200);
    }
  }

  @Test
  void theLimitsAreOptionsWithTheServersDefaults() {
    Arguments defaults = BrokerOptions.parse(new String[0], Map.of());
    Arguments given =
        BrokerOptions.parse(
            new String[] {"--idle-timeout", "5s", "--max-in-flight-body-bytes", "2048"},
            Map.of("WSQOS_BROKER_REQUEST_TIMEOUT", "250ms"));

    assertThat(defaults.get(BrokerOptions.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.get(BrokerOptions.MAX_REQUEST_BODY_BYTES)).isEqualTo(16L * 1024 * 1024);
    assertThat(given.get(BrokerOptions.IDLE_TIMEOUT)).isEqualTo(Duration.ofSeconds(5));
    assertThat(given.get(BrokerOptions.MAX_IN_FLIGHT_BODY_BYTES)).isEqualTo(2048);
    assertThat(given.get(BrokerOptions.REQUEST_TIMEOUT)).isEqualTo(Duration.ofMillis(250));
  }

  private static void assertError(
      RawHttp.Response response, int status, String error, String message) throws Exception {
    assertThat(response.status()).as(response.head()).isEqualTo(status);
    assertThat(response.header("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    JsonNode body = JSON.readTree(response.text());
    assertThat(body.get("error").asText()).as(response.text()).isEqualTo(error);
    assertThat(body.has("field")).as(response.text()).isTrue();
    assertThat(body.get("field").isNull()).as(response.text()).isTrue();
    assertThat(body.get("message").asText()).as(response.text()).isEqualTo(message);
  }

  private static String get(String target, String... header) {
    return "GET "
        + target
        + " HTTP/1.1\r\nHost: a\r\nConnection: close\r\n"
        + (header.length == 0 ? "" : header[0] + "\r\n")
        + "\r\n";
  }

  private static String post(String target, int contentLength, String body) {
    return "POST "
        + target
        + " HTTP/1.1\r\nHost: a\r\nConnection: close\r\n"
        + "Content-Type: application/json\r\nContent-Length: "
        + contentLength
        + "\r\n\r\n"
        + body;
  }
}
