package io.wsqos.broker.soap;

import static io.wsqos.broker.soap.BrokerSoapTest.ADMIN_TOKEN;
import static io.wsqos.broker.soap.BrokerSoapTest.BOOKSTORE;
import static io.wsqos.broker.soap.BrokerSoapTest.WSDL;
import static io.wsqos.broker.soap.BrokerSoapTest.terms;
import static io.wsqos.broker.soap.SoapFixture.client;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.BrokerStack;
import io.wsqos.testing.ZeepScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zeep snippet of {@code broker/README.md} runs as printed against a broker with one offer, and
 * prints it as the best candidate. Skipped, with the reason, where python3-zeep is not installed
 * ({@link ZeepScript}).
 */
class ReadmeZeepSnippetTest {

  static final String BEGIN = "<!-- zeep: run by ReadmeZeepSnippetTest -->\n```python\n";
  static final String END = "```\n<!-- end of zeep -->";

  private BrokerStack stack;

  @BeforeEach
  void start() {
    stack = BrokerStack.start();
  }

  @AfterEach
  void stop() throws SQLException {
    stack.close();
  }

  static String snippet() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));
    int begin = readme.indexOf(BEGIN);
    int end = readme.indexOf(END);
    assertThat(begin).as("broker/README.md has the lines %s", BEGIN.strip()).isNotNegative();
    assertThat(end).as("broker/README.md has the lines %s", END).isGreaterThan(begin);
    return readme.substring(begin + BEGIN.length(), end);
  }

  @Test
  void theReadmesZeepSnippetSelectsTheOffer(@TempDir Path dir) throws Exception {
    String address = stack.soapAddress();
    BrokerPort admin = client(address, ADMIN_TOKEN);
    ProviderToken acme = admin.registerProvider("Acme");
    ServiceInfo books = admin.registerService(BOOKSTORE, WSDL);
    EndpointInfo endpoint =
        admin.registerEndpoint(
            acme.provider.id, books.id, "http://127.0.0.1:9000/books", List.of("soap11"));
    OfferTermsInfo terms = terms("0.10");
    terms.transportPriorities = List.of("assured");
    OfferInfo offer = admin.publishOffer(endpoint.id, terms);
    stack.selector().refresh();

    ZeepScript.Result result = ZeepScript.run(dir, snippet(), address + "?wsdl");

    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.lines()).as(result.output()).hasSize(1);
    assertThat(result.lines().get(0))
        .matches(offer.id + " 0\\.10? EUR http://127\\.0\\.0\\.1:9000/books");
  }
}
