package io.wsqos.broker.client;

import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.OperationQos;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.service.Caller;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import jakarta.xml.ws.WebServiceException;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A provider's {@link OfferMonitorFeature} on a real server reports what its endpoint served to a
 * real broker: every call per operation, a fault as failed, a last report when it closes, and no
 * thread left.
 */
class OfferMonitorFeatureTest {

  /** Echoes, and fails on "fail". */
  private static final class Failing implements EchoService {
    @Override
    public String echo(String text) {
      if (text.equals("fail")) {
        throw new IllegalStateException("asked to fail");
      }
      return text;
    }

    @Override
    public String text(int chars) {
      return "x".repeat(chars);
    }

    @Override
    public int length(String body) {
      return body.length();
    }
  }

  private BrokerStack broker;
  private Offer offer;
  private BrokerClient provider;

  @BeforeEach
  void start() {
    broker = BrokerStack.start();
    ProviderRegistration acme =
        broker.service().registerProvider(Caller.bearer(BrokerStack.ADMIN_TOKEN), "Acme");
    long service =
        broker
            .registry()
            .registerService(
                new QName(EchoService.NAMESPACE, "EchoService"), URI.create("http://h/w"))
            .id();
    Endpoint endpoint =
        broker
            .registry()
            .registerEndpoint(
                acme.provider().id(),
                service,
                URI.create("http://127.0.0.1:9/echo"),
                Set.of(Binding.SOAP_1_1),
                ANY);
    offer =
        broker
            .registry()
            .publishOffer(
                endpoint.id(),
                OfferTerms.builder()
                    .price("0.10", "EUR")
                    .maxResponseTimeMillis(10_000)
                    .availability(0.5)
                    .throughputPerSecond(100)
                    .build(),
                ANY);
    provider = BrokerClient.builder(URI.create(broker.address())).token(acme.token()).build();
  }

  @AfterEach
  void stop() throws Exception {
    broker.close();
  }

  @Test
  void theServersCallsAreReportedPerOperationWithFaultsAsFailedAndALastReportAtClose() {
    OfferMonitorFeature monitor = OfferMonitorFeature.of(provider, offer.id(), Duration.ofHours(1));
    try (TestServer server =
        TestServer.builder(EchoService.class, new Failing()).feature(monitor).start()) {
      EchoService client = server.client(EchoService.class);
      for (int i = 0; i < 5; i++) {
        client.echo("hi");
      }
      Throwable failed = catchThrowable(() -> client.echo("fail"));
      client.length("four");
      assertThat(failed).isInstanceOf(WebServiceException.class);
    }
    // The server's stop closed the feature, which sent the window's calls.
    MeasuredQos measured = provider.measuredQos(offer.id()).orElseThrow();

    assertThat(measured.operations())
        .extracting(OperationQos::operation, OperationQos::requests, OperationQos::failures)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("echo", 6L, 1L),
            org.assertj.core.groups.Tuple.tuple("length", 1L, 0L));
    assertThat(measured.operations().get(0).p50Millis()).isPositive();
    assertThat(
            Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals(MeasurementReporter.THREAD_NAME)))
        .isEmpty();
  }
}
