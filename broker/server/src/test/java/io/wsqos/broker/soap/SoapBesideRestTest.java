package io.wsqos.broker.soap;

import static io.wsqos.broker.soap.SoapFixture.client;
import static io.wsqos.broker.soap.SoapFixture.headerElement;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Both APIs on one server over one {@link BrokerService}, as the broker's launcher mounts them: a
 * write through REST is seen through SOAP, and each keeps its own paths.
 */
class SoapBesideRestTest {

  @Test
  void anOfferPublishedThroughRestIsSelectedThroughSoap() throws Exception {
    try (BrokerStack stack = BrokerStack.start()) {
      BrokerPort soap = client(stack.soapAddress(), BrokerSoapTest.ADMIN_TOKEN);
      ProviderToken acme = soap.registerProvider("Acme");
      ServiceInfo books = soap.registerService(BrokerSoapTest.BOOKSTORE, BrokerSoapTest.WSDL);
      EndpointInfo endpoint =
          soap.registerEndpoint(
              acme.provider.id, books.id, "http://127.0.0.1:9000/books", List.of("soap11"));

      String offer =
          "{\"endpointId\":"
              + endpoint.id
              + ",\"terms\":{\"price\":\"0.10\",\"currency\":\"EUR\","
              + "\"maxResponseTimeMillis\":200,\"availability\":0.99,\"throughputPerSecond\":50}}";
      RawHttp.Response published =
          RawHttp.post(
              stack.restAddress() + "/offers",
              offer.getBytes(StandardCharsets.UTF_8),
              "Content-Type",
              "application/json",
              "Authorization",
              "Bearer " + acme.token);
      assertThat(published.status()).as(published.text()).isEqualTo(201);
      stack.selector().refresh();

      SelectRequest select = new SelectRequest();
      select.service = BrokerSoapTest.BOOKSTORE;
      select.requirement.add(
          headerElement(
              QosRequirement.of(CompressionPreference.NONE, TransportPriority.BEST_EFFORT)));
      assertThat(soap.select(select).selection.candidates)
          .extracting(c -> c.provider.name)
          .containsExactly("Acme");
      assertThat(RawHttp.get(stack.soapAddress() + "?wsdl").status()).isEqualTo(200);
    }
  }
}
