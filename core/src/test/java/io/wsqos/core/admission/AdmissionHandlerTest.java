package io.wsqos.core.admission;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Jetty adapter on the embedded server, under load the test scripts: a service held by a latch,
 * a limit of one request in flight and one waiting.
 */
class AdmissionHandlerTest {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final LatchedEcho service = new LatchedEcho();
  private final ExecutorService clients = Executors.newCachedThreadPool();
  private EmbeddedServer server;

  @AfterEach
  void tearDown() {
    service.open.countDown();
    if (server != null) {
      server.close();
    }
    clients.shutdownNow();
  }

  /**
   * A standing target for tests whose queue stands while they hold a request: what they check comes
   * before it.
   */
  static final Duration HELD_AS_LONG_AS_IT_TAKES = Duration.ofMinutes(1);

  private AdmissionControl start(AdmissionControl.Builder settings) {
    AdmissionControl control = settings.meterRegistry(registry).build();
    server =
        EmbeddedServer.builder()
            .admission(AdmissionHandler.of(control))
            .endpoint("/echo", EchoService.class, service)
            .start();
    return control;
  }

  private CompletableFuture<RawHttp.Response> post(byte[] body) {
    return CompletableFuture.supplyAsync(
        () -> RawHttp.postXml(server.address("/echo"), body), clients);
  }

  private double count(String counter, TransportPriority c) {
    return registry.get(counter).tag("class", c.token()).counter().count();
  }

  @Test
  void overTheLimitBestEffortIsRefusedWithTheContractBeforeItsBodyIsParsed() throws Exception {
    AdmissionControl control =
        start(
            AdmissionControl.builder()
                .limit(1, 1, 1)
                .share(BEST_EFFORT, 0)
                .share(ASSURED, 0)
                .standingQueue(HELD_AS_LONG_AS_IT_TAKES, Duration.ZERO));
    CompletableFuture<RawHttp.Response> held = post(Envelopes.echo("held", ASSURED));
    await().until(() -> service.started.get() == 1);
    CompletableFuture<RawHttp.Response> waiting = post(Envelopes.echo("waiting", ASSURED));
    await().until(() -> control.queued() == 1);

    RawHttp.Response refused = post(Envelopes.unparsableBody(BEST_EFFORT)).get();
    service.open.countDown();

    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).contains("1");
    assertThat(refused.header("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("text/xml"));
    assertThat(refused.text())
        .contains("<faultcode>soap:Server</faultcode>")
        .contains("<faultstring>Overloaded: best-effort request refused (queue full)");
    assertThat(held.get().status()).isEqualTo(200);
    assertThat(waiting.get().status()).isEqualTo(200);
    assertThat(service.started.get()).as("the refused request reached no endpoint").isEqualTo(2);
    assertThat(count(AdmissionControl.REFUSED_COUNTER, BEST_EFFORT)).isEqualTo(1);
    assertThat(count(AdmissionControl.QUEUED_COUNTER, ASSURED)).isEqualTo(1);
    assertThat(count(AdmissionControl.ADMITTED_COUNTER, ASSURED)).isEqualTo(2);
  }

  @Test
  void aRequestQueuedPastTheBoundIsRefusedByItsExpiryAndTheHeldOneStillServed() throws Exception {
    AdmissionControl control =
        start(AdmissionControl.builder().limit(1, 1, 1).maxQueueTime(Duration.ofMillis(200)));
    CompletableFuture<RawHttp.Response> held = post(Envelopes.echo("held", ASSURED));
    await().until(() -> service.started.get() == 1);

    RawHttp.Response expired = post(Envelopes.echo("waiting", ASSURED)).get();
    service.open.countDown();

    assertThat(expired.status()).isEqualTo(503);
    assertThat(expired.text()).contains("waited 200 ms");
    assertThat(control.queued()).isZero();
    assertThat(held.get().status()).isEqualTo(200);
    assertThat(service.started.get()).as("the expired request reached no endpoint").isEqualTo(1);
  }

  @Test
  void aRequestWaitingInAStandingQueueIsRefusedForAFreshOneThatIsServed() throws Exception {
    AdmissionControl control =
        start(AdmissionControl.builder().limit(1, 1, 1).window(Duration.ZERO, 1));
    // Calls that answer at once: the limit measures the service, and its answer path is warm.
    for (int i = 0; i < 20; i++) {
      assertThat(post(Envelopes.length("warm", ASSURED)).get().status()).isEqualTo(200);
    }
    CompletableFuture<RawHttp.Response> held = post(Envelopes.echo("held", ASSURED));
    await().until(() -> service.started.get() == 1);
    CompletableFuture<RawHttp.Response> stale = post(Envelopes.echo("stale", ASSURED));
    await().until(() -> control.queued() == 1);
    // Past the standing interval (100 ms, or 20 of the service's own latencies if slower): the
    // queue has not been empty since "stale" arrived.
    Thread.sleep(600);

    CompletableFuture<RawHttp.Response> fresh = post(Envelopes.echo("fresh", ASSURED));
    RawHttp.Response refused = stale.get();
    service.open.countDown();

    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.text()).contains("waited over 5 ms in a standing queue");
    assertThat(held.get().status()).isEqualTo(200);
    assertThat(fresh.get().status()).isEqualTo(200);
    assertThat(fresh.get().text()).contains("echo: fresh");
    assertThat(service.started.get()).as("the stale request reached no endpoint").isEqualTo(2);
  }

  @Test
  void aHigherClassPushesAWaitingLowerOneOutAndIsServedWhenAPermitFrees() throws Exception {
    AdmissionControl control =
        start(
            AdmissionControl.builder()
                .limit(1, 1, 1)
                .share(BEST_EFFORT, 0)
                .share(ASSURED, 0)
                .standingQueue(HELD_AS_LONG_AS_IT_TAKES, Duration.ZERO)
                .entitlement(io.wsqos.core.entitlement.PriorityEntitlement.everyone(EXPEDITED)));
    CompletableFuture<RawHttp.Response> held = post(Envelopes.echo("held", BEST_EFFORT));
    await().until(() -> service.started.get() == 1);
    CompletableFuture<RawHttp.Response> bestEffort = post(Envelopes.echo("be", BEST_EFFORT));
    await().until(() -> control.queued() == 1);

    CompletableFuture<RawHttp.Response> expedited = post(Envelopes.echo("ef", EXPEDITED));
    RawHttp.Response pushedOut = bestEffort.get();
    await().until(() -> control.queued() == 1);
    service.open.countDown();

    assertThat(pushedOut.status()).isEqualTo(503);
    assertThat(pushedOut.text()).contains("pushed out of the queue by a higher class");
    assertThat(held.get().status()).isEqualTo(200);
    assertThat(expedited.get().status()).isEqualTo(200);
    assertThat(expedited.get().text()).contains("echo: ef");
  }

  @Test
  void aForgedExpeditedRequestIsCountedInTheClassItsClientIsEntitledTo() throws Exception {
    start(AdmissionControl.builder());
    service.open.countDown();

    RawHttp.Response response = post(Envelopes.echo("forged", EXPEDITED)).get();

    assertThat(count(AdmissionControl.ADMITTED_COUNTER, EXPEDITED)).isZero();
    assertThat(count(AdmissionControl.ADMITTED_COUNTER, ASSURED)).isEqualTo(1);
    assertThat(response.status()).isEqualTo(200);
  }
}
