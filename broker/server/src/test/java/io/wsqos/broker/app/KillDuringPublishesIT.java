package io.wsqos.broker.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.app.ProcessFixture.Publisher;
import io.wsqos.broker.rest.RestClient;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.testing.Closer;
import io.wsqos.testing.db.TestDatabase;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code kill -9} of a broker process under a stream of publishes and updates from several clients,
 * on an H2 file and on PostgreSQL: a new broker process on the same database has every write that
 * was acknowledged (2xx), with its terms and version; besides them at most the one write each
 * client had in flight, whole; and a registry version that counts exactly the writes that are
 * there.
 */
class KillDuringPublishesIT {

  private static final Logger logger = LoggerFactory.getLogger(KillDuringPublishesIT.class);

  private static final int CLIENTS = 4;

  /** Acknowledged writes before the kill: enough that it lands mid-stream, not at its start. */
  private static final int WRITES_BEFORE_KILL = 60;

  @TempDir Path directory;

  @RegisterExtension final Closer resources = new Closer();

  @Test
  void onAnH2FileEveryAcknowledgedWriteSurvives() throws Exception {
    killDuringPublishes("jdbc:h2:file:" + directory.resolve("broker").toAbsolutePath(), "");
  }

  @Test
  void onPostgresEveryAcknowledgedWriteSurvives() throws Exception {
    TestDatabase database = TestDatabase.postgres();
    resources.add(database);
    killDuringPublishes(database.url(), database.user());
  }

  private void killDuringPublishes(String url, String user) throws Exception {
    BrokerProcess before = started("before", url, user);
    RestClient rest = new RestClient(before.address());
    Publisher publisher = ProcessFixture.publisher(rest, "Acme");
    // A fresh registry counts each write once: provider, service, endpoint.
    long setupWrites = 3;
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> ProcessFixture.select(rest).registryVersion() == setupWrites);

