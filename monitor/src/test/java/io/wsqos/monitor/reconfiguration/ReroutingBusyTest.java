package io.wsqos.monitor.reconfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.overload.ProviderBusyException;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.cxf.ExchangeFailures;
import io.wsqos.testing.BusyScript;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.MutableClock;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A provider that answers busy (503, Retry-After) between real Jetty servers: avoided for its
 * Retry-After, never left for good, while a real failure still moves the client.
 */
class ReroutingBusyTest {

  private static final String SERVICE = "EchoService";

  private final EchoServiceImpl serviceA = new EchoServiceImpl();
  private final EchoServiceImpl serviceB = new EchoServiceImpl();
  private final BusyScript scriptA = new BusyScript(2);

  /** A answers busy when scripted; B is the other candidate and hosts the clients. */
  private final TestServer a =
      TestServer.builder(EchoService.class, serviceA).inInterceptor(scriptA).start();

  @RegisterExtension
  final CxfServerExtension b = CxfServerExtension.forService(EchoService.class, serviceB);

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final MutableClock clock = MutableClock.atSystemTime();
  private final List<Reroute> reroutes = new CopyOnWriteArrayList<>();
  private ReroutingFeature feature;

  @AfterEach
  void close() {
    if (feature != null) {
      feature.close();
    }
    a.close();
  }

  private EchoService client(String... endpoints) {
    feature =
        ReroutingFeature.builder(
                EndpointCandidates.of(Map.of(SERVICE, List.of(endpoints))), SERVICE, registry)
            .threadName("test-rerouting-busy")
            .clock(clock)
            .listener(reroutes::add)
            .build();
    return b.client(EchoService.class, feature);
  }

  private double busyAnswers(String endpoint) {
    var counter = registry.find("wsqos.monitor.busy").tag("endpoint", endpoint).counter();
    return counter == null ? 0 : counter.count();
  }

  @Test
  void busyAnswerMovesNoClientAndCallsAvoidTheEndpointOnlyForItsRetryAfter() {
    EchoService client = client(a.address(), b.address());
    scriptA.busyFor(1);

    Throwable busy = catchThrowable(() -> client.echo("refused"));
    for (int i = 0; i < 5; i++) {
      assertThat(client.echo("during")).isEqualTo("echo: during");
    }
    int aDuring = scriptA.received();
    clock.advance(Duration.ofSeconds(2));
    client.echo("after");

    assertThat(busy).isInstanceOf(WebServiceException.class);
    assertThat(busy.getCause()).isInstanceOf(ProviderBusyException.class);
    assertThat(((ProviderBusyException) busy.getCause()).retryAfter())
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(ExchangeFailures.outcomeOf(busy)).isEqualTo(Outcome.BUSY);
    assertThat(aDuring).as("no call reached A during its Retry-After").isEqualTo(1);
    assertThat(serviceB.invocations()).isEqualTo(5);
    assertThat(serviceA.invocations()).as("A serves again after it").isEqualTo(1);
    assertThat(reroutes).as("a busy answer is no reroute").isEmpty();
    assertThat(feature.currentEndpoint()).contains(a.address());
    assertThat(feature.health()).containsEntry(a.address(), EndpointHealth.HEALTHY);
    assertThat(busyAnswers(a.address())).isEqualTo(1);
    assertThat(registry.find("wsqos.monitor.reroutes").counters()).isEmpty();
  }

  @Test
  void concurrentCallersEachSendAtMostOneCallToABusyEndpointDuringItsRetryAfter() throws Exception {
    EchoService client = client(a.address(), b.address());
    scriptA.busyFor(1_000);
    int threads = 4;
    int callsEach = 20;
    AtomicInteger busyAnswers = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);

