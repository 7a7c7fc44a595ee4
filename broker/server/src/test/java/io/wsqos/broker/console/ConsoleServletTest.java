package io.wsqos.broker.console;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.app.Broker;
import io.wsqos.broker.app.BrokerOptions;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.testing.RawHttp;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console as the broker serves it: its files under a strict Content-Security-Policy, its state
 * with the offers, their prices over time and the providers' names as data, and reads closed to
 * callers without a token when the broker's reads are.
 */
class ConsoleServletTest {

  private static final ObjectMapper JSON = BrokerJson.newMapper();
  private static final String ADMIN = "console-test-admin-token-0123456789";
  private static final String HOSTILE = "<img src=x onerror=alert(1)>";

  @TempDir Path directory;

  private Broker start(String reads) {
    return Broker.start(
        BrokerOptions.parse(
            new String[] {
              "--port",
              "0",
              "--jdbc-url",
              "jdbc:h2:file:" + directory.resolve("broker").toAbsolutePath(),
              "--admin-token",
              ADMIN,
              "--reads",
              reads
            },
            Map.of()));
  }

  private static String type(RawHttp.Response response) {
    return response.header("Content-Type").orElseThrow().replace(" ", "");
  }

  @Test
  void everyConsoleAnswerCarriesAStrictPolicyAndNoSniffing() {
    try (Broker broker = start("open")) {
      String console = broker.consoleAddress();

      RawHttp.Response page = RawHttp.get(console);
      RawHttp.Response script = RawHttp.get(console + "console.js");
      RawHttp.Response style = RawHttp.get(console + "console.css");
      RawHttp.Response state = RawHttp.get(console + "state");
      RawHttp.Response missing = RawHttp.get(console + "index.html.bak");
      RawHttp.Response bare = RawHttp.get(broker.address() + "/console");

      assertThat(page.status()).isEqualTo(200);
      assertThat(type(page)).isEqualTo("text/html;charset=utf-8");
      assertThat(page.text()).contains("<script src=\"console.js\" defer></script>");
      assertThat(type(script)).isEqualTo("text/javascript;charset=utf-8");
      assertThat(type(style)).isEqualTo("text/css;charset=utf-8");
      assertThat(state.header("Content-Type"))
          .hasValueSatisfying(t -> t.startsWith("application/json"));
      assertThat(state.header("Cache-Control")).contains("no-store");
      assertThat(missing.status()).isEqualTo(404);
      assertThat(bare.status()).isEqualTo(301);
      assertThat(bare.header("Location")).hasValueSatisfying(l -> l.endsWith("/console/"));
      for (RawHttp.Response response :
          new RawHttp.Response[] {page, script, style, state, missing}) {
        assertThat(response.header("Content-Security-Policy")).contains(ConsoleServlet.CSP);
        assertThat(response.header("X-Content-Type-Options")).contains("nosniff");
      }
      assertThat(ConsoleServlet.CSP)
          .contains("default-src 'self'", "frame-ancestors 'none'")
          .doesNotContain("unsafe-inline", "unsafe-eval");
    }
  }

  @Test
  void theStateListsEachOfferWithItsPricesOverTimeAndNamesAsData() throws Exception {
    try (Broker broker = start("open")) {
      BrokerService service = broker.service();
      Caller admin = broker.admin();
      ProviderRegistration provider = service.registerProvider(admin, HOSTILE);
      Service books =
          service.registerService(
              admin,
              new QName("http://wsqos.io/examples", "Bookstore"),
              URI.create("http://books.example/b?wsdl"));
      Endpoint endpoint =
          service.registerEndpoint(
              admin,
              provider.provider().id(),
              books.id(),
              URI.create("http://books.example/b"),
              Set.of(Binding.SOAP_1_1));
      OfferTerms.Builder terms =
          OfferTerms.builder()
              .price("0.10", "EUR")
              .availability(0.99)
              .maxResponseTimeMillis(200)
              .throughputPerSecond(50);
      Offer offer = service.publishOffer(admin, endpoint.id(), terms.build());
      broker.selector().refresh();
      service.updateOffer(admin, offer.id(), offer.version(), terms.price("0.12", "EUR").build());
      broker.selector().refresh();

      JsonNode state = JSON.readTree(RawHttp.get(broker.consoleAddress() + "state").content());

      assertThat(state.get("providers").findValuesAsText("name")).containsExactly(HOSTILE);
      assertThat(state.get("services").get(0).get("portType").asText())
          .isEqualTo("{http://wsqos.io/examples}Bookstore");
      JsonNode row = state.get("offers").get(0);
      assertThat(row.at("/candidate/offer/id").asLong()).isEqualTo(offer.id());
      assertThat(row.at("/candidate/offer/terms/price").decimalValue())
          .isEqualByComparingTo("0.12");
      assertThat(row.get("validity").asText()).isEqualTo("VALID");
      assertThat(row.get("flagged").asBoolean()).isFalse();
      assertThat(row.get("prices").findValuesAsText("price")).containsExactly("0.1", "0.12");
      assertThat(state.get("registryVersion").asLong())
          .isEqualTo(broker.selector().state().registryVersion());
      assertThat(state.get("selections").isNumber()).isTrue();
    }
  }

  @Test
  void closedReadsRefuseTheStateWithoutAKnownToken() throws Exception {
    try (Broker broker = start("closed")) {
      String state = broker.consoleAddress() + "state";

      RawHttp.Response anonymous = RawHttp.get(state);
      RawHttp.Response unknown = RawHttp.get(state, "Authorization", "Bearer " + "x".repeat(40));
      RawHttp.Response twice =
          RawHttp.exchange(
              broker.address(),
              "GET /console/state HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer "
                  + ADMIN
                  + "\r\nAuthorization: Bearer "
                  + ADMIN
                  + "\r\nConnection: close\r\n\r\n");
      RawHttp.Response administrator = RawHttp.get(state, "Authorization", "Bearer " + ADMIN);
      RawHttp.Response page = RawHttp.get(broker.consoleAddress());

      Stream.of(anonymous, unknown, twice)
          .forEach(
              refused -> {
                assertThat(refused.status()).isEqualTo(401);
                assertThat(refused.header("WWW-Authenticate")).contains("Bearer");
                assertThat(refused.text()).contains("\"error\":\"unauthenticated\"");
              });
      assertThat(administrator.status()).isEqualTo(200);
      assertThat(new String(administrator.content(), UTF_8)).contains("\"offers\":[]");
      assertThat(page.status()).isEqualTo(200); // the page itself holds no data
    }
  }
}
