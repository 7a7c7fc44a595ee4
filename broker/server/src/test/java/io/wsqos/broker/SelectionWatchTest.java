package io.wsqos.broker;

import static io.wsqos.broker.PostgresInstances.endpoint;
import static io.wsqos.broker.PostgresInstances.publish;
import static io.wsqos.broker.RegistryCompatibilityKit.ANYTHING;
import static io.wsqos.broker.RegistryCompatibilityKit.BOOKSTORE;
import static io.wsqos.broker.RegistryCompatibilityKit.WSDL;
import static io.wsqos.broker.RegistryCompatibilityKit.terms;
import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.TooManyWatchesException;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.testing.db.TestDatabase;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Currency;
import java.util.concurrent.CompletableFuture;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A watch on a selection is answered when the selection's tag changes (a write, an offer's validity
 * ending) and not before, with the unchanged selection at the end of its wait, when released, and
 * when its selector closes.
 */
class SelectionWatchTest {

  private static final Duration LONG = Duration.ofMinutes(5);
  private static final QName OTHER = new QName("http://wsqos.io/examples", "Other");

  private TestDatabase database;
  private Registry registry;
  private SimpleMeterRegistry meters;
  private OfferSelector selector;
  private Endpoint endpoint;

  @BeforeEach
  void openRegistry() {
    database = TestDatabase.h2();
    registry = Registry.builder().url(database.url(), database.user(), "").build();
    meters = new SimpleMeterRegistry();
    selector = selector(OfferSelector.DEFAULT_MAX_WATCHES);
    endpoint = endpoint(registry, registry.registerService(BOOKSTORE, WSDL), "Acme");
  }

  private OfferSelector selector(int maxWatches) {
    return OfferSelector.builder(registry)
        .pollInterval(Duration.ofMinutes(10))
        .staleAfter(Duration.ofMinutes(20))
        .maxWatches(maxWatches)
        .meterRegistry(meters)
        .build();
  }

  @AfterEach
  void close() throws Exception {
    selector.close();
    registry.close();
    database.close();
  }

  private Selection current() {
    return selector.select(BOOKSTORE, ANYTHING);
  }

  @Test
  void aWatchOfAnOutdatedTagIsAnsweredAtOnce() {
    publish(registry, endpoint, "1");
    selector.refresh();

    CompletableFuture<Selection> answer = selector.watch(BOOKSTORE, ANYTHING, "0000", LONG);

    assertThat(answer).isCompleted();
    assertThat(answer.join().candidates()).hasSize(1);
    assertThat(meters.get(OfferSelector.WATCHES).gauge().value()).isZero();
  }

  @Test
  void aWatchIsAnsweredByTheWriteThatChangesItsSelectionWithTheNewSelection() {
    Offer offer = publish(registry, endpoint, "1");
    selector.refresh();
    Selection before = current();

    CompletableFuture<Selection> answer = selector.watch(BOOKSTORE, ANYTHING, before.tag(), LONG);
    await().until(() -> meters.get(OfferSelector.WATCHES).gauge().value() == 1);
    assertThat(answer).isNotDone();
    registry.updateOffer(offer.id(), 1, terms("2").build(), ANY);
    selector.refresh();

    Selection after = answer.join();
    assertThat(after.tag()).isNotEqualTo(before.tag());
    assertThat(after.best().orElseThrow().offer().terms().price())
        .isEqualByComparingTo(new BigDecimal("2"));
    await().until(() -> meters.get(OfferSelector.WATCHES).gauge().value() == 0);
  }

  @Test
  void aWriteToAnotherServiceLeavesTheWatchWaitingUntilItsWaitEnds() {
    publish(registry, endpoint, "1");
    selector.refresh();
    Selection before = current();
    Service other = registry.registerService(OTHER, URI.create("http://127.0.0.1:8080/other?wsdl"));

    CompletableFuture<Selection> answer =
        selector.watch(BOOKSTORE, ANYTHING, before.tag(), Duration.ofMillis(800));
    publish(registry, endpoint(registry, other, "Beta"), "1");
    selector.refresh();
    long versionAfterWrite = current().registryVersion();

    Selection unchanged = answer.join();
    assertThat(unchanged.tag()).isEqualTo(before.tag());
    assertThat(unchanged.registryVersion()).isEqualTo(versionAfterWrite);
  }

