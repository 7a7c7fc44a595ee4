package io.wsqos.core.admission;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import jakarta.jws.WebService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The limit on a real server follows the latency the test scripts: each call moves the control's
 * mock clock by the current delay, so a call's measured latency is what the test says, not the
 * machine's.
 */
class AdmissionRecoveryTest {

  private static final int CONCURRENCY = 4;

  private final MockClock clock = new MockClock();
  private final AtomicLong delayMillis = new AtomicLong(1);
  private final ExecutorService clients = Executors.newFixedThreadPool(CONCURRENCY);
  private EmbeddedServer server;

  /** An echo whose every call takes the scripted delay on the mock clock. */
  @WebService(
      endpointInterface = "io.wsqos.testing.service.EchoService",
      targetNamespace = EchoService.NAMESPACE,
      serviceName = "EchoService")
  public static class ClockedEcho implements EchoService {
    private final MockClock clock;
    private final AtomicLong delayMillis;

    ClockedEcho(MockClock clock, AtomicLong delayMillis) {
      this.clock = clock;
      this.delayMillis = delayMillis;
    }

    @Override
    public String echo(String text) {
      synchronized (clock) {
        clock.add(Duration.ofMillis(delayMillis.get()));
      }
      return "echo: " + text;
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

  @AfterEach
  void tearDown() {
    if (server != null) {
      server.close();
    }
    clients.shutdownNow();
  }

  @Test
  void theLimitFallsWhenTheServiceSlowsAndGrowsBackWhenItRecovers() {
    AdmissionControl control =
        AdmissionControl.builder()
            .limit(4, 1, 64)
            .window(Duration.ZERO, CONCURRENCY)
            .queuePerLimit(100)
            // Each batch queues behind a limit that is meant to be too low: what is measured here.
            .standingQueue(AdmissionHandlerTest.HELD_AS_LONG_AS_IT_TAKES, Duration.ZERO)
            .meterRegistry(new SimpleMeterRegistry(SimpleConfig.DEFAULT, clock))
            .build();
    server =
        EmbeddedServer.builder()
            .admission(AdmissionHandler.of(control))
            .endpoint("/echo", EchoService.class, new ClockedEcho(clock, delayMillis))
            .start();
    batches(20);
    int steady = control.limit();

    delayMillis.set(50);
    batches(20);
    int slowed = control.limit();
    delayMillis.set(1);
    batches(40);
    int recovered = control.limit();

    assertThat(slowed).isLessThan(steady);
    assertThat(recovered).isGreaterThan(slowed);
    // A permit is released once the response has been sent, which the client may see first.
    await().until(() -> control.inFlight() == 0);
  }

  /** {@code n} rounds of {@link #CONCURRENCY} calls at once, each round waited for. */
  private void batches(int n) {
    for (int b = 0; b < n; b++) {
      List<CompletableFuture<RawHttp.Response>> calls = new ArrayList<>();
      for (int i = 0; i < CONCURRENCY; i++) {
        calls.add(
            CompletableFuture.supplyAsync(
                () -> RawHttp.postXml(server.address("/echo"), Envelopes.echo("x", ASSURED)),
                clients));
      }
      calls.forEach(c -> assertThat(c.join().status()).isEqualTo(200));
    }
  }
}
