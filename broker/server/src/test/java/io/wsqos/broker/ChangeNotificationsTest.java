package io.wsqos.broker;

import static io.wsqos.broker.PostgresInstances.NO_POLL;
import static io.wsqos.broker.PostgresInstances.endpoint;
import static io.wsqos.broker.PostgresInstances.offerIds;
import static io.wsqos.broker.PostgresInstances.publish;
import static io.wsqos.broker.PostgresInstances.threads;
import static io.wsqos.broker.RegistryCompatibilityKit.BOOKSTORE;
import static io.wsqos.broker.RegistryCompatibilityKit.WSDL;
import static io.wsqos.broker.RegistryCompatibilityKit.terms;
import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.registry.CommitListener;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.testing.db.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Broker instances on one PostgreSQL select each other's writes by notification, with the poll as
 * the fallback while the listening connection is down; H2 registries listen to nothing.
 */
class ChangeNotificationsTest {

  private static final String LISTENER_THREAD = "wsqos-broker-listener";

  private final PostgresInstances instances = new PostgresInstances();

  @AfterEach
  void closeInstances() throws Exception {
    instances.close();
  }

  @Test
  void aPublishAnUpdateAndAWithdrawalThroughOneInstanceReachTheOtherWithoutAPoll() {
    Registry a = instances.registry("a");
    Registry b = instances.registry("b");
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    OfferSelector other = instances.open(instances.selector(b, NO_POLL).meterRegistry(meters));
    Endpoint endpoint = endpoint(a, a.registerService(BOOKSTORE, WSDL), "Acme");

    Offer offer = publish(a, endpoint, "1");
    await().atMost(Duration.ofSeconds(10)).until(() -> offerIds(other).equals(List.of(offer.id())));
    a.updateOffer(offer.id(), 1, terms("1").maxResponseTimeMillis(5_000).build(), ANY);
    QosRequirement fast =
        RegistryCompatibilityKit.requirement(QosTerms.builder().maxResponseTimeMillis(1_000));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> other.select(BOOKSTORE, fast).candidates().isEmpty());
    a.withdrawOffer(offer.id(), 2, ANY);

