package io.wsqos.core.compression;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/** Raw SOAP 1.1 requests to {@link TextService} through the JDK's HTTP client. */
final class Soap {
  private static final String HEAD =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>";
  private static final String TAIL = "</soap:Body></soap:Envelope>";

  // One client for all tests, which cannot be closed on Java 17: test classes create it (by
  // touching
  // this class) before their server starts, so the server's leak check does not count its thread.
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private Soap() {}

  /** Creates the shared client now; call from a static initializer before the server starts. */
  static HttpClient client() {
    return CLIENT;
  }

  static byte[] textRequest(int chars) {
    return (HEAD
            + "<t:text xmlns:t=\""
            + TextService.NAMESPACE
            + "\"><chars>"
            + chars
            + "</chars></t:text>"
            + TAIL)
        .getBytes(StandardCharsets.UTF_8);
  }

  static byte[] lengthRequest(String body) {
    return (HEAD
            + "<t:length xmlns:t=\""
            + TextService.NAMESPACE
            + "\"><body>"
            + body
            + "</body></t:length>"
            + TAIL)
        .getBytes(StandardCharsets.UTF_8);
  }

  /** The start of a length request whose body text the caller goes on to write. */
  static byte[] lengthRequestHead() {
    return (HEAD + "<t:length xmlns:t=\"" + TextService.NAMESPACE + "\"><body>")
        .getBytes(StandardCharsets.UTF_8);
  }

  static HttpResponse<byte[]> post(String address, byte[] body, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(address))
            .header("Content-Type", "text/xml; charset=UTF-8")
            .header("SOAPAction", "\"\"")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    // Set, not added: a test may replace the Content-Type, e.g. to send no charset.
    for (int i = 0; i + 1 < headers.length; i += 2) {
      request.setHeader(headers[i], headers[i + 1]);
    }
    try {
      return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static byte[] compress(ContentCoding coding, byte[] data) {
    try (Codec codec = Codec.of(coding)) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (OutputStream out = codec.compressingStream(bytes)) {
        out.write(data);
      }
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] inflate(ContentCoding coding, byte[] data) {
    try (Codec codec = Codec.of(coding);
        InputStream in =
            codec.inflatingStream(
                new java.io.ByteArrayInputStream(data), InflationLimits.defaults())) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String utf8(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
