package io.wsqos.broker.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.db.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Another session holds a lock on the offers far longer than the registry's lock timeout, on
 * PostgreSQL, under the running REST API with the registry's default timeouts: every publish
 * waiting on it answers 503 with {@code Retry-After} once the lock timeout (or its turn among the
 * writers) runs out, more publishes than the pool has connections included, while pages and
 * selections go on answering 200 from the connection writes leave free; nothing is half-written,
 * and writes succeed again once the lock is gone.
 */
class RestLockTimeoutTest {

  /** More than the pool's connections, so that waiting writes would pin all of them. */
  private static final int PUBLISHES = 2 * Registry.DEFAULT_MAX_POOL_SIZE;

  /** Only catches a hang: the lock is held until every publish has answered. */
  private static final long HANG_SECONDS = 60;

  @Test
  void publishesBehindAHeldLockAnswer503WhilePagesAndSelectionsGoOn() throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(PUBLISHES);
    try (TestDatabase database = TestDatabase.postgres();
        Registry registry = Registry.builder().url(database.url(), database.user(), "").build();
        OfferSelector selector =
            OfferSelector.builder(registry).pollInterval(Duration.ofMillis(50)).build()) {
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
            .until(
                () ->
                    rest.get(RestOutageTest.SELECT, null).as(Selection.class).candidates().size()
                        == 1);

        List<Future<Answer>> publishes = new ArrayList<>();
        try (Connection holder = database.connect()) {
          holder.setAutoCommit(false);
          try (Statement lock = holder.createStatement()) {
            // Writes wait, plain reads do not: as under a long transaction that changes offers.
            // (Under ACCESS EXCLUSIVE no connection could read the table.)
            lock.execute("LOCK TABLE broker_offer IN EXCLUSIVE MODE");
          }

          for (int i = 0; i < PUBLISHES; i++) {
            publishes.add(clients.submit(() -> rest.post("/api/offers", acme.token(), offer)));
          }
          await()
              .atMost(Duration.ofSeconds(HANG_SECONDS))
              .until(
                  () ->
                      database.sessionsWaitingBehind(holder) >= Registry.DEFAULT_MAX_POOL_SIZE - 1);

          Answer page = rest.get("/api/offers", null);
          Answer providers = rest.get("/api/providers", null);
          Answer selection = rest.get(RestOutageTest.SELECT, null);
          assertThat(page.status()).as(page.toString()).isEqualTo(200);
          assertThat(page.json().get("items")).hasSize(1);
          assertThat(providers.status()).as(providers.toString()).isEqualTo(200);
          assertThat(selection.status()).as(selection.toString()).isEqualTo(200);
          assertThat(selection.as(Selection.class).best().orElseThrow().offer()).isEqualTo(before);
          for (Future<Answer> publish : publishes) {
            Answer answer = publish.get(HANG_SECONDS, TimeUnit.SECONDS);
            assertThat(answer.status()).as(answer.toString()).isEqualTo(503);
            assertThat(answer.header("Retry-After")).isEqualTo("1");
            assertThat(answer.json().get("error").asText()).isEqualTo("unavailable");
          }
          assertThat(rest.get("/api/offers", null).json().get("items")).hasSize(1);

          holder.rollback();
        }

        Answer after = rest.post("/api/offers", acme.token(), offer);
        assertThat(after.status()).as(after.toString()).isEqualTo(201);
        assertThat(rest.get("/api/offers", null).json().get("items")).hasSize(2);
      }
    } finally {
      clients.shutdownNow();
    }
  }
}
