package io.wsqos.broker.client;

import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.registry.Registry;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.overload.ProviderBusyException;
import io.wsqos.testing.BusyScript;
import io.wsqos.testing.MutableClock;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import jakarta.xml.ws.WebServiceException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A QoS-aware client whose best provider answers busy (503, Retry-After): it skips that provider
 * for the Retry-After when another offer meets its requirement, holds its calls when none does, and
 * keeps the broker's selection (no question to the broker, no measurement against the offer).
 */
class QosAwareBusyTest {

  private static final QName ECHO = new QName(EchoService.NAMESPACE, "EchoService");
  private static final QosRequirement UP_TO_40_CENTS =
      QosRequirement.of(
          CompressionPreference.SERVER_DECIDES,
          QosTerms.builder().maxPrice(new BigDecimal("0.40")).build());

  private final BusyScript scriptA = new BusyScript(3);
  private final MutableClock clock = MutableClock.atSystemTime();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private BrokerStack broker;
  private TestServer a;
  private TestServer b;
  private Service service;
  private QosAwareClientFeature feature;

  @BeforeEach
  void start() {
    broker = BrokerStack.start();
    a = TestServer.builder(EchoService.class, new NamedEcho("a")).inInterceptor(scriptA).start();
    b = TestServer.start(EchoService.class, new NamedEcho("b"));
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

  private void offer(TestServer server, String providerName, String price) {
    Registry registry = broker.registry();
    if (service == null) {
      service = registry.registerService(ECHO, URI.create(server.address() + "?wsdl"));
    }
    long provider = registry.registerProvider(providerName).id();
    Endpoint endpoint =
        registry.registerEndpoint(
            provider, service.id(), URI.create(server.address()), Set.of(Binding.SOAP_1_1), ANY);
    registry.publishOffer(
        endpoint.id(),
        OfferTerms.builder()
            .price(price, "EUR")
            .maxResponseTimeMillis(1_000)
            .availability(0.99)
            .throughputPerSecond(100)
            .build(),
        ANY);
    broker.selector().refresh();
  }

  private EchoService client() {
    feature =
        QosAwareClientFeature.builder(
                BrokerClient.builder(URI.create(broker.address())).build(), ECHO, UP_TO_40_CENTS)
            .meterRegistry(meters)
            .clock(clock)
            .build();
    return b.client(EchoService.class, feature);
  }

  @Test
  void aBusyProviderIsSkippedForItsRetryAfterAndTheNextOfferServes() {
    offer(a, "A", "0.10");
    offer(b, "B", "0.20");
    EchoService echo = client();
    assertThat(echo.echo("1")).isEqualTo("a: 1");
    scriptA.busyFor(1);

    Throwable busy = catchThrowable(() -> echo.echo("2"));
    String during = echo.echo("3");
    String alsoDuring = echo.echo("4");
    int aDuring = scriptA.received();
    clock.advance(Duration.ofSeconds(3));
    String after = echo.echo("5");

    assertThat(busy).isInstanceOf(WebServiceException.class);
    assertThat(busy.getCause()).isInstanceOf(ProviderBusyException.class);
    assertThat(((ProviderBusyException) busy.getCause()).retryAfter())
        .isEqualTo(Duration.ofSeconds(3));
    assertThat(during).isEqualTo("b: 3");
    assertThat(alsoDuring).isEqualTo("b: 4");
    assertThat(aDuring).as("no call reached A during its Retry-After").isEqualTo(2);
    assertThat(after).isEqualTo("a: 5");
    assertThat(
            meters.get(QosAwareClientFeature.BUSY).tag("endpoint", a.address()).counter().count())
        .isEqualTo(1);
    assertThat(meters.get(QosAwareClientFeature.OFFER_CHANGES).counter().count())
        .as("the selection stood: the broker was not asked again")
        .isEqualTo(1);
  }

  @Test
  void withTheOnlyOfferBusyCallsFailAtOnceHeldUntilTheRetryAfterPasses() {
    offer(a, "A", "0.10");
    EchoService echo = client();
    scriptA.busyFor(1);
    catchThrowable(() -> echo.echo("refused"));

    Throwable held = catchThrowable(() -> echo.echo("held"));
    clock.advance(Duration.ofSeconds(3));
    String after = echo.echo("after");

    assertThat(held.getCause()).isInstanceOf(ProviderBusyException.class);
    assertThat(((ProviderBusyException) held.getCause()).held()).isTrue();
    assertThat(((ProviderBusyException) held.getCause()).retryAfter())
        .isEqualTo(Duration.ofSeconds(3));
    assertThat(after).isEqualTo("a: after");
    assertThat(scriptA.received()).as("the held call was never sent").isEqualTo(2);
    assertThat(meters.get(QosAwareClientFeature.HELD).counter().count()).isEqualTo(1);
    assertThat(meters.get(QosAwareClientFeature.REFUSED).counter().count()).isZero();
  }
}
