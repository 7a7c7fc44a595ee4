package io.wsqos.broker.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.app.ProcessFixture.Publisher;
import io.wsqos.broker.rest.RestClient;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.testing.Closer;
import io.wsqos.testing.db.TestDatabase;
import io.wsqos.testing.net.TcpRelay;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL cut from under a running broker process, for real: the process reaches the database
 * through a relay in this JVM that the test cuts and restores. Meanwhile selections go on from the
 * index (200, {@code mayBeStale}), writes and database reads answer 503 with {@code Retry-After}
 * and a JSON error; afterwards the same process writes and selects fresh again.
 */
class PostgresOutageIT {

  private static final int POSTGRES_PORT = 5432;

  @TempDir Path directory;

  @RegisterExtension final Closer resources = new Closer();

  @Test
  void selectionsGoOnWritesAnswer503AndAllRecoversWithoutARestart() throws Exception {
    TestDatabase database = TestDatabase.postgres();
    resources.add(database);
    TcpRelay relay = TcpRelay.to(POSTGRES_PORT);
    resources.add(relay);
    String url = database.url().replace(":" + POSTGRES_PORT + "/", ":" + relay.port() + "/");
    assertThat(url).contains(":" + relay.port() + "/");
    BrokerProcess broker = BrokerProcess.start(directory, "broker", url, database.user());
    resources.add(broker);
    long pid = broker.pid();
    RestClient rest = new RestClient(broker.address());
    Publisher acme = ProcessFixture.publisher(rest, "Acme");
    Map<String, Object> offer =
        Map.of("endpointId", acme.endpointId(), "terms", ProcessFixture.terms(10));
    Answer first = rest.post("/api/offers", acme.token(), offer);
    assertThat(first.status()).as(first.toString()).isEqualTo(201);
    Offer before = first.as(Offer.class);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> selected(ProcessFixture.select(rest), before) && fresh(rest));

    relay.cut();

    await().atMost(Duration.ofSeconds(30)).until(() -> ProcessFixture.select(rest).mayBeStale());
    Selection during = ProcessFixture.select(rest);
    assertThat(during.mayBeStale()).isTrue();
    assertThat(during.candidates()).extracting(Candidate::offer).containsExactly(before);
    Answer write = rest.post("/api/offers", acme.token(), offer);
    assertThat(write.status()).as(write.toString()).isEqualTo(503);
    assertThat(write.header("Retry-After")).isEqualTo("1");
    assertThat(write.json().get("error").asText()).isEqualTo("unavailable");
    Answer read = rest.get("/api/offers", null);
    assertThat(read.status()).as(read.toString()).isEqualTo(503);
    assertThat(read.header("Retry-After")).isEqualTo("1");

    relay.restore();

    await().atMost(Duration.ofSeconds(30)).until(() -> fresh(rest));
    Answer after = rest.post("/api/offers", acme.token(), offer);
    assertThat(after.status()).as(after.toString() + "\n" + broker.log()).isEqualTo(201);
    Offer written = after.as(Offer.class);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> selected(ProcessFixture.select(rest), written) && fresh(rest));
    assertThat(ProcessFixture.offers(rest)).containsExactly(before, written);
    assertThat(broker.isAlive()).isTrue();
    assertThat(broker.pid()).isEqualTo(pid);
  }

  private static boolean selected(Selection selection, Offer offer) {
    return selection.candidates().stream().anyMatch(c -> c.offer().equals(offer));
  }

  private static boolean fresh(RestClient rest) {
    return !ProcessFixture.select(rest).mayBeStale();
  }
}
