package io.wsqos.broker.client;

import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.OperationQos;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.service.Caller;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.core.header.WsQosHeaders;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.TcpRelay;
import io.wsqos.testing.service.EchoService;
import jakarta.xml.ws.WebServiceException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.xml.namespace.QName;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A QoS-aware client against a real broker and two real providers: its calls go to the best offer
 * that meets its requirement and carry the requirement; it pauses while no offer does and resumes
 * when one does, and moves to the other provider when its offer is withdrawn or flagged by what the
 * client measured of it, with no broker round trip per call.
 */
class QosAwareClientTest {

  private static final QName ECHO = new QName(EchoService.NAMESPACE, "EchoService");
  private static final QosRequirement UP_TO_40_CENTS =
      QosRequirement.of(
          CompressionPreference.SERVER_DECIDES,
          QosTerms.builder()
              .maxPrice(new BigDecimal("0.40"))
              .transportPriority(TransportPriority.ASSURED)
              .build());

  private BrokerStack broker;
  private TestServer a;
  private TestServer b;
  private final List<QosTerms> requirementsSeen = new CopyOnWriteArrayList<>();
  private QosAwareClientFeature feature;

  @BeforeEach
  void start() {
    broker = BrokerStack.start();
    a = provider("a");
    b = provider("b");
  }

  private TestServer provider(String name) {
    return TestServer.builder(EchoService.class, new NamedEcho(name))
        .feature(WsQosHeaderFeature.builder().build())
        .inInterceptor(
            new AbstractPhaseInterceptor<Message>(Phase.PRE_INVOKE) {
              @Override
              public void handleMessage(Message message) {
                WsQosHeaders.from(message)
                    .flatMap(h -> h.requirement().value())
                    .ifPresent(r -> requirementsSeen.add(r.terms()));
              }
            })
        .start();
  }

  @AfterEach
  void stop() throws Exception {
    if (feature != null) {
      feature.close();
    }
    a.close();
    b.close();
    broker.close();
  }

  private Service service;

  private Offer offer(TestServer server, String providerName, String price) {
    Registry registry = broker.registry();
    if (service == null) {
      service = registry.registerService(ECHO, URI.create(server.address() + "?wsdl"));
    }
    long provider = registry.registerProvider(providerName).id();
    Endpoint endpoint =
        registry.registerEndpoint(
            provider, service.id(), URI.create(server.address()), Set.of(Binding.SOAP_1_1), ANY);
    Offer offer = registry.publishOffer(endpoint.id(), terms(price), ANY);
    broker.selector().refresh();
    return offer;
  }

  private static OfferTerms terms(String price) {
    return OfferTerms.builder()
        .price(price, "EUR")
        .maxResponseTimeMillis(1_000)
        .availability(0.99)
        .throughputPerSecond(100)
        .transportPriorities(TransportPriority.BEST_EFFORT, TransportPriority.ASSURED)
        .build();
  }

  private EchoService client(SimpleMeterRegistry meters) {
    BrokerClient brokerClient = BrokerClient.builder(URI.create(broker.address())).build();
    feature =
        QosAwareClientFeature.builder(brokerClient, ECHO, UP_TO_40_CENTS)
            .meterRegistry(meters)
            .build();
    // The client's own address is neither provider's: the feature chooses.
    return a.client(EchoService.class, feature);
  }

  @Test
  void callsGoToTheCheapestOfferThatMeetsTheRequirementAndCarryIt() {
    offer(a, "A", "0.30");
    offer(b, "B", "0.20");
    EchoService echo = client(new SimpleMeterRegistry());

    assertThat(echo.echo("hi")).isEqualTo("b: hi");
    assertThat(requirementsSeen).hasSize(1);
    assertThat(requirementsSeen.get(0).maxPrice())
        .hasValueSatisfying(p -> assertThat(p).isEqualByComparingTo("0.40"));
    assertThat(requirementsSeen.get(0).transportPriority()).isEqualTo(TransportPriority.ASSURED);
  }

