package io.wsqos.broker.adaptive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.adaptive.AdaptiveOffer.Closing;
import io.wsqos.broker.adaptive.AdaptiveOffer.Step;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.client.SelectionWatcher;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.load.ScriptedLoadProbe;
import io.wsqos.testing.Closer;
import io.wsqos.testing.MutableClock;
import io.wsqos.testing.net.TcpRelay;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Adaptive offers against the real broker (REST API over H2): the price path a load series gives in
 * the broker, what clients with a maximum price then select, the lease, the close, failures and
 * conflicts.
 */
class AdaptiveOfferTest {

  private static final QName BOOKSTORE = new QName("http://wsqos.io/examples", "Bookstore");

  @RegisterExtension static final BrokerStack.PerClass broker = BrokerStack.perClass();
  @RegisterExtension final Closer resources = new Closer();

  private final ScriptedLoadProbe load = new ScriptedLoadProbe(0.5);
  private final MutableClock clock = MutableClock.atSystemTime();
  private BrokerClient admin;
  private BrokerClient acme;
  private String acmeToken;
  private Offer offer;

  @BeforeEach
  void publishAnOffer() {
    admin = client(BrokerStack.ADMIN_TOKEN);
    ProviderRegistration registration = admin.registerProvider("Acme");
    acmeToken = registration.token();
    acme = client(acmeToken);
    Service service = acme.registerService(BOOKSTORE, URI.create("http://127.0.0.1:9/b?wsdl"));
    Endpoint endpoint =
        acme.registerEndpoint(
            registration.provider().id(),
            service.id(),
            URI.create("http://127.0.0.1:9/b"),
            Set.of(Binding.SOAP_1_1));
    offer = acme.publishOffer(endpoint.id(), terms("0.10"));
  }

  private BrokerClient client(String token) {
    BrokerClient.Builder builder = BrokerClient.builder(URI.create(broker.stack().address()));
    return (token == null ? builder : builder.token(token)).build();
  }

  private static OfferTerms terms(String price) {
    return OfferTerms.builder()
        .price(price, "EUR")
        .maxResponseTimeMillis(100)
        .availability(0.99)
        .throughputPerSecond(60)
        .build();
  }

  private AdaptiveOffer.Builder adaptive(BrokerClient provider) {
    return AdaptiveOffer.builder(provider, offer.id(), load).clock(clock);
  }

  private boolean noAdaptationThreadIsLeft() {
    return Thread.getAllStackTraces().keySet().stream()
        .noneMatch(t -> t.getName().equals("wsqos-adaptive-offer-" + offer.id()));
  }

  private BigDecimal priceInBroker() {
    return admin.offer(offer.id()).terms().price();
  }

  /** What a client paying at most {@code maxPrice} is offered now, as the broker selects. */
  private Optional<Long> selectedBy(String maxPrice) {
    QosTerms bounds = QosTerms.builder().maxPrice(new BigDecimal(maxPrice)).build();
    return client(null)
        .select(BOOKSTORE, QosRequirement.of(CompressionPreference.SERVER_DECIDES, bounds))
        .best()
        .map(candidate -> candidate.offer().id());
  }

  @Test
  void aLoadSeriesGivesTheSeedsPricePathInTheBrokerAndClientsDropOutAboveTheirMaximum() {
    AdaptiveOffer adaptation = resources.add(adaptive(acme).build());
    double[] loads = {0.85, 0.90, 0.82, 0.75, 0.60, 0.65, 0.50};
    String[] prices = {"0.2", "0.3", "0.4", "0.4", "0.3", "0.2", "0.1"};

    for (int i = 0; i < loads.length; i++) {
      load.set(0.5, loads[i]);

      adaptation.adjust();

      assertThat(priceInBroker()).as("after load %s", loads[i]).isEqualByComparingTo(prices[i]);
      if (i == 2) {
        // Table 6's clients: at 0.40 EUR those with a maximum of 0.10 and 0.30 are offered nothing
        // once the selections have the change.
        await().until(() -> selectedBy("0.30").isEmpty());
        assertThat(selectedBy("0.10")).isEmpty();
        assertThat(selectedBy("0.40")).contains(offer.id());
        assertThat(selectedBy("0.70")).contains(offer.id());
      }
    }
    await().until(() -> selectedBy("0.10").equals(Optional.of(offer.id())));
    assertThat(adaptation.status().moves()).isEqualTo(6);
  }

