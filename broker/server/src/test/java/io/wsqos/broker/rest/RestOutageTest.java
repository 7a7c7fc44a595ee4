package io.wsqos.broker.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.net.TcpRelay;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The registry's database becomes unreachable under a running REST API, for real: H2 served over
 * TCP behind a relay the test cuts and restores. Selections go on (200, {@code mayBeStale}), writes
 * and database reads answer 503 with {@code Retry-After}, and everything recovers without a
 * restart.
 */
class RestOutageTest {

  static final String SELECT = "/api/select?service=%7Bhttp://wsqos.io/examples%7DBookstore";

  @TempDir Path directory;

  @Test
  void selectionsGoOnWritesAnswer503AndAllRecovers() throws Exception {
    Server h2 =
        Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", directory.toString())
            .start();
    try (TcpRelay relay = TcpRelay.to(h2.getPort());
        Registry registry =
            Registry.builder()
                .url("jdbc:h2:tcp://127.0.0.1:" + relay.port() + "/broker", "", "")
                .connectionTimeout(Duration.ofMillis(500))
                .build();
        OfferSelector selector =
            OfferSelector.builder(registry)
                .pollInterval(Duration.ofMillis(50))
                .staleAfter(Duration.ofMillis(300))
                .build()) {
      BrokerRest api =
          BrokerRest.of(
              BrokerService.builder(registry, selector).adminToken(BrokerRestTest.ADMIN).build());
      try (EmbeddedServer server =
          EmbeddedServer.builder()
              .daemonThreads(true)
              .jaxrs(BrokerRest.PATH, api.resources(), api.providers())
              .start()) {
        RestClient rest = new RestClient(server.address());
        RestClient.AcmeEndpoint acme = rest.registerAcmeEndpoint(BrokerRestTest.ADMIN);
        Endpoint endpoint = acme.endpoint();
        Map<String, Object> offer =
            Map.of("endpointId", endpoint.id(), "terms", BrokerRestTest.terms("0.10"));
        Offer before = rest.post("/api/offers", acme.token(), offer).as(Offer.class);
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> rest.get(SELECT, null).as(Selection.class).candidates().size() == 1);

        relay.cut();

        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> rest.get(SELECT, null).as(Selection.class).mayBeStale());
        Answer during = rest.get(SELECT, null);
        assertThat(during.status()).isEqualTo(200);
        assertThat(during.as(Selection.class).best().orElseThrow().offer()).isEqualTo(before);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        Logger errors = (Logger) LoggerFactory.getLogger(ErrorResponses.class);
        errors.addAppender(logged);
        Answer write;
        Answer read;
        try {
          write = rest.post("/api/offers", acme.token(), offer);
          read = rest.get("/api/offers", null);
        } finally {
          errors.detachAppender(logged);
        }
        assertThat(write.status()).as(write.toString()).isEqualTo(503);
        assertThat(write.header("Retry-After")).isEqualTo("1");
        assertThat(write.json().get("error").asText()).isEqualTo("unavailable");
        assertThat(read.status()).isEqualTo(503);
        // The database's and the pool's own text (URL, tables, pool) go to the log, not to the
        // client.
        for (Answer unavailable : List.of(write, read)) {
          assertThat(unavailable.json().get("message").asText())
              .isEqualTo(RegistryUnavailableException.CLIENT_MESSAGE);
          assertThat(unavailable.response().body())
              .doesNotContainIgnoringCase("jdbc")
              .doesNotContainIgnoringCase("broker_")
              .doesNotContainIgnoringCase("pool")
              .doesNotContainIgnoringCase("connection");
        }
        assertThat(logged.list)
            .extracting(ILoggingEvent::getFormattedMessage)
            .anyMatch(line -> line.contains("publish offer"))
            .allMatch(line -> line.contains("the registry's database is unavailable ("));

        relay.restore();

        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> !rest.get(SELECT, null).as(Selection.class).mayBeStale());
        Answer after = rest.post("/api/offers", acme.token(), offer);
        assertThat(after.status()).as(after.toString()).isEqualTo(201);
        long afterId = after.as(Offer.class).id();
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    rest.get(SELECT, null).as(Selection.class).candidates().stream()
                        .anyMatch(c -> c.offer().id() == afterId));
        assertThat(rest.get("/api/offers", null).json().get("items")).hasSize(2);
      }
    } finally {
      h2.stop();
    }
  }
}
