package io.wsqos.broker.soap;

import static io.wsqos.broker.soap.BrokerSoapTest.ADMIN_TOKEN;
import static io.wsqos.broker.soap.BrokerSoapTest.BOOKSTORE;
import static io.wsqos.broker.soap.BrokerSoapTest.WSDL;
import static io.wsqos.broker.soap.BrokerSoapTest.terms;
import static io.wsqos.broker.soap.SoapFixture.client;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.broker.BrokerStack;
import io.wsqos.testing.ZeepScript;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SOAP API from a second SOAP stack: a Python zeep client built from the served {@code
 * /soap?wsdl} selects with a {@code qos:Requirement} it builds itself, writes with a provider's
 * bearer token, and reads the broker's faults, on a real embedded server over a real registry (H2
 * in memory). Skipped, with the reason, where python3-zeep is not installed ({@link ZeepScript}).
 */
class BrokerZeepTest {

  private static final String ENDPOINT_ADDRESS = "http://127.0.0.1:9000/books";

  private BrokerStack stack;

  @BeforeEach
  void start() {
    stack = BrokerStack.start();
  }

  @AfterEach
  void stop() throws SQLException {
    stack.close();
  }

  @Test
  void zeepSelectsWritesWithATokenAndReadsTheFaults(@TempDir Path dir) throws Exception {
    String address = stack.soapAddress();
    BrokerPort admin = client(address, ADMIN_TOKEN);
    ProviderToken acme = admin.registerProvider("Acme");
    ServiceInfo books = admin.registerService(BOOKSTORE, WSDL);
    EndpointInfo endpoint =
        admin.registerEndpoint(acme.provider.id, books.id, ENDPOINT_ADDRESS, List.of("soap11"));
    OfferTermsInfo terms = terms("0.10");
    terms.transportPriorities = List.of("assured");
    OfferInfo offer = admin.publishOffer(endpoint.id, terms);
    stack.selector().refresh();

    ZeepScript.Result result =
        ZeepScript.run(
            dir,
            script(),
            address + "?wsdl",
            acme.token,
            Long.toString(endpoint.id),
            Long.toString(offer.id));

    assertThat(result.exitCode()).as(result.output()).isZero();
    Map<String, JsonNode> steps = steps(result);
    assertThat(steps)
        .as(result.output())
        .containsOnlyKeys("select", "select-below-price", "write", "forbidden", "invalid");

    JsonNode select = steps.get("select");
    assertThat(select.get("candidates").asInt()).as(result.output()).isEqualTo(1);
    assertThat(select.get("offerId").asLong()).isEqualTo(offer.id);
    assertThat(new BigDecimal(select.get("price").asText())).isEqualByComparingTo("0.10");
    assertThat(select.get("currency").asText()).isEqualTo("EUR");
    assertThat(select.get("address").asText()).isEqualTo(ENDPOINT_ADDRESS);
    // The broker read zeep's Requirement: its maxPrice below the offer's price leaves none.
    assertThat(steps.get("select-below-price").get("candidates").asInt()).isZero();

    JsonNode write = steps.get("write");
    assertThat(write.get("offerId").asLong()).isEqualTo(offer.id);
    assertThat(write.get("version").asLong()).isEqualTo(2);
    assertThat(new BigDecimal(write.get("price").asText())).isEqualByComparingTo("0.15");
    OfferInfo stored = admin.getOffer(offer.id);
    assertThat(stored.version).isEqualTo(2);
    assertThat(stored.terms.price).isEqualTo("0.15");

    JsonNode forbidden = steps.get("forbidden");
    assertThat(forbidden.get("faultcode").asText()).isEqualTo("Client");
    assertThat(forbidden.get("kind").asText()).isEqualTo("forbidden");
    JsonNode invalid = steps.get("invalid");
    assertThat(invalid.get("faultcode").asText()).isEqualTo("Client");
    assertThat(invalid.get("kind").asText()).isEqualTo("invalid-input");
    assertThat(invalid.get("field").asText()).isEqualTo("terms.price");
    // Neither refused call left anything behind.
    assertThat(admin.listProviders(0, 10).items).extracting(p -> p.name).containsExactly("Acme");
    assertThat(admin.listOffers(0, 10).items).extracting(o -> o.id).containsExactly(offer.id);
  }

  private static String script() throws IOException {
    try (InputStream in = BrokerZeepTest.class.getResourceAsStream("broker_zeep_client.py")) {
      return new String(in.readAllBytes(), UTF_8);
    }
  }

  /** The script's JSON lines by their {@code step}; every line must be one. */
  private static Map<String, JsonNode> steps(ZeepScript.Result result) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Map<String, JsonNode> steps = new LinkedHashMap<>();
    for (String line : result.lines()) {
      JsonNode step = json.readTree(line);
      steps.put(step.get("step").asText(), step);
    }
    return steps;
  }
}
