package io.wsqos.broker;

import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.broker.registry.ProviderCheck;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.registry.RegistryChanges;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.selection.SelectionPolicy;
import io.wsqos.broker.selection.TieBreaker;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.testing.db.TestDatabase;
import java.math.BigDecimal;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Currency;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What the broker's registry and selection do alike on every database, run against each by a
 * subclass: every operation round trips, values are stored verbatim, listings page stably, one of
 * two concurrent updates of an offer wins, two broker instances see each other's writes, bad input
 * is refused naming the field, and selections keep every hard constraint, the ranking, the tie
 * spreading, the validity period and the currency rule.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RegistryCompatibilityKit {

  static final QName BOOKSTORE = new QName("http://wsqos.io/examples", "Bookstore");
  static final URI WSDL = URI.create("http://127.0.0.1:8080/bookstore?wsdl");
  static final Currency EUR = Currency.getInstance("EUR");
  static final Currency USD = Currency.getInstance("USD");
  static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
  static final Set<Binding> SOAP = Set.of(Binding.SOAP_1_1);

  private final TestDatabase.Kind kind;
  private final List<AutoCloseable> opened = new ArrayList<>();
  private TestDatabase database;

  /**
   * The registry the tests write through, one per class: a pool per test costs more than a test.
   */
  Registry registry;

  RegistryCompatibilityKit(TestDatabase.Kind kind) {
    this.kind = kind;
  }

  @BeforeAll
  void createDatabase() {
    database = TestDatabase.of(kind);
    // Migrated once; every registry of the tests is built without migrating.
    Registry.builder().url(database.url(), database.user(), "").poolName("migrate").build().close();
    registry = registry("kit");
  }

  @AfterAll
  void dropDatabase() throws SQLException {
    registry.close();
    database.close();
  }

  @BeforeEach
  void emptyTables() throws SQLException {
    // Offers and endpoints go with their providers and services.
    database.deleteAll("broker_provider");
    database.deleteAll("broker_service");
  }

  @AfterEach
  void closeWhatTheTestOpened() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
    opened.clear();
  }

  /** Another broker instance's registry on the same database, closed after the test. */
  Registry open() {
    return remember(registry("kit-" + opened.size()));
  }

  /** {@code registry}, closed after the test. */
  Registry remember(Registry registry) {
    opened.add(registry);
    return registry;
  }

  private Registry registry(String poolName) {
    return Registry.builder()
        .url(database.url(), database.user(), "")
        .poolName(poolName)
        .migrate(false)
        .build();
  }

  OfferSelector.Builder selector(Registry over) {
    return OfferSelector.builder(over)
        .clock(Clock.fixed(NOW, ZoneOffset.UTC))
        .pollInterval(Duration.ofMillis(50))
        .staleAfter(Duration.ofSeconds(10));
  }

  OfferSelector openSelector(OfferSelector.Builder builder) {
    OfferSelector selector = builder.build();
    opened.add(selector);
    return selector;
  }

  static OfferTerms.Builder terms(String price) {
    return OfferTerms.builder()
        .price(price, "EUR")
        .maxResponseTimeMillis(100)
        .availability(0.99)
        .throughputPerSecond(100);
  }

  static QosRequirement requirement(QosTerms.Builder terms) {
    return QosRequirement.of(CompressionPreference.SERVER_DECIDES, terms.build());
  }

  static final QosRequirement ANYTHING = requirement(QosTerms.builder());

  /** A provider with an endpoint for the bookstore, and an offer of {@code terms} there. */
  Offer offerBy(Service service, String provider, OfferTerms terms) {
    Provider p = registry.registerProvider(provider);
    Endpoint e =
        registry.registerEndpoint(
            p.id(), service.id(), URI.create("http://127.0.0.1:9000/" + p.id()), SOAP, ANY);
    return registry.publishOffer(e.id(), terms, ANY);
  }

  Service bookstore() {
    return registry.registerService(BOOKSTORE, WSDL);
  }

  static List<Long> offerIds(Selection selection) {
    return selection.candidates().stream().map(c -> c.offer().id()).toList();
  }

  // The registry's operations.

  @Test
  void providersRoundTrip() {
    Provider acme = registry.registerProvider("Acme");

    assertThat(registry.provider(acme.id())).contains(acme);
    Provider renamed = registry.renameProvider(acme.id(), "Acme Books", ANY);
    assertThat(registry.provider(acme.id())).contains(renamed);
    assertThat(registry.providers(0, 10).items()).containsExactly(renamed);
    registry.withdrawProvider(acme.id(), ANY);
    assertThat(registry.provider(acme.id())).isEmpty();
  }

  @Test
  void servicesRoundTrip() {
    Service service = bookstore();

    assertThat(registry.service(service.id())).contains(service);
    URI moved = URI.create("https://books.example/ws?wsdl");
    assertThat(registry.updateService(service.id(), moved).wsdlLocation()).isEqualTo(moved);
    assertThat(registry.services(0, 10).items())
        .containsExactly(new Service(service.id(), BOOKSTORE, moved));
    registry.withdrawService(service.id());
    assertThat(registry.service(service.id())).isEmpty();
  }

  @Test
  void endpointsRoundTrip() {
    Provider acme = registry.registerProvider("Acme");
    Service service = bookstore();
    Endpoint endpoint =
        registry.registerEndpoint(
            acme.id(), service.id(), URI.create("http://127.0.0.1:8080/bookstore"), SOAP, ANY);

    assertThat(registry.endpoint(endpoint.id())).contains(endpoint);
    Endpoint updated =
        registry.updateEndpoint(
            endpoint.id(),
            URI.create("https://127.0.0.1:8443/bookstore"),
            Set.of(Binding.SOAP_1_1, Binding.SOAP_1_2),
            ANY);
    assertThat(registry.endpoint(endpoint.id())).contains(updated);
    assertThat(registry.endpoints(0, 10).items()).containsExactly(updated);
    registry.withdrawEndpoint(endpoint.id(), ANY);
    assertThat(registry.endpoint(endpoint.id())).isEmpty();
  }

  @Test
  void offersRoundTripWithEveryTerm() {
    Service service = bookstore();
    OfferTerms everything =
        OfferTerms.builder()
            .price("123456789012.123456", "JPY")
            .maxResponseTimeMillis(QosTerms.MAX_RESPONSE_TIME_MILLIS)
            .availability(0.999_95)
            .throughputPerSecond(12.5)
            .transportPriorities(TransportPriority.ASSURED, TransportPriority.EXPEDITED)
            .compression(true)
            .validFrom(NOW.plusMillis(123))
            .validUntil(OfferTerms.LATEST)
            .build();
    Offer published = offerBy(service, "Acme", everything);

    assertThat(published.version()).isEqualTo(1);
    assertThat(registry.offer(published.id())).contains(published);
    OfferTerms cheaper = terms("0").availability(0).build();
    Offer updated = registry.updateOffer(published.id(), 1, cheaper, ANY);
    assertThat(updated.version()).isEqualTo(2);
    assertThat(registry.offer(published.id())).contains(updated);
    assertThat(registry.offers(0, 10).items()).containsExactly(updated);
    registry.withdrawOffer(published.id(), 2, ANY);
    assertThat(registry.offer(published.id())).isEmpty();
  }

  @Test
  void injectionStringsAndOtherCharactersAreStoredVerbatim() {
    String name = "Robert'); DROP TABLE broker_provider; -- \"Ünïcödé\" ☃ \\ %_ 𝄞";
    QName portType = new QName("urn:x' OR '1'='1", "Port\"Type;--");
    URI address = URI.create("http://127.0.0.1:9000/a?q=%27%3B+DROP+TABLE+x%3B--&b='1'");
    Provider provider = registry.registerProvider(name);
    Service service = registry.registerService(portType, WSDL);
    Endpoint endpoint = registry.registerEndpoint(provider.id(), service.id(), address, SOAP, ANY);

    assertThat(registry.provider(provider.id()).orElseThrow().name()).isEqualTo(name);
    assertThat(registry.service(service.id()).orElseThrow().portType()).isEqualTo(portType);
    assertThat(registry.endpoint(endpoint.id()).orElseThrow().address()).isEqualTo(address);
    assertThat(registry.providers(0, 10).items()).containsExactly(provider);
  }

  @Test
  void listingsArePagedInIdOrderAndStableWhileRowsComeAndGo() {
    List<Provider> registered = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      registered.add(registry.registerProvider("provider " + i));
    }

    Page<Provider> first = registry.providers(0, 10);
    registry.withdrawProvider(registered.get(3).id(), ANY); // already listed
    registry.registerProvider("late"); // after every listed id
    Page<Provider> second = registry.providers(first.nextAfter().getAsLong(), 10);
    Page<Provider> third = registry.providers(second.nextAfter().getAsLong(), 10);

    assertThat(first.items()).containsExactlyElementsOf(registered.subList(0, 10));
    assertThat(second.items()).containsExactlyElementsOf(registered.subList(10, 20));
    assertThat(third.items()).hasSize(6);
    assertThat(third.items().subList(0, 5)).containsExactlyElementsOf(registered.subList(20, 25));
    assertThat(third.nextAfter()).isEqualTo(OptionalLong.empty());
    assertThat(registry.providers(third.items().get(5).id(), 10).items()).isEmpty();
  }

  /**
   * Two publishes overlap, and the one that took the lower id commits last: on PostgreSQL another
   * connection holds the row of the first one's endpoint, which its foreign key check then waits
   * for, while the second publishes for another endpoint. A reader that pages meanwhile and then
   * pages on from the last id it got must see both offers (on H2, where writes run one at a time,
   * nothing waits and the two commit in turn).
   */
  @Test
  void aReaderPagingOnNeverSkipsAnOfferThatCommittedAfterAHigherId() throws Exception {
    // Waits for locks far longer than the test holds them, so that nothing fails on a slow machine.
    Registry patient =
        remember(
            Registry.builder()
                .url(database.url(), database.user(), "")
                .poolName("kit-patient")
                .lockTimeout(Duration.ofSeconds(60))
                .statementTimeout(Duration.ofSeconds(60))
                .migrate(false)
                .build());
    Service service = bookstore();
    Provider provider = registry.registerProvider("Acme");
    Endpoint held =
        registry.registerEndpoint(
            provider.id(), service.id(), URI.create("http://127.0.0.1:9000/held"), SOAP, ANY);
    Endpoint free =
        registry.registerEndpoint(
            provider.id(), service.id(), URI.create("http://127.0.0.1:9000/free"), SOAP, ANY);
    List<Long> before = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      before.add(registry.publishOffer(free.id(), terms("1").build(), ANY).id());
    }
    ExecutorService threads = Executors.newFixedThreadPool(2);
    List<Long> seen = new ArrayList<>();
    Future<Offer> first;
    Future<Offer> second;
    try {
      try (Connection holder = database.connect()) {
        holder.setAutoCommit(false);
        try (PreparedStatement lock =
            holder.prepareStatement("SELECT id FROM broker_endpoint WHERE id = ? FOR UPDATE")) {
          lock.setLong(1, held.id());
          lock.executeQuery().close();
        }

        first = threads.submit(() -> patient.publishOffer(held.id(), terms("2").build(), ANY));
        await().until(() -> first.isDone() || database.sessionsWaitingBehind(holder) >= 1);
        second = threads.submit(() -> patient.publishOffer(free.id(), terms("3").build(), ANY));
        await().until(() -> second.isDone() || database.sessionsWaitingBehind(holder) >= 2);
        seen.addAll(pageAllOffers(0));

        holder.rollback();
      }
      long[] published = {
        first.get(30, TimeUnit.SECONDS).id(), second.get(30, TimeUnit.SECONDS).id()
      };
      seen.addAll(pageAllOffers(seen.isEmpty() ? 0 : seen.get(seen.size() - 1)));

      assertThat(seen)
          .doesNotHaveDuplicates()
          .containsAll(before)
          .contains(published[0], published[1]);
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * Publishes from several threads while a reader pages on and on: once the writers are done and
   * the reader has paged on from the last id it got, it has seen every offer exactly once.
   */
  @Test
  void aReaderPagingDuringConcurrentPublishesSeesEveryOfferOnce() throws Exception {
    Service service = bookstore();
    List<Endpoint> endpoints = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Provider p = registry.registerProvider("provider " + i);
      endpoints.add(
          registry.registerEndpoint(
              p.id(), service.id(), URI.create("http://127.0.0.1:9000/" + i), SOAP, ANY));
    }
    List<Long> before = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      before.add(registry.publishOffer(endpoints.get(0).id(), terms("1").build(), ANY).id());
    }
    Registry other = open();
    ExecutorService threads = Executors.newFixedThreadPool(endpoints.size());
    List<Long> seen = new ArrayList<>();
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < endpoints.size(); w++) {
        Registry through = w % 2 == 0 ? registry : other;
        long endpoint = endpoints.get(w).id();
        writers.add(
            threads.submit(
                () -> {
                  for (int i = 0; i < 25; i++) {
                    through.publishOffer(endpoint, terms("2").build(), ANY);
                  }
                  return null;
                }));
      }
      long after = 0;
      while (!writers.stream().allMatch(Future::isDone)) {
        Page<Offer> page = registry.offers(after, 7);
        for (Offer offer : page.items()) {
          seen.add(offer.id());
          after = offer.id();
        }
      }
      for (Future<?> writer : writers) {
        writer.get(30, TimeUnit.SECONDS);
      }
      seen.addAll(pageAllOffers(after));
    } finally {
      threads.shutdownNow();
    }

    assertThat(seen).doesNotHaveDuplicates().containsAll(before).hasSize(10 + 4 * 25);
    assertThat(seen).containsExactlyInAnyOrderElementsOf(pageAllOffers(0));
  }

  /** The ids of the offers after id {@code after}, page by page of 2. */
  private List<Long> pageAllOffers(long after) {
    List<Long> ids = new ArrayList<>();
    long next = after;
    while (true) {
      Page<Offer> page = registry.offers(next, 2);
      page.items().forEach(o -> ids.add(o.id()));
      if (page.items().isEmpty()) {
        return ids;
      }
      next = page.items().get(page.items().size() - 1).id();
    }
  }

  @Test
  void concurrentUpdatesOfOneOfferThroughTwoInstancesLetExactlyOneWin() throws Exception {
    Registry other = open();
    Offer current = offerBy(bookstore(), "Acme", terms("1").build());
    long id = current.id();
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 10; round++) {
        long version = current.version();
        CountDownLatch start = new CountDownLatch(1);
        Callable<Offer> viaThis =
            () -> {
              start.await();
              return registry.updateOffer(id, version, terms("2").build(), ANY);
            };
        Callable<Offer> viaOther =
            () -> {
              start.await();
              return other.updateOffer(id, version, terms("3").build(), ANY);
            };
        Future<Offer> a = threads.submit(viaThis);
        Future<Offer> b = threads.submit(viaOther);
        start.countDown();

        List<Offer> won = new ArrayList<>();
        List<Throwable> lost = new ArrayList<>();
        for (Future<Offer> f : List.of(a, b)) {
          try {
            won.add(f.get(30, TimeUnit.SECONDS));
          } catch (java.util.concurrent.ExecutionException e) {
            lost.add(e.getCause());
          }
        }
        assertThat(won).hasSize(1);
        assertThat(lost).singleElement().isInstanceOf(VersionConflictException.class);
        assertThat(won.get(0).version()).isEqualTo(version + 1);
        assertThat(registry.offer(id)).contains(won.get(0));
        current = won.get(0);
      }
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void anOutdatedVersionIsAConflictAndUnknownIdsAreNotFound() {
    Offer offer = offerBy(bookstore(), "Acme", terms("1").build());
    registry.updateOffer(offer.id(), 1, terms("2").build(), ANY);

    assertThatThrownBy(() -> registry.updateOffer(offer.id(), 1, terms("3").build(), ANY))
        .isInstanceOfSatisfying(
            VersionConflictException.class,
            e -> {
              assertThat(e.offerId()).isEqualTo(offer.id());
              assertThat(e.expectedVersion()).isEqualTo(1);
              assertThat(e.currentVersion()).isEqualTo(2);
            });
    assertThatThrownBy(() -> registry.withdrawOffer(offer.id(), 1, ANY))
        .isInstanceOf(VersionConflictException.class);
    assertThat(registry.offer(offer.id()).orElseThrow().terms().price())
        .isEqualTo(new BigDecimal("2"));
    assertThatThrownBy(() -> registry.updateOffer(Long.MAX_VALUE, 1, terms("1").build(), ANY))
        .isInstanceOf(NotFoundException.class)
        .hasMessage("offer " + Long.MAX_VALUE + " not found");
    assertThatThrownBy(() -> registry.registerEndpoint(Long.MAX_VALUE, 1, WSDL, SOAP, ANY))
        .isInstanceOf(NotFoundException.class)
        .hasMessage("provider " + Long.MAX_VALUE + " not found");
    assertThatThrownBy(() -> registry.publishOffer(Long.MAX_VALUE, terms("1").build(), ANY))
        .isInstanceOf(NotFoundException.class);
    assertThatThrownBy(() -> registry.renameProvider(Long.MAX_VALUE, "x", ANY))
        .isInstanceOf(NotFoundException.class);
  }

  @Test
  void aDuplicateErrorShowsALongNameCutShort() {
    String name = "N".repeat(Provider.MAX_NAME_CHARS);
    registry.registerProvider(name);

    assertThatThrownBy(() -> registry.registerProvider(name))
        .isInstanceOf(DuplicateException.class)
        .hasMessageStartingWith("provider name 'NNNN")
        .hasMessageContaining("(" + Provider.MAX_NAME_CHARS + " characters)")
        .hasMessageEndingWith(" is already registered")
        .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(Provider.MAX_NAME_CHARS));
  }

  @Test
  void duplicatesAreRefusedAndWriteNothing() {
    Service service = bookstore();
    Provider acme = registry.registerProvider("Acme");
    registry.registerEndpoint(acme.id(), service.id(), WSDL, SOAP, ANY);
    long version = registry.version();

    assertThatThrownBy(() -> registry.registerProvider("Acme"))
        .isInstanceOf(DuplicateException.class)
        .hasMessage("provider name 'Acme' is already registered");
    assertThatThrownBy(() -> registry.registerService(BOOKSTORE, WSDL))
        .isInstanceOf(DuplicateException.class);
    assertThatThrownBy(() -> registry.registerEndpoint(acme.id(), service.id(), WSDL, SOAP, ANY))
        .isInstanceOf(DuplicateException.class);
    assertThat(registry.version()).isEqualTo(version);
    assertThat(registry.providers(0, 10).items()).containsExactly(acme);
  }

  @Test
  void everyWriteOfAProvidersRowsAsksItsCheckAboutThatProviderAndARefusalWritesNothing() {
    Service service = bookstore();
    Offer offer = offerBy(service, "Acme", terms("1").build());
    long acme = registry.endpoint(offer.endpointId()).orElseThrow().providerId();
    List<Long> asked = new ArrayList<>();
    ProviderCheck refuse =
        providerId -> {
          asked.add(providerId);
          throw new IllegalStateException("refused");
        };
    long version = registry.version();
    List<Runnable> writes =
        List.of(
            () -> registry.renameProvider(acme, "Renamed", refuse),
            () -> registry.replaceTokenHash(acme, "a".repeat(64), refuse),
            () -> registry.withdrawProvider(acme, refuse),
            () -> registry.registerEndpoint(acme, service.id(), WSDL, SOAP, refuse),
            () -> registry.updateEndpoint(offer.endpointId(), WSDL, SOAP, refuse),
            () -> registry.withdrawEndpoint(offer.endpointId(), refuse),
            () -> registry.publishOffer(offer.endpointId(), terms("2").build(), refuse),
            () -> registry.updateOffer(offer.id(), 1, terms("2").build(), refuse),
            () -> registry.withdrawOffer(offer.id(), 1, refuse));

    for (Runnable write : writes) {
      assertThatThrownBy(write::run)
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("refused");
    }

    assertThat(asked).hasSize(writes.size()).containsOnly(acme);
    assertThat(registry.version()).isEqualTo(version);
    assertThat(registry.provider(acme).orElseThrow().name()).isEqualTo("Acme");
    assertThat(registry.tokenHashes().providerIds()).isEmpty();
    assertThat(registry.endpoints(0, 10).items()).hasSize(1);
    assertThat(registry.offers(0, 10).items()).containsExactly(offer);
  }

  @Test
  void everyWriteIncrementsTheRegistryVersionOnce() {
    long start = registry.version();
    Provider acme = registry.registerProvider("Acme");
    Service service = bookstore();
    Endpoint endpoint = registry.registerEndpoint(acme.id(), service.id(), WSDL, SOAP, ANY);
    Offer offer = registry.publishOffer(endpoint.id(), terms("1").build(), ANY);
    registry.updateOffer(offer.id(), 1, terms("2").build(), ANY);
    registry.withdrawOffer(offer.id(), 2, ANY);
    registry.withdrawEndpoint(endpoint.id(), ANY);

    assertThat(registry.version()).isEqualTo(start + 7);
  }

  @Test
  void eachWriteRecordsTheServicesWhoseOffersItChanges() {
    Service bookstore = bookstore();
    Service other = registry.registerService(new QName("urn:other", "Other"), WSDL);
    Offer offer = offerBy(bookstore, "Acme", terms("1").build());
    long acme = registry.endpoint(offer.endpointId()).orElseThrow().providerId();
    Endpoint elsewhere =
        registry.registerEndpoint(
            acme, other.id(), URI.create("http://127.0.0.1:9001/x"), SOAP, ANY);
    Offer otherOffer = registry.publishOffer(elsewhere.id(), terms("2").build(), ANY);

    long before = registry.version();
    Offer updated = registry.updateOffer(offer.id(), 1, terms("3").build(), ANY);
    RegistryChanges changes = registry.changesSince(before).orElseThrow();
    assertThat(changes.version()).isEqualTo(before + 1);
    assertThat(changes.services()).isEmpty();
    assertThat(changes.offers()).containsExactly(entry(bookstore.id(), Set.of(offer.id())));
    assertThat(changes.candidates()).extracting(Candidate::offer).containsExactly(updated);

    assertThat(changedBy(() -> registry.registerProvider("Idle"))).isEmpty();
    assertThat(changedBy(() -> registry.updateService(other.id(), WSDL)))
        .containsExactly(other.id());
    assertThat(changedBy(() -> registry.updateEndpoint(elsewhere.id(), WSDL, SOAP, ANY)))
        .containsExactly(other.id());
    assertThat(changedBy(() -> registry.renameProvider(acme, "Acme 2", ANY)))
        .containsExactlyInAnyOrder(bookstore.id(), other.id());
    assertThat(changedBy(() -> registry.withdrawOffer(otherOffer.id(), 1, ANY)))
        .containsExactly(other.id());
    assertThat(changedBy(() -> registry.withdrawProvider(acme, ANY)))
        .containsExactlyInAnyOrder(bookstore.id(), other.id());
    assertThat(changedBy(() -> registry.withdrawService(other.id()))).containsExactly(other.id());
    RegistryChanges all = registry.changesSince(before).orElseThrow();
    assertThat(all.services()).containsExactlyInAnyOrder(bookstore.id(), other.id());
    assertThat(all.offers()).isEmpty(); // within services changed whole
    assertThat(all.candidates()).isEmpty();
    assertThat(registry.changesSince(registry.version()).orElseThrow().services()).isEmpty();
  }

  @Test
  void theTokensVersionMovesOnlyWithWritesThatChangeATokenAndTheIndexCarriesIt() {
    OfferSelector selector = openSelector(selector(registry));
    Provider acme = registry.registerProvider("Acme", "a".repeat(64));
    long registered = registry.version();
    Service service = bookstore();
    Endpoint endpoint = registry.registerEndpoint(acme.id(), service.id(), WSDL, SOAP, ANY);
    registry.publishOffer(endpoint.id(), terms("1").build(), ANY);
    registry.renameProvider(acme.id(), "Acme 2", ANY);
    selector.refresh();
    assertThat(selector.state().tokensVersion()).isEqualTo(registered);

    registry.replaceTokenHash(acme.id(), "b".repeat(64), ANY);
    long replaced = registry.version();
    registry.registerProvider("Plain");
    selector.refresh();
    assertThat(selector.state().tokensVersion()).isEqualTo(replaced);

    registry.withdrawProvider(acme.id(), ANY);
    selector.refresh();
    assertThat(selector.state().tokensVersion()).isEqualTo(registry.version());
    assertThat(registry.snapshot().tokensVersion()).isEqualTo(registry.version());
  }

  /** The services that {@code write}'s version records as changed, whole or in some offers. */
  private Set<Long> changedBy(Runnable write) {
    long before = registry.version();
    write.run();
    RegistryChanges changes = registry.changesSince(before).orElseThrow();
    assertThat(changes.version()).isEqualTo(before + 1);
    Set<Long> services = new HashSet<>(changes.services());
    services.addAll(changes.offers().keySet());
    return services;
  }

  @Test
  void changesArePrunedByVersionAndARefusedWriteRecordsNone() {
    Service service = bookstore();
    Offer offer = offerBy(service, "Acme", terms("1").build());
    long before = registry.version();
    assertThatThrownBy(() -> registry.updateOffer(offer.id(), 7, terms("2").build(), ANY))
        .isInstanceOf(VersionConflictException.class);
    assertThat(registry.changesSince(before).orElseThrow().offers()).isEmpty();
    registry.updateOffer(offer.id(), 1, terms("2").build(), ANY);
    long updated = registry.version();

    registry.pruneChanges(updated - 1);

    assertThat(registry.changesSince(updated - 2)).isEmpty();
    assertThat(registry.changesSince(updated - 1).orElseThrow().offers())
        .containsOnlyKeys(service.id());
    registry.pruneChanges(updated - 5); // already forgotten: no-op
    assertThat(registry.changesSince(updated - 1)).isPresent();
    assertThat(registry.changesSince(updated + 1)).isEmpty(); // a version ahead of the registry
  }

  @Test
  void anIndexPatchedAfterEveryKindOfWriteSelectsWhatAWholeLoadSelects() {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    OfferSelector patched =
        openSelector(selector(registry).tieBreaker(TieBreaker.first()).meterRegistry(meters));
    Random random = new Random(20261126);
    List<QName> portTypes = List.of(BOOKSTORE, new QName("urn:a", "A"), new QName("urn:b", "B"));
    Map<QName, Service> services = new HashMap<>();
    List<Provider> providers = new ArrayList<>();
    List<Endpoint> endpoints = new ArrayList<>();
    List<Offer> offers = new ArrayList<>();
    for (int step = 0; step < 120; step++) {
      int action = random.nextInt(12);
      QName portType = portTypes.get(random.nextInt(portTypes.size()));
      try {
        switch (action) {
          case 0 -> services.put(portType, registry.registerService(portType, WSDL));
          case 1 -> providers.add(registry.registerProvider("p" + step));
          case 2, 3 -> {
            Service s = services.get(portType);
            Provider p = pick(random, providers);
            if (s != null && p != null) {
              endpoints.add(
                  registry.registerEndpoint(
                      p.id(), s.id(), URI.create("http://127.0.0.1:9000/" + step), SOAP, ANY));
            }
          }
          case 4, 5, 6 -> {
            Endpoint e = pick(random, endpoints);
            if (e != null) {
              String currency = random.nextInt(4) == 0 ? "USD" : "EUR";
              offers.add(
                  registry.publishOffer(
                      e.id(),
                      terms("1").price(String.valueOf(1 + random.nextInt(3)), currency).build(),
                      ANY));
            }
          }
          case 7 -> {
            Offer o = pick(random, offers);
            if (o != null) {
              offers.remove(o);
              offers.add(
                  registry.updateOffer(
                      o.id(),
                      o.version(),
                      terms(String.valueOf(random.nextInt(3) + 1)).build(),
                      ANY));
            }
          }
          case 8 -> {
            Offer o = pick(random, offers);
            if (o != null) {
              offers.remove(o);
              registry.withdrawOffer(o.id(), o.version(), ANY);
            }
          }
          case 9 -> {
            Endpoint e = pick(random, endpoints);
            if (e != null) {
              registry.updateEndpoint(
                  e.id(),
                  URI.create("http://127.0.0.1:9002/" + step),
                  Set.of(Binding.SOAP_1_2),
                  ANY);
            }
          }
          case 10 -> {
            Provider p = pick(random, providers);
            if (p != null) {
              if (random.nextBoolean()) {
                registry.renameProvider(p.id(), "renamed " + step, ANY);
              } else {
                providers.remove(p);
                registry.withdrawProvider(p.id(), ANY);
              }
            }
          }
          default -> {
            Service s = services.get(portType);
            if (s != null) {
              if (random.nextBoolean()) {
                registry.updateService(s.id(), URI.create("http://127.0.0.1:8081/" + step));
              } else {
                services.remove(portType);
                registry.withdrawService(s.id());
              }
            }
          }
        }
      } catch (DuplicateException | NotFoundException | VersionConflictException e) {
        // A port type registered twice, or a row the bookkeeping still holds that went with its
        // provider or service.
        offers.removeIf(o -> registry.offer(o.id()).isEmpty());
      }
      if (step % 10 == 9) {
        patched.refresh();
        try (OfferSelector whole = selector(registry).tieBreaker(TieBreaker.first()).build()) {
          assertThat(patched.state().offers()).isEqualTo(whole.state().offers());
          for (QName p : portTypes) {
            for (Currency currency : List.of(EUR, USD)) {
              assertThat(patched.select(p, ANYTHING, currency).candidates())
                  .as("step %d, %s in %s", step, p, currency)
                  .isEqualTo(whole.select(p, ANYTHING, currency).candidates());
            }
          }
        }
      }
    }
    assertThat(meters.get(OfferSelector.INDEX_LOADS).tag("kind", "full").counter().count())
        .isEqualTo(1);
    assertThat(meters.get(OfferSelector.INDEX_LOADS).tag("kind", "patch").counter().count())
        .isGreaterThanOrEqualTo(12);
  }

  @Test
  void anIndexPatchedDuringConcurrentWritesAndWithdrawalsEndsEqualToAWholeLoad() throws Exception {
    OfferSelector patched = openSelector(selector(registry).tieBreaker(TieBreaker.first()));
    List<QName> portTypes = new ArrayList<>();
    List<Service> services = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      portTypes.add(new QName("urn:concurrent", "S" + i));
      services.add(registry.registerService(portTypes.get(i), WSDL));
    }
    List<Endpoint> endpoints = new CopyOnWriteArrayList<>();
    List<Provider> providers = new CopyOnWriteArrayList<>();
    for (int p = 0; p < 4; p++) {
      Provider provider = registry.registerProvider("c" + p);
      providers.add(provider);
      for (Service service : services) {
        endpoints.add(
            registry.registerEndpoint(
                provider.id(),
                service.id(),
                URI.create("http://127.0.0.1:9000/" + p + "/" + service.id()),
                SOAP,
                ANY));
      }
    }
    List<Offer> offers = new CopyOnWriteArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Void>> writers = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Random random = new Random(t);
        int thread = t;
        writers.add(
            pool.submit(
                () -> {
                  for (int step = 0; step < 60; step++) {
                    int action = random.nextInt(20);
                    try {
                      if (action < 10) {
                        Endpoint e = pick(random, endpoints);
                        offers.add(
                            registry.publishOffer(
                                e.id(), terms("" + (1 + random.nextInt(3))).build(), ANY));
                      } else if (action < 15) {
                        Offer o = pick(random, offers);
                        if (o != null) {
                          offers.add(
                              registry.updateOffer(o.id(), o.version(), terms("2").build(), ANY));
                        }
                      } else if (action < 18) {
                        Offer o = pick(random, offers);
                        if (o != null) {
                          registry.withdrawOffer(o.id(), o.version(), ANY);
                        }
                      } else if (action == 18) {
                        registry.withdrawEndpoint(pick(random, endpoints).id(), ANY);
                      } else {
                        Provider gone = pick(random, providers);
                        registry.withdrawProvider(gone.id(), ANY);
                        Provider back = registry.registerProvider("c" + thread + "-" + step);
                        providers.add(back);
                        Service service = services.get(random.nextInt(services.size()));
                        endpoints.add(
                            registry.registerEndpoint(
                                back.id(),
                                service.id(),
                                URI.create("http://127.0.0.1:9001/" + thread + "/" + step),
                                SOAP,
                                ANY));
                      }
                    } catch (NotFoundException | VersionConflictException e) {
                      // Another writer withdrew or changed it first: the expected refusals.
                    }
                  }
                  return null;
                }));
      }
      for (Future<Void> writer : writers) {
        writer.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }

    patched.refresh();
    try (OfferSelector whole = selector(registry).tieBreaker(TieBreaker.first()).build()) {
      assertThat(patched.state().registryVersion()).isEqualTo(whole.state().registryVersion());
      assertThat(patched.state().offers()).isEqualTo(whole.state().offers());
      for (QName portType : portTypes) {
        assertThat(patched.select(portType, ANYTHING).candidates())
            .as("%s", portType)
            .isEqualTo(whole.select(portType, ANYTHING).candidates());
      }
    }
    // No offer outlived its endpoint or provider.
    for (Offer offer : registry.offers(0, 1000).items()) {
      assertThat(registry.endpoint(offer.endpointId())).as("endpoint of %s", offer).isPresent();
    }
  }

  private static <T> T pick(Random random, List<T> list) {
    return list.isEmpty() ? null : list.get(random.nextInt(list.size()));
  }

  @Test
  void withdrawingAProviderWithdrawsItsEndpointsAndOffers() {
    Service service = bookstore();
    Offer offer = offerBy(service, "Acme", terms("1").build());
    Offer kept = offerBy(service, "Other", terms("1").build());
    long acme = registry.endpoint(offer.endpointId()).orElseThrow().providerId();

    registry.withdrawProvider(acme, ANY);

    assertThat(registry.endpoint(offer.endpointId())).isEmpty();
    assertThat(registry.offers(0, 10).items()).containsExactly(kept);
  }

  @Test
  void badInputIsRefusedNamingTheFieldAndWritesNothing() {
    long version = registry.version();

    assertThatThrownBy(() -> registry.registerProvider(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name: '' (expected: not blank)");
    assertThatThrownBy(() -> registry.registerService(BOOKSTORE, URI.create("file:/etc/passwd")))
        .hasMessageStartingWith("wsdlLocation: 'file:/etc/passwd' (expected:");
    assertThatThrownBy(() -> registry.providers(0, 0)).hasMessage("limit: 0 (expected: 1..1000)");
    assertThatThrownBy(() -> registry.offers(-1, 10)).hasMessage("after: -1 (expected: >= 0)");
    assertThat(registry.version()).isEqualTo(version);
    assertThat(registry.providers(0, 10).items()).isEmpty();
  }

  @Test
  void twoBrokerInstancesOnOneDatabaseSelectEachOthersChanges() {
    Registry other = open();
    OfferSelector otherSelector = openSelector(selector(other));
    Service service = bookstore();

    Offer offer = offerBy(service, "Acme", terms("1").build());
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> offerIds(otherSelector.select(BOOKSTORE, ANYTHING)).equals(List.of(offer.id())));
    registry.updateOffer(offer.id(), 1, terms("1").maxResponseTimeMillis(5_000).build(), ANY);
    QosRequirement fast = requirement(QosTerms.builder().maxResponseTimeMillis(1_000));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> otherSelector.select(BOOKSTORE, fast).candidates().isEmpty());
    Offer second = other.publishOffer(offer.endpointId(), terms("0.5").build(), ANY);
    OfferSelector thisSelector = openSelector(selector(registry));

    assertThat(offerIds(thisSelector.select(BOOKSTORE, ANYTHING)))
        .containsExactly(second.id(), offer.id());
  }

  // Selections.

  @Test
  void eachHardConstraintExcludesTheOffersThatMissIt() {
    Service service = bookstore();
    Offer dear = offerBy(service, "dear", terms("5").build());
    Offer slow = offerBy(service, "slow", terms("1").maxResponseTimeMillis(900).build());
    Offer flaky = offerBy(service, "flaky", terms("1").availability(0.9).build());
    Offer assured =
        offerBy(
            service, "assured", terms("1").transportPriorities(TransportPriority.ASSURED).build());
    Offer compressing = offerBy(service, "compressing", terms("1").compression(true).build());
    OfferSelector selector = openSelector(selector(registry));

    assertThat(offerIds(selector.select(BOOKSTORE, ANYTHING)))
        .containsExactlyInAnyOrder(slow.id(), flaky.id(), compressing.id(), dear.id());
    assertThat(
            offerIds(
                selector.select(
                    BOOKSTORE, requirement(QosTerms.builder().maxPrice(new BigDecimal("1"))))))
        .doesNotContain(dear.id())
        .contains(slow.id());
    assertThat(
            offerIds(
                selector.select(
                    BOOKSTORE, requirement(QosTerms.builder().maxResponseTimeMillis(100)))))
        .doesNotContain(slow.id())
        .contains(dear.id());
    assertThat(
            offerIds(
                selector.select(BOOKSTORE, requirement(QosTerms.builder().minAvailability(0.95)))))
        .doesNotContain(flaky.id())
        .contains(dear.id());
    assertThat(
            offerIds(
                selector.select(
                    BOOKSTORE,
                    requirement(QosTerms.builder().transportPriority(TransportPriority.ASSURED)))))
        .containsExactly(assured.id());
    assertThat(
            offerIds(
                selector.select(
                    BOOKSTORE,
                    QosRequirement.of(
                        CompressionPreference.COMPRESS, TransportPriority.BEST_EFFORT))))
        .containsExactly(compressing.id());
    assertThat(selector.select(new QName("urn:unknown", "Nothing"), ANYTHING).candidates())
        .isEmpty();
  }

  @Test
  void theStandardPolicyRanksCheapestThenFastestThenMostAvailable() {
    Service service = bookstore();
    Offer c = offerBy(service, "c", terms("2").build());
    Offer b3 =
        offerBy(service, "b3", terms("1").maxResponseTimeMillis(50).availability(0.9).build());
    Offer b2 =
        offerBy(service, "b2", terms("1").maxResponseTimeMillis(50).availability(0.99).build());
    Offer b1 = offerBy(service, "b1", terms("1").maxResponseTimeMillis(20).build());
    Offer a = offerBy(service, "a", terms("0.5").maxResponseTimeMillis(900).build());
    OfferSelector selector = openSelector(selector(registry));

    assertThat(offerIds(selector.select(BOOKSTORE, ANYTHING)))
        .containsExactly(a.id(), b1.id(), b2.id(), b3.id(), c.id());
  }

  @Test
  void aReplacedPolicyRanksByItsOwnOrder() {
    Service service = bookstore();
    Offer cheapSlow = offerBy(service, "cheap", terms("0.1").maxResponseTimeMillis(900).build());
    Offer dearFast = offerBy(service, "dear", terms("9").maxResponseTimeMillis(10).build());
    OfferSelector selector =
        openSelector(
            selector(registry).policy(SelectionPolicy.fastest().then(SelectionPolicy.cheapest())));

    assertThat(offerIds(selector.select(BOOKSTORE, ANYTHING)))
        .containsExactly(dearFast.id(), cheapSlow.id());
  }

  @Test
  void tiesAreSpreadEvenlyAcrossEqualProviders() {
    Service service = bookstore();
    List<Offer> equal = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      equal.add(offerBy(service, "equal " + i, terms("1").build()));
    }
    Offer worse = offerBy(service, "worse", terms("2").build());
    OfferSelector selector = openSelector(selector(registry).tieBreaker(TieBreaker.seeded(42)));
    Map<Long, Integer> firsts = new HashMap<>();
    int selections = 3_000;

    for (int i = 0; i < selections; i++) {
      Selection selection = selector.select(BOOKSTORE, ANYTHING);
      firsts.merge(selection.best().orElseThrow().offer().id(), 1, Integer::sum);
      assertThat(offerIds(selection)).hasSize(4).endsWith(worse.id());
    }

    // Each of three equal offers first about 1,000 times: the bounds are 9 standard deviations.
    assertThat(firsts.keySet())
        .containsExactlyInAnyOrderElementsOf(equal.stream().map(Offer::id).toList());
    assertThat(firsts.values()).allSatisfy(n -> assertThat(n).isBetween(750, 1_250));
  }

  @Test
  void theChosenTieComesFirstAndTheOthersKeepTheirOrder() {
    Service service = bookstore();
    Offer a = offerBy(service, "a", terms("1").build());
    Offer b = offerBy(service, "b", terms("1").build());
    Offer c = offerBy(service, "c", terms("1").build());
    Offer d = offerBy(service, "d", terms("3").build());
    OfferSelector second = openSelector(selector(registry).tieBreaker(ties -> 1));
    OfferSelector first = openSelector(selector(registry).tieBreaker(TieBreaker.first()));

    assertThat(offerIds(second.select(BOOKSTORE, ANYTHING)))
        .containsExactly(b.id(), c.id(), a.id(), d.id());
    assertThat(offerIds(first.select(BOOKSTORE, ANYTHING)))
        .containsExactly(a.id(), b.id(), c.id(), d.id());
  }

  @Test
  void offersAreSelectedOnlyWithinTheirValidityPeriod() {
    Service service = bookstore();
    Offer past = offerBy(service, "past", terms("1").validUntil(NOW).build());
    Offer current =
        offerBy(
            service, "current", terms("1").validFrom(NOW).validUntil(NOW.plusMillis(1)).build());
    Offer future = offerBy(service, "future", terms("1").validFrom(NOW.plusMillis(1)).build());
    OfferSelector selector = openSelector(selector(registry));
    OfferSelector later =
        openSelector(selector(registry).clock(Clock.fixed(NOW.plusSeconds(1), ZoneOffset.UTC)));

    assertThat(offerIds(selector.select(BOOKSTORE, ANYTHING))).containsExactly(current.id());
    assertThat(offerIds(later.select(BOOKSTORE, ANYTHING))).containsExactly(future.id());
    assertThat(past.terms().isValidAt(NOW)).isFalse();
  }

  @Test
  void onlyOffersInTheClientsCurrencyAreSelectedAndCompared() {
    Service service = bookstore();
    Offer euros = offerBy(service, "euros", terms("2").build());
    Offer dollars = offerBy(service, "dollars", terms("1").price("1", "USD").build());
    OfferSelector inEuros = openSelector(selector(registry));
    OfferSelector inDollars = openSelector(selector(registry).defaultCurrency(USD));
    QosRequirement atMostTwo = requirement(QosTerms.builder().maxPrice(new BigDecimal("2")));

    assertThat(offerIds(inEuros.select(BOOKSTORE, atMostTwo))).containsExactly(euros.id());
    assertThat(offerIds(inEuros.select(BOOKSTORE, atMostTwo, USD))).containsExactly(dollars.id());
    assertThat(offerIds(inDollars.select(BOOKSTORE, ANYTHING))).containsExactly(dollars.id());
    assertThat(inEuros.select(BOOKSTORE, ANYTHING, Currency.getInstance("JPY")).candidates())
        .isEmpty();
  }

  @Test
  void aSelectionCarriesTheOfferWithItsProviderServiceAndEndpoint() {
    Service service = bookstore();
    Offer offer = offerBy(service, "Acme", terms("1").build());
    OfferSelector selector = openSelector(selector(registry));

    Selection selection = selector.select(BOOKSTORE, ANYTHING);

    Candidate best = selection.best().orElseThrow();
    assertThat(best.offer()).isEqualTo(offer);
    assertThat(best.service()).isEqualTo(service);
    assertThat(best.provider().name()).isEqualTo("Acme");
    assertThat(best.endpoint().address())
        .isEqualTo(URI.create("http://127.0.0.1:9000/" + best.provider().id()));
    assertThat(selection.registryVersion()).isEqualTo(registry.version());
    assertThat(selection.confirmedAt()).isEqualTo(NOW);
    assertThat(selection.mayBeStale()).isFalse();
  }

  @Test
  void refreshMakesEveryCommittedWriteSelectable() {
    Service service = bookstore();
    OfferSelector selector = openSelector(selector(registry));
    Offer offer = offerBy(service, "Acme", terms("1").build());

    selector.refresh();

    assertThat(offerIds(selector.select(BOOKSTORE, ANYTHING))).containsExactly(offer.id());
    assertThat(selector.state().registryVersion()).isEqualTo(registry.version());
    assertThat(selector.state().offers()).isEqualTo(1);
  }
}
