package io.wsqos.broker.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.app.ProcessFixture.Publisher;
import io.wsqos.broker.rest.RestClient;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.testing.Closer;
import io.wsqos.testing.db.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two broker processes on one PostgreSQL schema: a publish, an update and a withdrawal made through
 * one are selected through the other, in both directions, without either being told; a provider's
 * token rotated through one is refused by the other, and its successor accepted. How long each took
 * to show is logged, not asserted; the bound of each wait is the test's timeout.
 */
class TwoBrokersOnOnePostgresIT {

  private static final Logger logger = LoggerFactory.getLogger(TwoBrokersOnOnePostgresIT.class);

  /** The bound of each wait: generous beside the broker's one-second promise, on a busy machine. */
  private static final Duration BOUND = Duration.ofSeconds(5);

  @TempDir Path directory;

  @RegisterExtension final Closer resources = new Closer();

  @Test
  void eachSelectsWhatTheOtherWrote() throws Exception {
    TestDatabase database = TestDatabase.postgres();
    resources.add(database);
    // One after the other: the first creates the tables, the second finds them migrated.
    BrokerProcess a = started("a", database);
    BrokerProcess b = started("b", database);
    RestClient restA = new RestClient(a.address());
    RestClient restB = new RestClient(b.address());
    Publisher acme = ProcessFixture.publisher(restA, "Acme");
    // A first request to each, so that the delays below are not a cold server's first answer.
    ProcessFixture.select(restA);
    ProcessFixture.select(restB);

    Offer published = publish(restA, acme, 10);
    seen(restB, "publish through a, selected through b", hasOffer(published));

    Offer updated = update(restA, acme, published, 20);
    seen(restB, "update through a, selected through b", hasOffer(updated));

    // The other way: b's token directory learns of the provider registered through a.
    Offer fromB = publish(restB, acme, 30);
    seen(restA, "publish through b, selected through a", hasOffer(fromB));

    Answer withdrawn =
        restA.delete(
            "/api/offers/" + updated.id(),
            acme.token(),
            "If-Match",
            "\"" + updated.version() + "\"");
    assertThat(withdrawn.status()).as(withdrawn.toString()).isEqualTo(204);
    seen(restB, "withdrawal through a, gone through b", s -> candidate(s, updated.id()).isEmpty());

    Selection lastA = ProcessFixture.select(restA);
    Selection lastB = ProcessFixture.select(restB);
    assertThat(lastB.candidates()).extracting(Candidate::offer).containsExactly(fromB);
    assertThat(lastA.candidates()).extracting(Candidate::offer).containsExactly(fromB);
    assertThat(a.isAlive() && b.isAlive()).isTrue();
  }

  @Test
  void aTokenRotatedThroughOneIsRefusedByTheOtherAndItsSuccessorAccepted() throws Exception {
    TestDatabase database = TestDatabase.postgres();
    resources.add(database);
    BrokerProcess a = started("a", database);
    BrokerProcess b = started("b", database);
    RestClient restA = new RestClient(a.address());
    RestClient restB = new RestClient(b.address());
    Publisher acme = ProcessFixture.publisher(restA, "Acme");
    long providerId =
        restA.get("/api/endpoints/" + acme.endpointId(), null).as(Endpoint.class).providerId();
    String old = acme.token();
    await()
        .alias("b accepts the token issued through a")
        .atMost(BOUND)
        .pollInterval(Duration.ofMillis(10))
        .until(() -> restB.get("/api/providers", old).status() == 200);
    Offer before = publish(restB, acme, 10);

    Answer rotation =
        restA.post("/api/providers/" + providerId + "/token", BrokerProcess.ADMIN, null);

    assertThat(rotation.status()).as(rotation.toString()).isEqualTo(200);
    String successor = rotation.as(ProviderRegistration.class).token();
    assertThat(successor).isNotEqualTo(old);
    assertThat(restA.get("/api/providers", old).status()).as("a, at once").isEqualTo(401);
    // b learns of the rotation from the registry version it polls (--poll-interval, 200 ms).
    await()
        .alias("b refuses the old token")
        .atMost(BOUND)
        .pollInterval(Duration.ofMillis(10))
        .until(() -> restB.get("/api/providers", old).status() == 401);
    assertThat(restB.get("/api/providers", successor).status()).isEqualTo(200);
    Answer refused =
        restB.post(
            "/api/offers",
            old,
            Map.of("endpointId", acme.endpointId(), "terms", ProcessFixture.terms(20)));
    assertThat(refused.status()).as(refused.toString()).isEqualTo(401);
    assertThat(refused.json().get("error").asText()).isEqualTo("unauthenticated");
    Offer after = publish(restB, new Publisher(successor, acme.endpointId()), 30);
    assertThat(ProcessFixture.offers(restA))
        .as("the refused write left nothing")
        .containsExactly(before, after);
    assertThat(a.isAlive() && b.isAlive()).isTrue();
  }

  private static Offer publish(RestClient rest, Publisher publisher, long k) {
    Answer answer =
        rest.post(
            "/api/offers",
            publisher.token(),
            Map.of("endpointId", publisher.endpointId(), "terms", ProcessFixture.terms(k)));
    assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
    return answer.as(Offer.class);
  }

  private static Offer update(RestClient rest, Publisher publisher, Offer offer, long k) {
    Answer answer =
        rest.put(
            "/api/offers/" + offer.id(),
            publisher.token(),
            Map.of("terms", ProcessFixture.terms(k)),
            "If-Match",
            "\"" + offer.version() + "\"");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.as(Offer.class);
  }

  private static Predicate<Selection> hasOffer(Offer offer) {
    return selection ->
        candidate(selection, offer.id()).map(c -> c.offer().equals(offer)).orElse(false);
  }

  private static Optional<Candidate> candidate(Selection selection, long offerId) {
    return selection.candidates().stream().filter(c -> c.offer().id() == offerId).findFirst();
  }

  /** Polls {@code rest}'s selection until {@code condition} holds, and logs how long it took. */
  private static void seen(RestClient rest, String what, Predicate<Selection> condition) {
    long start = System.nanoTime();
    await()
        .alias(what)
        .atMost(BOUND)
        .pollInterval(Duration.ofMillis(10))
        .until(() -> condition.test(ProcessFixture.select(rest)));
    logger.info("{}: {} ms", what, Duration.ofNanos(System.nanoTime() - start).toMillis());
  }

  private BrokerProcess started(String name, TestDatabase database) throws Exception {
    BrokerProcess process = BrokerProcess.start(directory, name, database.url(), database.user());
    resources.add(process);
    return process;
  }
}
