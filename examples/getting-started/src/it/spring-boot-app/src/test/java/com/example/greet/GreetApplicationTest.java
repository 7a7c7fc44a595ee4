package com.example.greet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The application on Spring Boot's own versions, with wsqos switched on by properties alone: a
 * call asking for compression is answered compressed, and Actuator's Prometheus output counts the
 * compressed response and the monitor's records.
 */
// Spring Boot's tests leave the Prometheus endpoint out without it
@AutoConfigureObservability(tracing = false)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GreetApplicationTest {

  private static final String REQUEST =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
          + "<g:greet xmlns:g=\"http://example.com/greet\"><arg0>world</arg0><arg1>200</arg1>"
          + "</g:greet></soap:Body></soap:Envelope>";

  private final HttpClient http = HttpClient.newHttpClient();

  @LocalServerPort int port;

  @Test
  void aCallIsAnsweredCompressedAndTheMetersCountItAndItsRecords() throws Exception {
    HttpResponse<byte[]> response =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/services/greeter"))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("Accept-Encoding", "gzip, identity;q=0")
                .POST(HttpRequest.BodyPublishers.ofString(REQUEST))
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Encoding")).hasValue("gzip");
    String body =
        new String(
            new GZIPInputStream(new ByteArrayInputStream(response.body())).readAllBytes(),
            StandardCharsets.UTF_8);
    assertThat(body)
        .contains("<qos:compressionApplied>gzip</qos:compressionApplied>")
        .contains("Hello, world! Hello, world!");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(prometheus())
                    .contains(
                        "wsqos_compression_responses_total{action=\"compressed\",codec=\"gzip\",reason=\"none\"} 1.0")
                    .containsPattern("wsqos_monitor_records_written_total\\{[^}]*\\} [1-9]"));
  }

  private String prometheus() throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/prometheus"))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }
}
