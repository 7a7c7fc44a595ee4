package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RawHttpTest {

  private ServerSocket listener;

  @BeforeEach
  void listen() throws IOException {
    listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
  }

  @AfterEach
  void close() throws IOException {
    listener.close();
  }

  @Test
  void sendsExactlyTheGivenHeadersAndBytesAndReadsAChunkedResponse() throws Exception {
    String chunked =
        "HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=ISO-8859-1\r\n"
            + "Transfer-Encoding: chunked\r\nX-Two: a\r\nx-two: b\r\n\r\n"
            + "3\r\nabc\r\n4;ext=1\r\nd\u00e9fg\r\n0\r\n\r\n";
    CompletableFuture<String> request = answerOnce(chunked);

    RawHttp.Response response =
        RawHttp.post(address(), new byte[] {1, 2, 3}, "Content-Encoding", "gzip");

    String sent = request.get(30, TimeUnit.SECONDS);
    assertThat(sent)
        .startsWith("POST /service?x=1 HTTP/1.1\r\n")
        .contains("Content-Encoding: gzip\r\n")
        .contains("Content-Length: 3\r\n")
        .contains("Connection: close\r\n")
        .doesNotContain("Content-Type")
        .endsWith("\r\n\r\n\u0001\u0002\u0003");
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.headers("X-TWO")).containsExactly("a", "b");
    assertThat(response.header("content-type")).contains("text/xml; charset=ISO-8859-1");
    assertThat(response.head()).startsWith("HTTP/1.1 200 OK\r\n").doesNotContain("abc");
    assertThat(response.body()).startsWith("3\r\nabc\r\n");
    assertThat(response.content()).hasSize(7);
    assertThat(response.text()).isEqualTo("abcd\u00e9fg");
  }

  @Test
  void postXmlSendsSoapDefaultsAndAddsTheGivenHeaders() throws Exception {
    CompletableFuture<String> request = answerOnce("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");

    RawHttp.Response response =
        RawHttp.postXml(
            address(), "<x/>".getBytes(StandardCharsets.UTF_8), "Accept-Encoding", "gzip");

    assertThat(request.get(30, TimeUnit.SECONDS))
        .contains("Content-Type: text/xml; charset=UTF-8\r\n")
        .contains("SOAPAction: \"\"\r\n")
        .contains("Accept-Encoding: gzip\r\n")
        .endsWith("\r\n\r\n<x/>");
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.content()).isEmpty();
  }

  @Test
  void aContentTypeGivenToPostXmlReplacesTheDefaultWhateverItsCase() throws Exception {
    CompletableFuture<String> request = answerOnce("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");

    RawHttp.postXml(address(), new byte[] {'x'}, "content-type", "text/xml");

    assertThat(request.get(30, TimeUnit.SECONDS))
        .contains("content-type: text/xml\r\n")
        .doesNotContain("charset")
        .doesNotContain("Content-Type")
        .contains("SOAPAction: \"\"\r\n");
  }

  @Test
  void aResponseWithoutAnEndOfHeadersIsAnError() {
    answerOnce("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n");

    assertThatThrownBy(() -> RawHttp.get(address()))
        .isInstanceOf(UncheckedIOException.class)
        .hasRootCauseMessage(
            "no end of headers in the response: HTTP/1.1 200 OK\r\nContent-Length: 0\r\n");
  }

  @Test
  void headersMustComeInPairs() {
    assertThatThrownBy(() -> RawHttp.get(address(), "Accept"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("headers: [Accept] (expected: name, value pairs)");
  }

  @Test
  void exchangeSendsTheRequestAsGivenEvenAMalformedTarget() throws Exception {
    CompletableFuture<String> request =
        answerOnce("HTTP/1.1 400 Bad Request\r\nContent-Length: 3\r\n\r\nbad");
    String sent = "GET /api/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

    RawHttp.Response response = RawHttp.exchange(address(), sent);

    assertThat(request.get(30, TimeUnit.SECONDS)).isEqualTo(sent);
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text()).isEqualTo("bad");
  }

  private String address() {
    return "http://127.0.0.1:" + listener.getLocalPort() + "/service?x=1";
  }

  /** Answers one connection with {@code response}; completes with the request as received. */
  private CompletableFuture<String> answerOnce(String response) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (Socket socket = listener.accept()) {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            String text = "";
            int length = -1;
            while (length < 0 || request.size() < length) {
              int b = in.read();
              if (b < 0) {
                break;
              }
              request.write(b);
              text = request.toString(StandardCharsets.ISO_8859_1);
              int end = text.indexOf("\r\n\r\n");
              if (length < 0 && end >= 0) {
                int at = text.indexOf("Content-Length: ");
                int bodyBytes =
                    at < 0
                        ? 0
                        : Integer.parseInt(text.substring(at + 16, text.indexOf("\r\n", at)));
                length = end + 4 + bodyBytes;
              }
            }
            OutputStream out = socket.getOutputStream();
            out.write(response.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return text;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }
}