    await().atMost(Duration.ofSeconds(10)).until(() -> offerIds(other).isEmpty());
    // The update and the withdrawal came after the listening began (the publish may have come
    // before, and been read when it began).
    assertThat(meters.get(OfferSelector.NOTIFICATIONS).counter().count()).isGreaterThanOrEqualTo(2);
    assertThat(meters.get(OfferSelector.LISTENER_RECONNECTS).counter().count()).isZero();
  }

  @Test
  void aWatchHeldByOneInstanceIsAnsweredByAWriteThroughTheOtherWithoutAPoll() throws Exception {
    Registry a = instances.registry("a");
    Registry b = instances.registry("b");
    OfferSelector other = instances.open(instances.selector(b, NO_POLL));
    Endpoint endpoint = endpoint(a, a.registerService(BOOKSTORE, WSDL), "Acme");
    await().atMost(Duration.ofSeconds(10)).until(() -> instances.listeners("b").size() == 1);
    String empty = other.select(BOOKSTORE, RegistryCompatibilityKit.ANYTHING).tag();
    CompletableFuture<Selection> watch =
        other.watch(BOOKSTORE, RegistryCompatibilityKit.ANYTHING, empty, Duration.ofMinutes(1));

    Offer offer = publish(a, endpoint, "1");

    assertThat(watch.join().candidates())
        .extracting(c -> c.offer().id())
        .containsExactly(offer.id());
  }

  @Test
  void aKilledListeningConnectionIsCoveredByThePollAndReopenedForTheNextWrite() throws Exception {
    Registry a = instances.registry("a");
    Registry shortPoll = instances.registry("short");
    Registry longPoll = instances.registry("long");
    SimpleMeterRegistry shortMeters = new SimpleMeterRegistry();
    SimpleMeterRegistry longMeters = new SimpleMeterRegistry();
    // Reopened late, so that the write below is made while it is down.
    OfferSelector polling =
        instances.open(
            instances
                .selector(shortPoll, Duration.ofMillis(50))
                .listenerRetry(Duration.ofSeconds(10))
                .meterRegistry(shortMeters));
    OfferSelector notified =
        instances.open(instances.selector(longPoll, NO_POLL).meterRegistry(longMeters));
    Endpoint endpoint = endpoint(a, a.registerService(BOOKSTORE, WSDL), "Acme");
    await().atMost(Duration.ofSeconds(10)).until(() -> instances.listeners("short").size() == 1);
    await().atMost(Duration.ofSeconds(10)).until(() -> instances.listeners("long").size() == 1);

    instances.terminateListeners("short");
    instances.terminateListeners("long");
    await().atMost(Duration.ofSeconds(10)).until(() -> instances.listeners("short").isEmpty());
    Offer offer = publish(a, endpoint, "1");

    // The poll covers the write made while the listening connection was down ...
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> offerIds(polling).equals(List.of(offer.id())));
    // ... and a reopened connection reads what it missed, then hears the next write.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> longMeters.get(OfferSelector.LISTENER_RECONNECTS).counter().count() == 1);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> offerIds(notified).equals(List.of(offer.id())));
    double heard = longMeters.get(OfferSelector.NOTIFICATIONS).counter().count();
    Offer second = publish(a, endpoint, "0.5");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> offerIds(notified).equals(List.of(second.id(), offer.id())));
    assertThat(longMeters.get(OfferSelector.NOTIFICATIONS).counter().count()).isGreaterThan(heard);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> shortMeters.get(OfferSelector.LISTENER_RECONNECTS).counter().count() == 1);
    assertThat(instances.listeners("short")).hasSize(1);
  }

  @Test
  void eachCommittedWriteNotifiesItsSchemaAndVersionAndARefusedWriteNothing() throws Exception {
    Registry a = instances.registry("a");
    try (Connection listening = instances.database.connect();
        Statement s = listening.createStatement()) {
      s.execute("LISTEN wsqos_broker_changes");
      long before = a.version();

      a.registerProvider("Acme");
      assertThatThrownBy(() -> a.registerProvider("Acme")).isInstanceOf(DuplicateException.class);
      a.registerService(BOOKSTORE, WSDL);

      List<String> payloads = new ArrayList<>();
      PGConnection pg = listening.unwrap(PGConnection.class);
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () -> {
                PGNotification[] received = pg.getNotifications(100);
                for (PGNotification n : received == null ? new PGNotification[0] : received) {
                  if (n.getParameter().startsWith(instances.database.schema() + " ")) {
                    payloads.add(n.getParameter());
                  }
                }
                return payloads.size() >= 2;
              });
      String schema = instances.database.schema();
      assertThat(payloads)
          .containsExactly(schema + " " + (before + 1), schema + " " + (before + 2));
      // The channel is the database's: other tests' schemas notify on it too.
      PGNotification[] later = pg.getNotifications(200);
      assertThat(later == null ? new PGNotification[0] : later)
          .noneMatch(n -> n.getParameter().startsWith(schema + " "));
    }
  }

  @Test
  void aClosedSelectorLeavesNoListeningThreadOrConnection() throws Exception {
    Registry b = instances.registry("b");
    long threadsBefore = threads(LISTENER_THREAD);
    OfferSelector selector = instances.selector(b, NO_POLL).build();
    await().atMost(Duration.ofSeconds(10)).until(() -> instances.listeners("b").size() == 1);
    assertThat(threads(LISTENER_THREAD)).isEqualTo(threadsBefore + 1);

    selector.close();

    assertThat(threads(LISTENER_THREAD)).isEqualTo(threadsBefore);
    await().atMost(Duration.ofSeconds(10)).until(() -> instances.listeners("b").isEmpty());
  }

  @Test
  void anH2RegistryHasNoListeningThread() throws Exception {
    long threadsBefore = threads(LISTENER_THREAD);
    try (TestDatabase h2 = TestDatabase.h2();
        Registry registry = Registry.builder().url(h2.url(), h2.user(), "").build();
        OfferSelector selector = OfferSelector.builder(registry).build()) {
      Service service = registry.registerService(BOOKSTORE, WSDL);
      Offer offer = publish(registry, endpoint(registry, service, "Acme"), "1");

      assertThat(registry.listen(new IgnoringListener(), Duration.ofSeconds(1))).isEmpty();
      assertThat(threads(LISTENER_THREAD)).isEqualTo(threadsBefore);
      await().atMost(Duration.ofSeconds(10)).until(() -> offerIds(selector).contains(offer.id()));
    }
  }

  private static final class IgnoringListener implements CommitListener {
    @Override
    public void committed(long version) {}

    @Override
    public void listening() {}
  }
}