  @Test
  void theClientPausesWhileThePriceIsAboveItsMaximumAndResumesWhenItFalls() {
    Offer offer = offer(a, "A", "0.30");
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    EchoService echo = client(meters);
    assertThat(echo.echo("1")).isEqualTo("a: 1");

    Offer raised = broker.registry().updateOffer(offer.id(), 1, terms("0.50"), ANY);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> feature.selection().orElseThrow().candidates().isEmpty());

    assertThatThrownBy(() -> echo.echo("2"))
        .isInstanceOf(WebServiceException.class)
        .hasRootCauseInstanceOf(NoOfferException.class)
        .hasRootCauseMessage(
            "no offer for {http://wsqos.io/ns/test/echo}EchoService meets the requirement"
                + " [maxPrice=0.4, priority=assured, compression=server-decides] (the broker"
                + " selects no offer for it): calls resume when the broker selects one");
    assertThat(meters.get(QosAwareClientFeature.REFUSED).counter().count()).isEqualTo(1);

    broker.registry().updateOffer(offer.id(), raised.version(), terms("0.35"), ANY);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> feature.selection().orElseThrow().best().isPresent());
    assertThat(echo.echo("3")).isEqualTo("a: 3");
    assertThat(meters.get(QosAwareClientFeature.OFFER_CHANGES).counter().count()).isEqualTo(3);
  }

  @Test
  void theClientMovesToTheOtherProviderWhenItsOfferIsWithdrawn() {
    Offer cheap = offer(a, "A", "0.10");
    offer(b, "B", "0.20");
    EchoService echo = client(new SimpleMeterRegistry());
    assertThat(echo.echo("1")).isEqualTo("a: 1");

    broker.registry().withdrawOffer(cheap.id(), 1, ANY);

    await().atMost(Duration.ofSeconds(10)).until(() -> echo.echo("2").startsWith("b: "));
    assertThat(feature.candidates().candidates("any")).containsExactly(b.address());
  }

  @Test
  void aWatcherKeepsItsLastSelectionWhileTheBrokerIsCutAndFollowsItWhenBack() throws Exception {
    Offer offer = offer(a, "A", "0.30");
    try (TcpRelay relay = TcpRelay.to(URI.create(broker.address()).getPort());
        SelectionWatcher watcher =
            SelectionWatcher.builder(
                    BrokerClient.builder(URI.create(relay.url("/")))
                        .requestTimeout(Duration.ofMillis(500))
                        .build(),
                    ECHO,
                    UP_TO_40_CENTS)
                .wait(Duration.ofSeconds(1))
                .maxRetry(Duration.ofMillis(200))
                .build()) {
      watcher.start();
      assertThat(watcher.awaitCurrent(Duration.ofSeconds(10)).orElseThrow().candidates())
          .hasSize(1);

      relay.cut();
      broker.registry().updateOffer(offer.id(), 1, terms("0.50"), ANY);

      // Through the cut's refused connections and retries, the last selection stays.
      await()
          .during(Duration.ofMillis(1_500))
          .atMost(Duration.ofSeconds(10))
          .until(() -> watcher.current().orElseThrow().candidates().size() == 1);
      relay.restore();
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> watcher.current().orElseThrow().candidates().isEmpty());
    }
    assertThat(watchThreads()).isZero();
  }

  @Test
  void onABusTheFeatureRoutesTheClientsOfItsServiceMadeAfterwardsAndStopsWithTheBus() {
    offer(b, "B", "0.20");
    feature =
        QosAwareClientFeature.builder(
                BrokerClient.builder(URI.create(broker.address())).build(), ECHO, UP_TO_40_CENTS)
            .meterRegistry(new SimpleMeterRegistry())
            .build();
    TestServer own =
        TestServer.builder(EchoService.class, new NamedEcho("own"))
            .bus(
                bus -> {
                  List<Feature> features = new ArrayList<>(bus.getFeatures());
                  features.add(feature);
                  bus.setFeatures(features);
                })
            .start();
    try {
      // A client of the bus, made with the bus's own server as its address: the broker decides.
      assertThat(own.client(EchoService.class).echo("x")).isEqualTo("b: x");
      assertThat(watchThreads()).isEqualTo(1);
    } finally {
      own.close();
    }

    await().atMost(Duration.ofSeconds(10)).until(() -> watchThreads() == 0);
  }

  @Test
  void destroyingTheClientStopsTheWatchingThreadAndANewClientStartsItAgain() {
    offer(a, "A", "0.30");
    EchoService echo = client(new SimpleMeterRegistry());
    echo.echo("1");
    assertThat(watchThreads()).isEqualTo(1);

    ClientProxy.getClient(echo).destroy();

    await().atMost(Duration.ofSeconds(10)).until(() -> watchThreads() == 0);
    EchoService again = b.client(EchoService.class, feature);
    assertThat(again.echo("2")).isEqualTo("a: 2");
    assertThat(watchThreads()).isEqualTo(1);
  }

  @Test
  void theClientMovesToTheOtherProviderWhenItsOwnMeasurementsFlagTheOffer() {
    // A answers each call after 50 ms and promises 20 ms; B promises a second and is dearer.
    TestServer slow =
        TestServer.builder(EchoService.class, new NamedEcho("slow"))
            .inInterceptor(
                new AbstractPhaseInterceptor<Message>(Phase.PRE_INVOKE) {
                  @Override
                  public void handleMessage(Message message) {
                    try {
                      Thread.sleep(50);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  }
                })
            .start();
    try {
      Registry registry = broker.registry();
      service = registry.registerService(ECHO, URI.create(slow.address() + "?wsdl"));
      long provider = registry.registerProvider("Slow").id();
      Endpoint endpoint =
          registry.registerEndpoint(
              provider, service.id(), URI.create(slow.address()), Set.of(Binding.SOAP_1_1), ANY);
      Offer promised =
          registry.publishOffer(
              endpoint.id(),
              OfferTerms.builder()
                  .price("0.10", "EUR")
                  .maxResponseTimeMillis(20)
                  .availability(0.99)
                  .throughputPerSecond(100)
                  .transportPriorities(TransportPriority.BEST_EFFORT, TransportPriority.ASSURED)
                  .build(),
              ANY);
      offer(b, "B", "0.30");
      String token =
          broker
              .service()
              .registerClient(Caller.bearer(BrokerStack.ADMIN_TOKEN), "measuring-client")
              .token();
      BrokerClient brokerClient =
          BrokerClient.builder(URI.create(broker.address())).token(token).build();
      feature =
          QosAwareClientFeature.builder(brokerClient, ECHO, UP_TO_40_CENTS)
              .meterRegistry(new SimpleMeterRegistry())
              .reportMeasurements(Duration.ofMillis(200))
              .build();
      EchoService echo = a.client(EchoService.class, feature);
      assertThat(echo.echo("1")).isEqualTo("slow: 1");

      // The client's reports of the slow offer flag it; the broker's selection drops it.
      await().atMost(Duration.ofSeconds(30)).until(() -> echo.echo("n").startsWith("b: "));

      MeasuredQos measured = broker.registry().measuredQos(promised.id()).orElseThrow();
      assertThat(measured.flagged()).isTrue();
      assertThat(measured.reason()).contains("above the offered 20 ms");
      assertThat(measured.operations()).extracting(OperationQos::operation).containsExactly("echo");
      assertThat(measured.operations().get(0).requests()).isGreaterThanOrEqualTo(20);
      assertThat(feature.candidates().candidates("any")).containsExactly(b.address());
    } finally {
      slow.close();
    }
    feature.close();
    assertThat(reportThreads()).isZero();
  }

  private static long reportThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().equals(MeasurementReporter.THREAD_NAME))
        .count();
  }

  private static long watchThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().equals(SelectionWatcher.THREAD_NAME))
        .count();
  }
}
