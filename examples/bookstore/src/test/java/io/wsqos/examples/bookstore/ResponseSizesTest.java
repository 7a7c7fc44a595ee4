package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * POSTs each sample request of {@code requests/} as curl would and checks the SOAP body of the
 * response against Table 4 of the seed (section 7.1.3.2): size within 5%, gzipped size within 20%,
 * and for the heavy responses a gzip ratio of about three.
 */
class ResponseSizesTest {

  private static final Path REQUESTS = Path.of("requests");
  private static final double SIZE_TOLERANCE = 0.05;
  private static final double GZIP_TOLERANCE = 0.20;
  private static final double MIN_HEAVY_GZIP_RATIO = 2.5;
  private static final double MAX_HEAVY_GZIP_RATIO = 3.6;

  private static BookstoreServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = BookstoreServer.start("127.0.0.1", 0);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @ParameterizedTest(name = "{0}: {1} bytes")
  @CsvSource({
    "hello,     209,  256",
    "lite-1,   3366, 1390",
    "heavy-1, 16055, 6038",
    "heavy-2, 28153, 10222",
    "heavy-3, 36049, 12350",
    "heavy-5, 50205, 15470"
  })
  void responseBodyMatchesTable4(String request, int paperBytes, int paperGzipBytes)
      throws Exception {
    byte[] body = soapBody(post(request));
    int gzipBytes = gzip(body).length;
    double ratio = (double) body.length / gzipBytes;
    System.out.printf(
        "%-8s body %6d bytes (paper %6d, %+.1f%%), gzip %6d bytes (paper %6d), ratio %.2f%n",
        request,
        body.length,
        paperBytes,
        100.0 * (body.length - paperBytes) / paperBytes,
        gzipBytes,
        paperGzipBytes,
        ratio);

    assertThat(body.length)
        .isBetween(
            (int) Math.ceil(paperBytes * (1 - SIZE_TOLERANCE)),
            (int) Math.floor(paperBytes * (1 + SIZE_TOLERANCE)));
    if (request.equals("hello")) {
      // The seed's gzipped hello (256 bytes) is larger than its body (209): more than gzip's own
      // 18 bytes of framing explain, so only "no larger than the seed's" is comparable.
      assertThat(gzipBytes).isLessThanOrEqualTo(paperGzipBytes);
    } else {
      assertThat(gzipBytes)
          .isBetween(
              (int) Math.ceil(paperGzipBytes * (1 - GZIP_TOLERANCE)),
              (int) Math.floor(paperGzipBytes * (1 + GZIP_TOLERANCE)));
    }
    if (request.startsWith("heavy")) {
      assertThat(ratio).isBetween(MIN_HEAVY_GZIP_RATIO, MAX_HEAVY_GZIP_RATIO);
    }
  }

  @Test
  void requestWithAMalformedIsbnGetsAClientFaultWithStatus500() throws Exception {
    String envelope =
        Files.readString(REQUESTS.resolve("lite-1.xml")).replace("978-1-4000-0000-5", "978-1");

    RawHttp.Response response = postEnvelope(envelope);

    assertThat(response.status()).isEqualTo(500);
    assertThat(response.text())
        .contains("<faultcode>soap:Client</faultcode>")
        .contains("invalidRequest");
  }

  @Test
  void requestThatIsNotWellFormedXmlGetsAClientFaultSayingWhy() throws Exception {
    // The envelope cut short inside the request's body: no end tags.
    String envelope = Files.readString(REQUESTS.resolve("lite-1.xml"));
    String cut = envelope.substring(0, envelope.indexOf("978-1-4000-0000-5"));

    RawHttp.Response response = postEnvelope(cut);

    assertThat(response.status()).isEqualTo(500);
    assertThat(response.text())
        .contains("<faultcode>soap:Client</faultcode>")
        .contains("Unexpected EOF; was expecting a close tag for element &lt;isbn>");
  }

  @Test
  void requestForAnUnknownBookGetsAClientFaultWithStatus500() throws Exception {
    String envelope =
        Files.readString(REQUESTS.resolve("lite-1.xml"))
            .replace("978-1-4000-0000-5", CatalogueGenerator.isbn(Catalogue.DEFAULT_SIZE_BOOKS));

    RawHttp.Response response = postEnvelope(envelope);

    assertThat(response.status()).isEqualTo(500);
    assertThat(response.text())
        // The client's error: asking again gets the same answer.
        .contains("<faultcode>soap:Client</faultcode>")
        .contains(
            "<faultstring>no book with ISBN "
                + CatalogueGenerator.isbn(Catalogue.DEFAULT_SIZE_BOOKS)
                + "</faultstring>")
        .contains("bookNotFound");
  }

  @Test
  void wsdlIsServed() throws Exception {
    RawHttp.Response response = RawHttp.get(server.address() + "?wsdl");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text())
        .contains("wsdl:definitions")
        .contains("name=\"BookstoreService\"")
        .contains("location=\"" + server.address() + "\"");
  }

  private static byte[] post(String request) throws IOException {
    RawHttp.Response response = postEnvelope(Files.readString(REQUESTS.resolve(request + ".xml")));
    assertThat(response.status()).as(response.text()).isEqualTo(200);
    return response.content();
  }

  private static RawHttp.Response postEnvelope(String envelope) {
    return RawHttp.postXml(server.address(), envelope.getBytes(StandardCharsets.UTF_8));
  }

  /** The {@code <soap:Body>...</soap:Body>} element exactly as it came over the wire. */
  static byte[] soapBody(byte[] response) {
    // ISO-8859-1 maps each byte to one char, so string offsets are byte offsets.
    String text = new String(response, StandardCharsets.ISO_8859_1);
    int start = text.indexOf("<soap:Body>");
    int end = text.indexOf("</soap:Body>");
    assertThat(start).as("start of soap:Body in %s", text).isNotNegative();
    assertThat(end).as("end of soap:Body in %s", text).isGreaterThan(start);
    return Arrays.copyOfRange(response, start, end + "</soap:Body>".length());
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 2);
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(bytes);
    }
    return out.toByteArray();
  }
}
