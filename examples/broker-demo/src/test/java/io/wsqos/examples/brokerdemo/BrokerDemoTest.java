package io.wsqos.examples.brokerdemo;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.service.Caller;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.testing.RawHttp;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo as the README's first command runs it, on port 0 and in a temporary directory: the
 * broker selects the provider its policy says, and the bookstore it names answers a SOAP call
 * compressed.
 */
class BrokerDemoTest {

  @TempDir Path directory;

  private BrokerDemo start() throws IOException {
    return DemoInDirectory.start(directory);
  }

  private static io.wsqos.cli.Arguments arguments(String... args) {
    return io.wsqos.broker.app.BrokerOptions.parse(BrokerDemo.OPTIONS, args, Map.of());
  }

  @Test
  void theCheaperProviderRanksFirstAndTheFasterOneMeetsATightResponseTime() throws Exception {
    try (BrokerDemo demo = start()) {
      Selection any = select(demo, QosTerms.builder().build());
      Selection fast = select(demo, QosTerms.builder().maxResponseTimeMillis(200).build());

      assertThat(any.candidates())
          .extracting(c -> c.provider().name())
          .containsExactly("Budget Books", "Express Books");
      assertThat(fast.candidates())
          .extracting(c -> c.provider().name())
          .containsExactly("Express Books");
      Candidate chosen = fast.best().orElseThrow();
      String address = chosen.endpoint().address().toString();
      assertThat(address).isEqualTo(demo.bookstoreAddress("Express Books"));

      // identity;q=0: the client asks for compression, so the load cannot refuse it.
      RawHttp.Response response =
          RawHttp.postXml(
              address,
              Files.readAllBytes(Path.of("..", "bookstore", "requests", "heavy-1.xml")),
              "Accept-Encoding",
              "gzip, identity;q=0");
      assertThat(response.status()).isEqualTo(200);
      assertThat(response.header("Content-Encoding")).contains("gzip");
      assertThat(gunzip(response.content())).contains("Response>");
      // What the printed curl line asks, through the REST API.
      RawHttp.Response rest =
          RawHttp.get(
              demo.broker().restAddress()
                  + "/select?service=%7Bhttp://wsqos.io/ns/bookstore/1%7DBookstore"
                  + "&maxResponseTimeMillis=200");
      assertThat(rest.status()).isEqualTo(200);
      assertThat(rest.text()).contains("Express Books").doesNotContain("Budget Books");
      assertThat(demo.curlSelection())
          .startsWith("curl -sG " + demo.broker().restAddress() + "/select ")
          .contains("'service={http://wsqos.io/ns/bookstore/1}Bookstore'");
      // The README's selection line is this one on the default port.
      String onDefaultPort =
          demo.curlSelection().replace(demo.broker().address(), "http://127.0.0.1:8090");
      assertThat(Files.readString(Path.of("..", "..", "README.md"))).contains(onDefaultPort);
    }
  }

  @Test
  void startingAgainOnTheSameRegistryReplacesTheDemoProviders() throws Exception {
    try (BrokerDemo first = start()) {
      assertThat(select(first, QosTerms.builder().build()).candidates()).hasSize(2);
    }
    try (BrokerDemo again = start()) {
      Selection selection = select(again, QosTerms.builder().build());

      assertThat(selection.candidates()).hasSize(2);
      assertThat(selection.best().orElseThrow().endpoint().address().toString())
          .isEqualTo(again.bookstoreAddress("Budget Books"));
    }
  }

  @Test
  void withDemoOffItIsTheBrokerAlone() throws Exception {
    try (BrokerDemo alone =
        BrokerDemo.start(
            arguments(
                "--port=0",
                "--jdbc-url",
                "jdbc:h2:file:" + directory.resolve("alone").toAbsolutePath(),
                "--demo",
                "off",
                "--demo-dir",
                directory.toString()))) {
      assertThat(select(alone, QosTerms.builder().build()).candidates()).isEmpty();
      assertThat(RawHttp.get(alone.broker().openApiAddress()).status()).isEqualTo(200);
    }
  }

  private static Selection select(BrokerDemo demo, QosTerms terms) {
    return demo.broker()
        .service()
        .select(
            Caller.anonymous(),
            BrokerDemo.BOOKSTORE,
            QosRequirement.of(CompressionPreference.SERVER_DECIDES, terms));
  }

  private static String gunzip(byte[] body) throws IOException {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return new String(in.readAllBytes(), UTF_8);
    }
  }
}