  @Test
  void table6sWatchingClientsPauseWhileThePriceIsAboveTheirMaximumAndResumeWhenItFalls() {
    AdaptiveOffer adaptation = resources.add(adaptive(acme).build());
    String[] maxima = {"0.10", "0.40", "0.50", "0.70"};
    List<SelectionWatcher> clients = new ArrayList<>();
    for (String max : maxima) {
      SelectionWatcher watcher =
          resources.add(
              SelectionWatcher.builder(
                      client(null),
                      BOOKSTORE,
                      QosRequirement.of(
                          CompressionPreference.SERVER_DECIDES,
                          QosTerms.builder().maxPrice(new BigDecimal(max)).build()))
                  .build());
      watcher.start();
      clients.add(watcher);
    }
    double[] loads = {0.85, 0.90, 0.82, 0.81, 0.81, 0.81, 0.60, 0.60, 0.60, 0.60, 0.60};

    for (double average : loads) {
      load.set(0.5, average);
      adaptation.adjust();
      BigDecimal price = priceInBroker();

      for (int i = 0; i < maxima.length; i++) {
        SelectionWatcher watcher = clients.get(i);
        boolean served = price.compareTo(new BigDecimal(maxima[i])) <= 0;
        await("a client paying at most " + maxima[i] + " at the price " + price)
            .atMost(Duration.ofSeconds(10))
            .until(
                () -> watcher.current().map(s -> s.best().isPresent()).orElse(!served) == served);
      }
    }
    assertThat(priceInBroker()).isEqualByComparingTo("0.20");
  }

  @Test
  void aLoadBetweenTheThresholdsOnlyRenewsTheLease() {
    AdaptiveOffer adaptation =
        resources.add(
            adaptive(acme).period(Duration.ofSeconds(30)).lease(Duration.ofSeconds(90)).build());
    load.set(0.75);

    Step first = adaptation.adjust();
    clock.advance(Duration.ofSeconds(30));
    Step second = adaptation.adjust();

    assertThat(first).isEqualTo(Step.HELD);
    assertThat(second).isEqualTo(Step.HELD);
    Offer inBroker = admin.offer(offer.id());
    assertThat(inBroker.terms().price()).isEqualByComparingTo("0.10");
    assertThat(inBroker.terms().validUntil()).contains(clock.instant().plusSeconds(90));
    assertThat(inBroker.version()).isEqualTo(3);
  }

  @Test
  void withoutALeaseAnUnchangedOfferIsNotWritten() {
    AdaptiveOffer adaptation = resources.add(adaptive(acme).lease(Duration.ZERO).build());
    load.set(0.75);

    adaptation.adjust();
    adaptation.adjust();

    assertThat(admin.offer(offer.id()).version()).isEqualTo(1);
  }

  @Test
  void aProviderThatDiesWithoutClosingIsNoLongerSelectedOnceItsLeaseEnds() {
    AdaptiveOffer adaptation =
        adaptive(acme)
            .clock(java.time.Clock.systemUTC())
            .period(Duration.ofMillis(100))
            .lease(Duration.ofMillis(400))
            .build();
    load.set(0.75);

    adaptation.adjust(); // never started, never closed: as a provider killed after an update

    assertThat(admin.offer(offer.id()).terms().validUntil()).isPresent();
    await().until(() -> selectedBy("1").isEmpty());
  }

  @Test
  void closingExpiresTheOfferOrWithdrawsIt() {
    AdaptiveOffer expiring = adaptive(acme).build();
    expiring.adjust();

    expiring.close();
    expiring.close();

    Offer expired = admin.offer(offer.id());
    assertThat(expired.terms().validUntil()).contains(clock.instant());
    await().until(() -> selectedBy("1").isEmpty());
    assertThat(expiring.status().stopped()).isTrue();
    assertThat(expiring.adjust()).isEqualTo(Step.STOPPED);

    AdaptiveOffer withdrawing = adaptive(acme).closing(Closing.WITHDRAW).build();
    withdrawing.adjust();
    withdrawing.close();

    assertThatThrownBy(() -> admin.offer(offer.id())).isInstanceOf(NotFoundException.class);
  }