    AtomicInteger acknowledged = new AtomicInteger();
    List<Client> clients = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      Client client = new Client(i + 1, rest, publisher, acknowledged);
      clients.add(client);
      Thread thread = new Thread(client, "publisher-" + i);
      thread.start();
      threads.add(thread);
    }
    try {
      await()
          .atMost(Duration.ofSeconds(120))
          .until(
              () ->
                  acknowledged.get() >= WRITES_BEFORE_KILL
                      || clients.stream().anyMatch(c -> c.failure != null));
      before.kill();
    } finally {
      for (Thread thread : threads) {
        // A client stops at its first request without an answer, which the kill makes prompt.
        thread.join(TimeUnit.SECONDS.toMillis(60));
      }
    }
    for (Client client : clients) {
      assertThat(client.failure).as(before.log()).isNull();
      assertThat(threads.get(client.id - 1).isAlive()).isFalse();
    }
    assertThat(acknowledged.get()).isGreaterThanOrEqualTo(WRITES_BEFORE_KILL);

    BrokerProcess after = started("after", url, user);
    RestClient restarted = new RestClient(after.address());
    Map<Long, Offer> stored = new HashMap<>();
    for (Offer offer : ProcessFixture.offers(restarted)) {
      assertThat(offer.endpointId()).isEqualTo(publisher.endpointId());
      ProcessFixture.k(offer); // whole: every field agrees
      stored.put(offer.id(), offer);
    }

    long applied = 0;
    Map<Long, Offer> unexplained = new HashMap<>(stored);
    for (Client client : clients) {
      InFlight pending = client.inFlight;
      boolean pendingApplied = false;
      for (Acked acked : client.acked.values()) {
        Offer offer = stored.get(acked.offerId());
        assertThat(offer).as("acknowledged %s of client %d", acked, client.id).isNotNull();
        unexplained.remove(acked.offerId());
        if (pending != null
            && pending.offerId() == acked.offerId()
            && offer.version() == acked.version() + 1) {
          // The update in flight was committed before the kill: whole, with its own terms.
          assertThat(ProcessFixture.k(offer)).isEqualTo(pending.k());
          pendingApplied = true;
        } else {
          assertThat(offer.version()).as("%s", acked).isEqualTo(acked.version());
          assertThat(ProcessFixture.k(offer)).as("%s", acked).isEqualTo(acked.k());
        }
      }
      if (pending != null && pending.offerId() == Acked.NEW) {
        Offer published =
            unexplained.values().stream()
                .filter(o -> ProcessFixture.k(o) == pending.k())
                .findFirst()
                .orElse(null);
        if (published != null) {
          assertThat(published.version()).isEqualTo(1);
          unexplained.remove(published.id());
          pendingApplied = true;
        }
      }
      if (pendingApplied) {
        applied++;
      }
    }
    assertThat(unexplained).as("offers never acknowledged nor in flight").isEmpty();
    logger.info(
        "{}: {} writes acknowledged before the kill, {} in flight, {} of those committed",
        url,
        acknowledged.get(),
        clients.stream().filter(c -> c.inFlight != null).count(),
        applied);

    long writes = setupWrites + acknowledged.get() + applied;
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> !ProcessFixture.select(restarted).mayBeStale());
    Selection selection = ProcessFixture.select(restarted);
    assertThat(selection.registryVersion()).as(after.log()).isEqualTo(writes);
    assertThat(selection.candidates())
        .extracting(candidate -> candidate.offer().id())
        .containsExactlyInAnyOrderElementsOf(stored.keySet());
  }

  private BrokerProcess started(String name, String url, String user) throws Exception {
    BrokerProcess process = BrokerProcess.start(directory, name, url, user);
    resources.add(process);
    return process;
  }

  /** A write the broker acknowledged: the offer, the version it answered and the terms' k. */
  private record Acked(long offerId, long version, long k) {
    static final long NEW = -1;
  }

  /** The write a client had sent when the broker died: a publish ({@link Acked#NEW}) or update. */
  private record InFlight(long offerId, long k) {}

  /**
   * Publishes an offer, updates it twice, publishes another, and so on, until a request gets no
   * answer; remembers what was acknowledged and what was in flight.
   */
  private static final class Client implements Runnable {
    final int id;
    final RestClient rest;
    final Publisher publisher;
    final AtomicInteger acknowledged;
    final Map<Long, Acked> acked = new LinkedHashMap<>();
    volatile InFlight inFlight;
    volatile String failure;

    Client(int id, RestClient rest, Publisher publisher, AtomicInteger acknowledged) {
      this.id = id;
      this.rest = rest;
      this.publisher = publisher;
      this.acknowledged = acknowledged;
    }

    @Override
    public void run() {
      Acked last = null;
      for (long seq = 0; ; seq++) {
        long k = id * 1_000_000L + seq + 1;
        boolean publish = last == null || seq % 3 == 0;
        inFlight = new InFlight(publish ? Acked.NEW : last.offerId(), k);
        Answer answer;
        try {
          answer =
              publish
                  ? rest.post(
                      "/api/offers",
                      publisher.token(),
                      Map.of(
                          "endpointId", publisher.endpointId(), "terms", ProcessFixture.terms(k)))
                  : rest.put(
                      "/api/offers/" + last.offerId(),
                      publisher.token(),
                      Map.of("terms", ProcessFixture.terms(k)),
                      "If-Match",
                      "\"" + last.version() + "\"");
        } catch (UncheckedIOException e) {
          return; // the broker died with this request unanswered: its outcome is unknown
        }
        if (answer.status() != (publish ? 201 : 200)) {
          failure = answer.toString();
          return;
        }
        Offer offer = answer.as(Offer.class);
        last = new Acked(offer.id(), offer.version(), k);
        acked.put(offer.id(), last);
        inFlight = null;
        acknowledged.incrementAndGet();
      }
    }
  }
}
