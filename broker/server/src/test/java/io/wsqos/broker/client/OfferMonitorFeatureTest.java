package io.wsqos.broker.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OperationQos;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
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
    ProviderOffer acme =
        ProviderOffer.publish(broker, new QName(EchoService.NAMESPACE, "EchoService"), 10_000, 0.5);
    offer = acme.offer();
    provider = acme.provider();
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
