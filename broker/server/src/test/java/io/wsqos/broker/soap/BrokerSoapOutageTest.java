package io.wsqos.broker.soap;

import static io.wsqos.broker.soap.SoapFixture.client;
import static io.wsqos.broker.soap.SoapFixture.fault;
import static io.wsqos.broker.soap.SoapFixture.headerElement;
import static io.wsqos.broker.soap.SoapFixture.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.soap.SoapFixture.RawFault;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.net.TcpRelay;
import jakarta.xml.ws.WebServiceException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.cxf.transport.http.HTTPException;
import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The registry's database goes away under the SOAP API, for real (an H2 server over TCP, reached
 * through a {@link TcpRelay} that the test cuts and restores): writes get a {@code soap:Server}
 * fault with HTTP 503 saying to retry, selections go on from memory and say they may be stale, and
 * all recovers without a restart.
 */
class BrokerSoapOutageTest {

  private static final String ADMIN_TOKEN = "admin-token-0123456789abcdef";

  @TempDir Path directory;

  private Server database;

  @AfterEach
  void stopDatabase() {
    if (database != null) {
      database.stop();
    }
  }

  @Test
  void writesGetA503ServerFaultAndSelectionsGoOnFromMemory() throws Exception {
    database =
        Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", directory.toString())
            .start();
    try (TcpRelay relay = TcpRelay.to(database.getPort());
        Registry registry =
            Registry.builder()
                .url("jdbc:h2:tcp://127.0.0.1:" + relay.port() + "/broker", "", "")
                .connectionTimeout(Duration.ofMillis(500))
                .build();
        OfferSelector selector =
            OfferSelector.builder(registry)
                .pollInterval(Duration.ofMillis(50))
                .staleAfter(Duration.ofMillis(300))
                .build();
        EmbeddedServer server =
            EmbeddedServer.builder()
                .endpoint(
                    BrokerSoap.PATH,
                    BrokerPort.class,
                    BrokerSoap.endpoint(
                        BrokerService.builder(registry, selector).adminToken(ADMIN_TOKEN).build()))
                .start()) {
      String address = server.address(BrokerSoap.PATH);
      BrokerPort admin = client(address, ADMIN_TOKEN);
      ProviderToken acme = admin.registerProvider("Acme");
      ServiceInfo books = admin.registerService(BrokerSoapTest.BOOKSTORE, BrokerSoapTest.WSDL);
      EndpointInfo endpoint =
          admin.registerEndpoint(
              acme.provider.id, books.id, "http://127.0.0.1:9000/books", List.of("soap11"));
      OfferInfo before = admin.publishOffer(endpoint.id, BrokerSoapTest.terms("1"));
      selector.refresh();

      relay.cut();
      await().atMost(Duration.ofSeconds(30)).until(() -> selector.state().mayBeStale());

      String publish =
          "<b:publishOffer><endpointId>"
              + endpoint.id
              + "</endpointId><terms><price>1</price><currency>EUR</currency>"
              + "<maxResponseTimeMillis>100</maxResponseTimeMillis><availability>0.99</availability>"
              + "<throughputPerSecond>10</throughputPerSecond></terms></b:publishOffer>";
      ListAppender<ILoggingEvent> logged = new ListAppender<>();
      logged.start();
      Logger faults = (Logger) LoggerFactory.getLogger(Faults.class);
      faults.addAppender(logged);
      RawHttp.Response response;
      try {
        response = post(address, publish, ADMIN_TOKEN);
      } finally {
        faults.detachAppender(logged);
      }
      // ... and go to the log.
      assertThat(logged.list)
          .extracting(ILoggingEvent::getFormattedMessage)
          .singleElement()
          .asString()
          .contains("the registry's database is unavailable (publish offer): ");
      RawFault unavailable = fault(response);
      assertThat(unavailable.status()).isEqualTo(503);
      assertThat(unavailable.faultcode()).isEqualTo("Server");
      assertThat(unavailable.kind()).isEqualTo("registry-unavailable");
      assertThat(SoapFixture.text(SoapFixture.parse(response), "retry")).isEqualTo("true");
      // The database's own words (host, port, driver) stay in the broker.
      assertThat(response.text())
          .doesNotContain(String.valueOf(relay.port()))
          .doesNotContain(String.valueOf(database.getPort()))
          .doesNotContain("h2");

      // CXF's client takes a 503 for the transport's answer (its failover features retry on it)
      // and does not read the envelope: it throws with the status.
      WebServiceException typed =
          catchThrowableOfType(
              () -> admin.publishOffer(endpoint.id, BrokerSoapTest.terms("2")),
              WebServiceException.class);
      assertThat(typed).hasRootCauseInstanceOf(HTTPException.class);
      assertThat(((HTTPException) typed.getCause()).getResponseCode()).isEqualTo(503);

      SelectRequest select = new SelectRequest();
      select.service = BrokerSoapTest.BOOKSTORE;
      select.requirement.add(
          headerElement(
              QosRequirement.of(CompressionPreference.NONE, TransportPriority.BEST_EFFORT)));
      SelectionResult during = admin.select(select).selection;
      assertThat(during.candidates).extracting(c -> c.offer.id).containsExactly(before.id);
      assertThat(during.mayBeStale).isTrue();

      relay.restore();
      await().atMost(Duration.ofSeconds(30)).until(() -> !selector.state().mayBeStale());
      OfferInfo after = admin.publishOffer(endpoint.id, BrokerSoapTest.terms("2"));
      assertThat(admin.listOffers(0, 10).items)
          .extracting(o -> o.id)
          .containsExactly(before.id, after.id);
    }
  }
}
