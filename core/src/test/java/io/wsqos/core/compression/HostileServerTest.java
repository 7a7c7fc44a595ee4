package io.wsqos.core.compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpServer;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.WebServiceException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A CXF client with the feature against a plain HTTP server on loopback that answers whatever the
 * test scripts: what the client sends, and how it treats compressed responses, good and hostile.
 */
class HostileServerTest {
  private static final String CHARS_TEXT = EchoServiceImpl.textOf(3000);

  private static HttpServer server;
  private static Bus bus;
  private static volatile byte[] responseBody;
  private static volatile String responseEncoding;
  private static final List<String> acceptEncodings = new CopyOnWriteArrayList<>();
  private static final List<String> requestBodies = new CopyOnWriteArrayList<>();
  private final List<CompressionFeature> features = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/service",
        exchange -> {
          String accept = exchange.getRequestHeaders().getFirst("Accept-Encoding");
          acceptEncodings.add(accept == null ? "(absent)" : accept);
          requestBodies.add(
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=UTF-8");
          if (responseEncoding != null) {
            exchange.getResponseHeaders().set("Content-Encoding", responseEncoding);
          }
          byte[] body = responseBody;
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    bus = BusFactory.newInstance().createBus();
    BusFactory.setThreadDefaultBus(null);
  }

  @AfterAll
  static void stopServer() {
    bus.shutdown(true);
    server.stop(0);
  }

  @AfterEach
  void closeFeatures() {
    features.forEach(CompressionFeature::close);
    acceptEncodings.clear();
    requestBodies.clear();
  }

  @Test
  void clientSendsItsPreferenceAndCodingsAndInflatesAGoodResponse() {
    respond("gzip", Codings.compress(ContentCoding.GZIP, textResponse(CHARS_TEXT)));

    String text = client(CompressionPreference.SERVER_DECIDES).text(3000);

    assertThat(text).isEqualTo(CHARS_TEXT);
    assertThat(acceptEncodings).containsExactly("zstd, gzip, deflate");
    assertThat(requestBodies.get(0)).contains("<qos:compression>server-decides</qos:compression>");
  }

  @Test
  void clientThatSaysNoneSendsNoAcceptEncoding() {
    respond(null, textResponse(CHARS_TEXT));

    String text = client(CompressionPreference.NONE).text(3000);

    assertThat(text).isEqualTo(CHARS_TEXT);
    assertThat(acceptEncodings).containsExactly("(absent)");
    assertThat(requestBodies.get(0)).contains("<qos:compression>none</qos:compression>");
  }

  @Test
  void truncatedResponseFailsTheCallWithTheReason() {
    byte[] gzip = Codings.compress(ContentCoding.GZIP, textResponse(CHARS_TEXT));
    respond("gzip", Arrays.copyOf(gzip, gzip.length - 4));

    assertCallFails(InflationException.Reason.TRUNCATED);
  }

  @Test
  void badChecksumFailsTheCallWithTheReason() {
    byte[] gzip = Codings.compress(ContentCoding.GZIP, textResponse(CHARS_TEXT));
    gzip[gzip.length - 8] ^= 0x5a;
    respond("gzip", gzip);

    assertCallFails(InflationException.Reason.CORRUPT);
  }

  @Test
  void trailingGarbageFailsTheCallWithTheReason() {
    byte[] gzip = Codings.compress(ContentCoding.GZIP, textResponse(CHARS_TEXT));
    byte[] withGarbage = Arrays.copyOf(gzip, gzip.length + 3);
    withGarbage[gzip.length] = 'x';
    respond("gzip", withGarbage);

    assertCallFails(InflationException.Reason.TRAILING_GARBAGE);
  }

  @Test
  void bombFailsTheCallAfterAtMostTheLimit() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Codec codec = Codec.of(ContentCoding.GZIP, 6);
        OutputStream out = codec.compressingStream(bytes)) {
      byte[] letters = new byte[1024 * 1024];
      Arrays.fill(letters, (byte) 'a');
      out.write(textResponseHead());
      for (int i = 0; i < 64; i++) {
        out.write(letters);
      }
    }
    respond("gzip", bytes.toByteArray());

    assertCallFails(InflationException.Reason.RATIO_EXCEEDED);
  }

  @Test
  void unsupportedCodingFailsTheCallWithTheReason() {
    respond("br", textResponse(CHARS_TEXT));

    assertCallFails(InflationException.Reason.UNSUPPORTED_CODING);
  }

  private void assertCallFails(InflationException.Reason reason) {
    EchoService client = client(CompressionPreference.SERVER_DECIDES);

    Throwable thrown = catchThrowable(() -> client.text(3000));

    assertThat(thrown).isInstanceOf(WebServiceException.class);
    InflationException cause = inflationCause(thrown);
    assertThat(cause).as("InflationException in the causes of %s", thrown).isNotNull();
    assertThat(cause.reason()).isEqualTo(reason);
    assertThat(thrown.getMessage()).contains(reason.name());
  }

  private EchoService client(CompressionPreference preference) {
    CompressionFeature feature =
        CompressionFeature.builder()
            .policy(CompressionPolicy.never())
            .clientPreference(preference)
            .build();
    features.add(feature);
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setBus(bus);
    factory.setServiceClass(EchoService.class);
    factory.setAddress("http://127.0.0.1:" + server.getAddress().getPort() + "/service");
    factory.getFeatures().add(feature);
    return factory.create(EchoService.class);
  }

  private static void respond(String encoding, byte[] body) {
    responseEncoding = encoding;
    responseBody = body;
  }

  private static byte[] textResponseHead() {
    return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
            + "<t:textResponse xmlns:t=\""
            + EchoService.NAMESPACE
            + "\"><return>")
        .getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] textResponse(String text) {
    return (new String(textResponseHead(), StandardCharsets.UTF_8)
            + text
            + "</return></t:textResponse></soap:Body></soap:Envelope>")
        .getBytes(StandardCharsets.UTF_8);
  }

  private static InflationException inflationCause(Throwable t) {
    for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
      if (t instanceof InflationException e) {
        return e;
      }
    }
    return null;
  }
}
