package io.wsqos.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpRequestTest {

  @Test
  void encodesAPostWithHeadersLengthAndConnectionClose() {
    HttpRequest request =
        HttpRequest.post(
                URI.create("http://127.0.0.1:8080/bookstore?x=1"),
                "<e/>".getBytes(StandardCharsets.UTF_8))
            .header("Content-Type", "text/xml; charset=UTF-8")
            .header("SOAPAction", "\"\"")
            .build();

    String wire = new String(request.bytes(), StandardCharsets.ISO_8859_1);

    assertThat(wire)
        .isEqualTo(
            "POST /bookstore?x=1 HTTP/1.1\r\n"
                + "Host: 127.0.0.1:8080\r\n"
                + "Content-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: \"\"\r\n"
                + "Content-Length: 4\r\n"
                + "Connection: close\r\n"
                + "\r\n"
                + "<e/>");
    assertThat(request.address().getPort()).isEqualTo(8080);
  }

  @Test
  void keepAliveOmitsConnectionClose() {
    HttpRequest request =
        HttpRequest.get(URI.create("http://localhost:81")).keepAlive(true).build();

    assertThat(new String(request.bytes(), StandardCharsets.ISO_8859_1))
        .isEqualTo("GET / HTTP/1.1\r\nHost: localhost:81\r\n\r\n");
  }

  @Test
  void rejectsHeadersTheBuilderWritesItself() {
    HttpRequest.Builder builder = HttpRequest.get(URI.create("http://localhost:81/"));

    assertThatThrownBy(() -> builder.header("content-length", "3"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("header: content-length (expected: not Host, Content-Length or Connection)");
  }

  @Test
  void takesATosWithItsEcnBitsClearAndNothingElse() {
    HttpRequest.Builder builder = HttpRequest.get(URI.create("http://localhost:81/"));

    assertThat(builder.build().tos()).isZero();
    assertThat(builder.tos(0x28).build().tos()).isEqualTo(0x28);
    for (int bad : new int[] {-1, 0x100, 0x29, 0x2a}) {
      assertThatThrownBy(() -> builder.tos(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("tos: " + bad + " (expected: 0..255 with the two ECN bits clear, e.g. 0x28)");
    }
  }

  @Test
  void rejectsANonHttpUrl() {
    assertThatThrownBy(() -> HttpRequest.get(URI.create("https://localhost/")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("url: https://localhost/ (expected: http://host:port/path)");
  }
}