  @Test
  void theEndOfAnOffersValidityAnswersTheWatchWithoutAWrite() {
    // Offers keep milliseconds: the watch is answered at the truncated instant.
    Instant until = Instant.now().plusMillis(400).truncatedTo(ChronoUnit.MILLIS);
    registry.publishOffer(endpoint.id(), terms("1").validUntil(until).build(), ANY);
    selector.refresh();
    Selection before = current();
    assertThat(before.candidates()).hasSize(1);

    Selection after = selector.watch(BOOKSTORE, ANYTHING, before.tag(), LONG).join();

    assertThat(after.candidates()).isEmpty();
    assertThat(Instant.now()).isAfterOrEqualTo(until);
  }

  @Test
  void aWatchWithZeroWaitIsAnsweredAtOnceWithTheUnchangedSelection() {
    Selection before = current();

    CompletableFuture<Selection> answer =
        selector.watch(BOOKSTORE, ANYTHING, before.tag(), Duration.ZERO);

    assertThat(answer).isCompleted();
    assertThat(answer.join().tag()).isEqualTo(before.tag());
  }

  @Test
  void watchesBeyondTheLimitAreRefusedAndAnsweredWatchesFreeTheirPlace() {
    selector.close();
    selector = selector(1);
    String tag = current().tag();
    CompletableFuture<Selection> first = selector.watch(BOOKSTORE, ANYTHING, tag, LONG);

    assertThatThrownBy(() -> selector.watch(BOOKSTORE, ANYTHING, tag, LONG))
        .isInstanceOf(TooManyWatchesException.class)
        .hasMessage("too many watches: the broker holds at most 1");
    selector.releaseWatches();

    assertThat(first.join().tag()).isEqualTo(tag);
    assertThat(selector.watch(BOOKSTORE, ANYTHING, tag, Duration.ofMillis(10)).join().tag())
        .isEqualTo(tag);
  }

  @Test
  void closingTheSelectorAnswersEveryWatchItHolds() {
    String tag = current().tag();
    CompletableFuture<Selection> a = selector.watch(BOOKSTORE, ANYTHING, tag, LONG);
    CompletableFuture<Selection> b =
        selector.watch(BOOKSTORE, ANYTHING, Currency.getInstance("USD"), tag, LONG);

    selector.close();

    assertThat(a).isCompleted();
    assertThat(b).isCompleted();
    assertThat(a.join().tag()).isEqualTo(tag);
  }

  @Test
  void aWatchComparesOnlyWhatTheRequirementSelects() {
    Offer slow =
        registry.publishOffer(endpoint.id(), terms("1").maxResponseTimeMillis(5_000).build(), ANY);
    selector.refresh();
    QosRequirement fast =
        RegistryCompatibilityKit.requirement(QosTerms.builder().maxResponseTimeMillis(1_000));
    Selection none = selector.select(BOOKSTORE, fast);
    assertThat(none.candidates()).isEmpty();
    CompletableFuture<Selection> answer = selector.watch(BOOKSTORE, fast, none.tag(), LONG);

    registry.updateOffer(slow.id(), 1, terms("1").maxResponseTimeMillis(800).build(), ANY);
    selector.refresh();

    assertThat(answer.join().candidates()).hasSize(1);
  }

  @Test
  void watchArgumentsAreChecked() {
    assertThatThrownBy(() -> selector.watch(BOOKSTORE, ANYTHING, "x", Duration.ofMinutes(6)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("wait: PT6M (expected: 0 to 5 minutes)");
    assertThatThrownBy(() -> selector.watch(BOOKSTORE, ANYTHING, "x", Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> OfferSelector.builder(registry).maxWatches(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxWatches: -1 (expected: 0 to 1000000)");
  }
}
