package io.wsqos.core.admission;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.FeatureKit;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The CXF adapter: the same contract on an endpoint or a bus, and it closes with them. */
class AdmissionControlFeatureTest {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final LatchedEcho service = new LatchedEcho();
  private final ExecutorService clients = Executors.newCachedThreadPool();

  @AfterEach
  void tearDown() {
    service.open.countDown();
    clients.shutdownNow();
  }

  private CompletableFuture<RawHttp.Response> post(EmbeddedServer server, byte[] body) {
    return CompletableFuture.supplyAsync(
        () -> RawHttp.postXml(server.address("/echo"), body), clients);
  }

  @Test
  void onAnEndpointOverTheLimitARequestIsRefusedWithTheContractAndNotParsed() throws Exception {
    AdmissionControlFeature feature =
        AdmissionControlFeature.of(
            AdmissionControl.builder()
                .limit(1, 1, 1)
                .queuePerLimit(0)
                .share(BEST_EFFORT, 0)
                .share(ASSURED, 0)
                .standingQueue(AdmissionHandlerTest.HELD_AS_LONG_AS_IT_TAKES, Duration.ZERO)
                .meterRegistry(registry));
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", EchoService.class, service, feature).start()) {
      CompletableFuture<RawHttp.Response> held = post(server, Envelopes.echo("held", ASSURED));
      await().until(() -> service.started.get() == 1);
      CompletableFuture<RawHttp.Response> waiting = post(server, Envelopes.echo("w", ASSURED));
      await().until(() -> feature.control().queued() == 1);

      RawHttp.Response refused = post(server, Envelopes.unparsableBody(BEST_EFFORT)).get();
      service.open.countDown();

      assertThat(refused.status()).isEqualTo(503);
      assertThat(refused.header("Retry-After")).contains("1");
      assertThat(refused.text())
          .contains("<faultcode>soap:Server</faultcode>")
          .contains("<faultstring>Overloaded: best-effort request refused (queue full)");
      assertThat(held.get().status()).isEqualTo(200);
      assertThat(waiting.get().status()).isEqualTo(200);
      assertThat(service.started.get()).isEqualTo(2);
      await().until(() -> feature.control().inFlight() == 0);
    }
    assertThat(feature.control()).as("closed with the server").isNull();
    assertThat(registry.find(AdmissionControl.LIMIT_GAUGE).gauge()).isNull();
  }

  @Test
  void onABusEveryEndpointIsAdmittedAndTheControlClosesWithTheBus() {
    AdmissionControlFeature feature = AdmissionControlFeature.of(AdmissionControl.builder());
    service.open.countDown();
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", EchoService.class, service).start()) {
      server.bus().setExtension(registry, MeterRegistry.class);
      feature.initialize(server.bus());
      // A bus feature acts on endpoints published after it: publish one more.
      org.apache.cxf.jaxws.JaxWsServerFactoryBean factory =
          new org.apache.cxf.jaxws.JaxWsServerFactoryBean();
      factory.setBus(server.bus());
      factory.setServiceClass(EchoService.class);
      factory.setServiceBean(service);
      factory.setAddress("/echo2");
      factory.create();

      RawHttp.Response response =
          RawHttp.postXml(server.address("/echo2"), Envelopes.echo("x", ASSURED));

      assertThat(response.status()).isEqualTo(200);
      assertThat(
              registry
                  .get(AdmissionControl.ADMITTED_COUNTER)
                  .tag("class", "assured")
                  .counter()
                  .count())
          .isEqualTo(1);
    }
    assertThat(feature.control()).isNull();
  }

  @ParameterizedTest
  @EnumSource(FeatureKit.Attachment.class)
  void theFeatureKeepsTheShapeOfEveryFeature(FeatureKit.Attachment attachment) {
    FeatureKit.run(
        FeatureKit.features(
            "admission", () -> List.of(AdmissionControlFeature.of(AdmissionControl.builder()))),
        attachment);
  }
}
