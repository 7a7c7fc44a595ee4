package io.wsqos.broker.soap;

import static io.wsqos.broker.soap.SoapFixture.client;
import static io.wsqos.broker.soap.SoapFixture.headerElement;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.rest.BrokerRest;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.db.TestDatabase;
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
    try (TestDatabase database = TestDatabase.h2();
        Registry registry =
            Registry.builder().url(database.url(), database.user(), "").poolName("both").build();
        OfferSelector selector = OfferSelector.builder(registry).build()) {
      BrokerService service =
          BrokerService.builder(registry, selector).adminToken(BrokerSoapTest.ADMIN_TOKEN).build();
      BrokerRest rest = BrokerRest.of(service);
      try (EmbeddedServer server =
          EmbeddedServer.builder()
              .jaxrs(BrokerRest.PATH, rest.resources(), rest.providers())
              .endpoint(BrokerSoap.PATH, BrokerPort.class, BrokerSoap.endpoint(service))
              .start()) {
        BrokerPort soap = client(server.address(BrokerSoap.PATH), BrokerSoapTest.ADMIN_TOKEN);
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
                server.address(BrokerRest.PATH + "/offers"),
                offer.getBytes(StandardCharsets.UTF_8),
                "Content-Type",
                "application/json",
                "Authorization",
                "Bearer " + acme.token);
        assertThat(published.status()).as(published.text()).isEqualTo(201);
        selector.refresh();

        SelectRequest select = new SelectRequest();
        select.service = BrokerSoapTest.BOOKSTORE;
        select.requirement.add(
            headerElement(
                QosRequirement.of(CompressionPreference.NONE, TransportPriority.BEST_EFFORT)));
        assertThat(soap.select(select).selection.candidates)
            .extracting(c -> c.provider.name)
            .containsExactly("Acme");
        assertThat(RawHttp.get(server.address(BrokerSoap.PATH) + "?wsdl").status()).isEqualTo(200);
      }
    }
  }
}