  @Test
  void aBrokerThatCannotBeReachedIsTriedAgainAndTheServiceIsNeverWaitedOn() throws Exception {
    TcpRelay relay = resources.add(TcpRelay.to(broker.stack().server().port()));
    BrokerClient throughRelay =
        BrokerClient.builder(URI.create(relay.url("/")))
            .token(acmeToken)
            .requestTimeout(Duration.ofSeconds(2))
            .build();
    AdaptiveOffer adaptation =
        resources.add(
            AdaptiveOffer.builder(throughRelay, offer.id(), load)
                .period(Duration.ofMillis(200))
                .lease(Duration.ofSeconds(2))
                .retryDelay(Duration.ofMillis(50))
                .build());
    load.set(0.5, 0.9);
    relay.cut();

    adaptation.start();

    await().until(() -> adaptation.status().failures() >= 2);
    assertThat(priceInBroker()).isEqualByComparingTo("0.10");
    assertThat(adaptation.status().lastFailure()).isPresent();
    relay.restore();
    await().until(() -> priceInBroker().compareTo(new BigDecimal("0.30")) >= 0);
    load.set(0.75);
    adaptation.close();
    // The pool's thread ends just after the pool does.
    await().until(this::noAdaptationThreadIsLeft);
  }

  @Test
  void closingAStartedAdaptationEndsItsThreadWithoutWaitingForTheNextPeriod() {
    AdaptiveOffer adaptation =
        adaptive(acme).period(Duration.ofHours(1)).lease(Duration.ZERO).build();
    load.set(0.75);
    adaptation.start();
    await().until(() -> adaptation.status().averageLoad() == 0.75);

    adaptation.close();

    // The pool's thread ends just after the pool does.
    await().until(this::noAdaptationThreadIsLeft);
    assertThat(admin.offer(offer.id()).terms().validUntil()).contains(clock.instant());
  }

  @Test
  void aChangeMadeByAnotherWriterIsKeptAndTheRuleAppliedOnTop() {
    AdaptiveOffer adaptation = resources.add(adaptive(acme).lease(Duration.ZERO).build());
    load.set(0.75);
    adaptation.adjust(); // reads version 1
    OfferTerms withCompression =
        OfferTerms.builder()
            .price("0.10", "EUR")
            .maxResponseTimeMillis(100)
            .availability(0.99)
            .throughputPerSecond(60)
            .compression(true)
            .build();
    acme.updateOffer(offer.id(), 1, withCompression); // version 2, unseen by the adaptation
    load.set(0.9);

    Step step = adaptation.adjust();

    Offer inBroker = admin.offer(offer.id());
    assertThat(step).isEqualTo(Step.MOVED);
    assertThat(inBroker.terms().compression()).isTrue();
    assertThat(inBroker.terms().price()).isEqualByComparingTo("0.20");
    assertThat(inBroker.version()).isEqualTo(3);
  }

  @Test
  void anotherProvidersOfferCannotBeAdaptedAndAdaptationStops() {
    BrokerClient rival = client(admin.registerProvider("Rival").token());
    AdaptiveOffer adaptation = resources.add(adaptive(rival).build());
    load.set(0.95);

    Step step = adaptation.adjust();

    assertThat(step).isEqualTo(Step.STOPPED);
    assertThat(adaptation.status().stopped()).isTrue();
    assertThat(priceInBroker()).isEqualByComparingTo("0.10");
    assertThat(admin.offer(offer.id()).version()).isEqualTo(1);
  }

  @Test
  void settingsOutOfRangeAreRefusedNamingTheField() {
    assertThatThrownBy(() -> adaptive(acme).period(Duration.ofMillis(1)))
        .hasMessageContaining("period");
    assertThatThrownBy(
            () ->
                adaptive(acme).period(Duration.ofSeconds(30)).lease(Duration.ofSeconds(45)).build())
        .hasMessageContaining("lease")
        .hasMessageContaining("twice the period");
    assertThatThrownBy(() -> AdaptiveOffer.builder(acme, 0, load)).hasMessageContaining("offerId");
    AdaptiveOffer adaptation = resources.add(adaptive(acme).build());
    adaptation.start();
    assertThatThrownBy(adaptation::start).isInstanceOf(IllegalStateException.class);
  }
}