    List<Future<?>> callers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      callers.add(
          pool.submit(
              () -> {
                for (int i = 0; i < callsEach; i++) {
                  try {
                    client.echo("x");
                  } catch (WebServiceException e) {
                    assertThat(e.getCause()).isInstanceOf(ProviderBusyException.class);
                    busyAnswers.incrementAndGet();
                  }
                }
              }));
    }
    for (Future<?> caller : callers) {
      caller.get(30, TimeUnit.SECONDS);
    }
    pool.shutdown();
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

    assertThat(scriptA.received())
        .as("a caller's next call after a busy answer never goes to A")
        .isBetween(1, threads);
    assertThat(busyAnswers.get()).isEqualTo(scriptA.received());
    assertThat(serviceB.invocations()).isEqualTo(threads * callsEach - scriptA.received());
    assertThat(reroutes).isEmpty();
  }

  @Test
  void busyAnswerIsNotResentEvenForAnIdempotentOperation() {
    feature =
        ReroutingFeature.builder(
                EndpointCandidates.of(Map.of(SERVICE, List.of(a.address(), b.address()))),
                SERVICE,
                registry)
            .threadName("test-rerouting-busy")
            .clock(clock)
            .idempotent("echo")
            .build();
    EchoService client = b.client(EchoService.class, feature);
    scriptA.busyFor(1);

    Throwable busy = catchThrowable(() -> client.echo("once"));

    assertThat(busy.getCause()).isInstanceOf(ProviderBusyException.class);
    assertThat(serviceB.invocations()).as("not resent to B").isZero();
    assertThat(registry.find("wsqos.monitor.retries").counters()).isEmpty();
  }

  @Test
  void withEveryCandidateBusyCallsAreHeldWithoutBeingSentUntilTheRetryAfterPasses() {
    EchoService client = client(a.address());
    scriptA.busyFor(1);
    catchThrowable(() -> client.echo("refused"));

    Throwable held = catchThrowable(() -> client.echo("held"));
    clock.advance(Duration.ofMillis(1500));
    Throwable stillHeld = catchThrowable(() -> client.echo("held"));
    clock.advance(Duration.ofMillis(500));
    String after = client.echo("after");

    assertThat(held.getCause()).isInstanceOf(ProviderBusyException.class);
    ProviderBusyException heldBusy = (ProviderBusyException) held.getCause();
    assertThat(heldBusy.held()).isTrue();
    assertThat(heldBusy.retryAfter()).isEqualTo(Duration.ofSeconds(2));
    assertThat(((ProviderBusyException) stillHeld.getCause()).retryAfter())
        .isEqualTo(Duration.ofMillis(500));
    assertThat(ExchangeFailures.outcomeOf(held)).isEqualTo(Outcome.BUSY);
    assertThat(after).isEqualTo("echo: after");
    assertThat(scriptA.received()).as("held calls were never sent").isEqualTo(2);
    assertThat(registry.find("wsqos.monitor.calls.held").counter().count()).isEqualTo(2);
    assertThat(reroutes).isEmpty();
  }

  @Test
  void aRealFailureStillMovesTheClientAfterABusyAnswer() {
    EchoService client = client(a.address(), b.address());
    scriptA.busyFor(1);
    catchThrowable(() -> client.echo("refused"));
    clock.advance(Duration.ofSeconds(2));
    a.close();

    Throwable refused = catchThrowable(() -> client.echo("lost"));
    String next = client.echo("next");

    assertThat(ExchangeFailures.outcomeOf(refused)).isEqualTo(Outcome.REFUSED);
    assertThat(next).isEqualTo("echo: next");
    assertThat(feature.currentEndpoint()).contains(b.address());
    assertThat(feature.health()).containsEntry(a.address(), EndpointHealth.DOWN);
    assertThat(reroutes)
        .singleElement()
        .extracting(Reroute::reason)
        .isEqualTo(RerouteReason.TRANSPORT_FAILURE);
  }

  @Test
  void aBusyAnswerFromAnEndpointThatIsNoCandidateIsIgnored() {
    ReroutingPolicy policy =
        new ReroutingPolicy(
            EndpointCandidates.of(Map.of(SERVICE, List.of(a.address()))),
            SERVICE,
            Duration.ofSeconds(30),
            clock,
            registry,
            List.of());

    boolean marked = policy.onBusy("http://127.0.0.1:1/elsewhere", Duration.ofSeconds(1));

    assertThat(marked).isFalse();
    assertThat(policy.busy()).isNull();
    assertThat(
            registry
                .find("wsqos.monitor.reroutes.skipped")
                .tag("reason", "unknown-endpoint")
                .counter()
                .count())
        .isEqualTo(1);
  }
}
