package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecordListener;
import io.wsqos.monitor.cxf.ExchangeFailures;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.diagnosis.DiagnosisRule;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.monitor.reconfiguration.EndpointHealth;
import io.wsqos.monitor.reconfiguration.EndpointProbe;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import jakarta.xml.ws.WebServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.apache.cxf.BusFactory;
import org.apache.cxf.bus.extension.ExtensionManagerBus;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Self-healing end to end: two bookstore providers on loopback, monitored on both sides; the
 * client's diagnosis and rerouting move it away from a provider that became slow or died, and back
 * once the slow one recovers.
 */
class SelfHealingTest {

  private static final String SERVICE = "Bookstore";
  private static final Catalogue catalogue = Catalogue.generate();

  /** Diagnosis window: long enough to hold several slow calls, so no window is empty. */
  private static final Duration WINDOW = Duration.ofMillis(1_500);

  private static final Duration P95_THRESHOLD = Duration.ofMillis(200);
  private static final int BAD_WINDOWS = 2;

  /** A's injected delay: twice the threshold, so every call to A is a bad sample. */
  private static final Duration SLOW = Duration.ofMillis(400);

  /**
   * The alarm comes at the latest when the BAD_WINDOWS-th full window after A turned slow closes:
   * within BAD_WINDOWS + 1 windows, each holding at most WINDOW / SLOW calls (a call to A cannot be
   * faster than SLOW; a loaded machine only makes calls slower, hence fewer). Twice that, for the
   * window open when the delay started and for the logging manager's batching.
   */
  private static final int MAX_CALLS_TO_MOVE =
      2 * (int) ((BAD_WINDOWS + 1) * WINDOW.toMillis() / SLOW.toMillis() + 1);

  private static final Duration COOLDOWN = Duration.ofSeconds(1);

  /** A probe slower than this fails: A while slow always does, since SLOW is twice this. */
  private static final Duration PROBE_TIMEOUT = Duration.ofMillis(200);

  private static final String THREAD_PREFIX = "selfhealing-";

  /** The client's metrics: its monitor's timers, its diagnosis' alarms, its reroutes. */
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** The providers' metrics, apart as they would be in other processes. */
  private final SimpleMeterRegistry providerRegistry = new SimpleMeterRegistry();

  /** Closed after each test, last opened first. */
  private final Deque<AutoCloseable> resources = new ArrayDeque<>();

  private DelayedBookstore delayedA;
  private CountingBookstore countedA;
  private CountingBookstore countedB;
  private BookstoreServer providerA;
  private BookstoreServer providerB;
  private QosLog clientLog;

  @AfterEach
  void closeEverything() throws Exception {
    Exception failure = null;
    while (!resources.isEmpty()) {
      try {
        resources.pop().close();
      } catch (Exception e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    await()
        .atMost(Duration.ofSeconds(15))
        .until(
            () ->
                Thread.getAllStackTraces().keySet().stream()
                    .filter(Thread::isAlive)
                    .map(Thread::getName)
                    .noneMatch(
                        name ->
                            name.startsWith(THREAD_PREFIX)
                                || name.startsWith(BookstoreServer.THREAD_NAME_PREFIX)));
    if (failure != null) {
      throw failure;
    }
  }

  @Test
  void slowProviderIsLeftWithinBoundedCallsAndUsedAgainOnceItRecovers() throws Exception {
    startProviders();
    // A cheap call through the service itself: it sees A slow, where a WSDL probe would not. It
    // asks for a book, so that the hellos counted are the client's alone.
    String lookUp = Files.readString(Path.of("requests", "lite-1.xml"));
    ReroutingFeature rerouting =
        rerouting(builder -> builder.probe(EndpointProbe.soapRequest(lookUp, PROBE_TIMEOUT)));
    BookstoreService client = client(rerouting);
    for (int i = 0; i < 5; i++) {
      client.hello();
    }
    Optional<String> beforeSlow = rerouting.currentEndpoint();

    delayedA.setDelay(SLOW);
    int calls = 0;
    while (!rerouting.currentEndpoint().equals(Optional.of(providerB.address()))
        && calls < 3 * MAX_CALLS_TO_MOVE) {
      client.hello();
      calls++;
    }
    long servedByAWhileSlow = countedA.hellos();
    for (int i = 0; i < 5; i++) {
      client.hello();
    }
    long servedByAOnB = countedA.hellos();
    long servedByB = countedB.hellos();
    // Still slow: the probe keeps A out well past the cool-down.
    await()
        .during(COOLDOWN.plusMillis(500))
        .atMost(COOLDOWN.plusSeconds(10))
        .until(() -> rerouting.currentEndpoint().equals(Optional.of(providerB.address())));
    delayedA.setDelay(Duration.ZERO);
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> rerouting.currentEndpoint().equals(Optional.of(providerA.address())));
    client.hello();

    assertThat(beforeSlow).contains(providerA.address());
    assertThat(calls).as("calls until the client left slow A").isBetween(1, MAX_CALLS_TO_MOVE);
    assertThat(servedByAOnB)
        .as("no call went to A once the client moved")
        .isEqualTo(servedByAWhileSlow);
    assertThat(servedByB).isEqualTo(5);
    assertThat(countedA.hellos()).isEqualTo(servedByAWhileSlow + 1);
    assertThat(countedB.hellos()).isEqualTo(5);
    assertThat(rerouting.health()).containsEntry(providerA.address(), EndpointHealth.HEALTHY);
    assertThat(countedA.bookInfos()).as("probes of A").isPositive();
    assertThat(count("wsqos.monitor.alarms", "endpoint", providerA.address())).isEqualTo(1);
    assertThat(reroutes(providerA.address(), providerB.address(), "alarm")).isEqualTo(1);
    assertThat(reroutes(providerB.address(), providerA.address(), "recovered")).isEqualTo(1);
  }

  @Test
  void killedProviderMovesTheClientAtOnceAndTheFailedCallIsNotResent() throws Exception {
    startProviders();
    ReroutingFeature rerouting = rerouting(UnaryOperator.identity());
    BookstoreService client = client(rerouting);
    for (int i = 0; i < 5; i++) {
      client.hello();
    }

    providerA.close();
    Throwable failed = catchThrowable(client::hello);
    long servedByBAfterFailure = countedB.hellos();
    for (int i = 0; i < 5; i++) {
      client.hello();
    }

    assertThat(failed).isInstanceOf(WebServiceException.class);
    assertThat(ExchangeFailures.isTransportFailure(ExchangeFailures.outcomeOf(failed))).isTrue();
    assertThat(servedByBAfterFailure).as("the failed call was not resent to B").isZero();
    assertThat(countedA.hellos()).isEqualTo(5);
    assertThat(countedB.hellos()).isEqualTo(5);
    assertThat(rerouting.currentEndpoint()).contains(providerB.address());
    assertThat(rerouting.health()).containsEntry(providerA.address(), EndpointHealth.DOWN);
    assertThat(reroutes(providerA.address(), providerB.address(), "transport-failure"))
        .isEqualTo(1);
    assertThat(registry.find("wsqos.monitor.retries").counters()).isEmpty();
    // The requester-side monitor recorded the failed call, at A, and only there.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> failedRequesterCalls(providerA.address()) == 1);
    assertThat(failedRequesterCalls(providerB.address())).isZero();
  }

  @Test
  void killedProviderResendsAnIdempotentCallToTheOtherProvider() throws Exception {
    startProviders();
    ReroutingFeature rerouting = rerouting(builder -> builder.idempotent("getBookInfo"));
    BookstoreService client = client(rerouting);
    String isbn = catalogue.books().get(7).info().isbn();
    client.getBookInfo(isbn);

    providerA.close();
    BookInfo book = client.getBookInfo(isbn);

    assertThat(book).usingRecursiveComparison().isEqualTo(catalogue.books().get(7).info());
    assertThat(countedA.bookInfos()).isEqualTo(1);
    assertThat(countedB.bookInfos()).isEqualTo(1);
    assertThat(rerouting.currentEndpoint()).contains(providerB.address());
    assertThat(count("wsqos.monitor.retries", "operation", "getBookInfo", "result", "success"))
        .isEqualTo(1);
  }

  @Test
  void allProvidersDownFailsEachCallClearlyAndTheClientStays() throws Exception {
    startProviders();
    ReroutingFeature rerouting = rerouting(builder -> builder.idempotent("hello"));
    BookstoreService client = client(rerouting);
    client.hello();

    providerA.close();
    providerB.close();
    Throwable first = catchThrowable(client::hello);
    Throwable second = catchThrowable(client::hello);

    assertThat(List.of(first, second))
        .allSatisfy(
            failed -> {
              assertThat(failed).isInstanceOf(WebServiceException.class);
              assertThat(ExchangeFailures.isTransportFailure(ExchangeFailures.outcomeOf(failed)))
                  .isTrue();
            });
    assertThat(countedA.hellos()).isEqualTo(1);
    assertThat(countedB.hellos()).isZero();
    assertThat(rerouting.currentEndpoint()).contains(providerB.address());
    assertThat(rerouting.health())
        .containsEntry(providerA.address(), EndpointHealth.DOWN)
        .containsEntry(providerB.address(), EndpointHealth.DOWN);
    assertThat(count("wsqos.monitor.reroutes.skipped", "reason", "no-better-candidate"))
        .isGreaterThanOrEqualTo(1);
    assertThat(count("wsqos.monitor.retries", "operation", "hello", "result", "failure"))
        .isEqualTo(1);
  }

  /** Starts A (delay injectable) and B, each with the provider-side monitor. */
  private void startProviders() throws Exception {
    QosLog providerLog = log(providerRegistry, "provider");
    MonitoringFeature monitoring = MonitoringFeature.builder().log(providerLog).build();
    delayedA = new DelayedBookstore(new BookstoreImpl(catalogue), Duration.ZERO);
    countedA = new CountingBookstore(delayedA);
    countedB = new CountingBookstore(new BookstoreImpl(catalogue));
    providerA = BookstoreServer.start("127.0.0.1", 0, countedA, List.of(monitoring));
    resources.push(providerA);
    providerB = BookstoreServer.start("127.0.0.1", 0, countedB, List.of(monitoring));
    resources.push(providerB);
  }

  /**
   * The client's rerouting among A then B, wired to a diagnosis (p95 above the threshold in
   * BAD_WINDOWS windows in a row) fed by the client's logging manager.
   */
  private ReroutingFeature rerouting(UnaryOperator<ReroutingFeature.Builder> configure) {
    EndpointCandidates candidates =
        EndpointCandidates.of(Map.of(SERVICE, List.of(providerA.address(), providerB.address())));
    ReroutingFeature rerouting =
        configure
            .apply(
                ReroutingFeature.builder(candidates, SERVICE, registry)
                    .cooldown(COOLDOWN)
                    .probeInterval(Duration.ofMillis(100))
                    .threadName(THREAD_PREFIX + "rerouting"))
            .build();
    resources.push(rerouting);
    Diagnosis diagnosis =
        Diagnosis.builder(registry)
            .window(WINDOW)
            .rule(DiagnosisRule.p95ResponseTimeAbove(P95_THRESHOLD, BAD_WINDOWS))
            .listener(rerouting)
            .threadName(THREAD_PREFIX + "diagnosis")
            .build();
    resources.push(diagnosis);
    clientLog = log(registry, "client", diagnosis);
    return rerouting;
  }

  private QosLog log(SimpleMeterRegistry meters, String side, QosRecordListener... listeners) {
    QosLog.Builder builder =
        QosLog.builder(meters)
            .store(
                JdbcRecordStore.builder()
                    .url("jdbc:h2:mem:selfhealing-" + side + "-" + UUID.randomUUID(), "", "")
                    .build())
            .flushInterval(Duration.ofMillis(10))
            .threadName(THREAD_PREFIX + side + "-log");
    for (QosRecordListener listener : listeners) {
      builder.listener(listener);
    }
    QosLog log = builder.build();
    resources.push(log);
    return log;
  }

  /**
   * A client on a bus of its own, monitored into the client's log, rerouted by {@code rerouting}.
   */
  private BookstoreService client(ReroutingFeature rerouting) {
    ExtensionManagerBus bus = new ExtensionManagerBus();
    // A new bus makes itself the default when there is none; the test's bus must not stay it.
    if (BusFactory.getThreadDefaultBus(false) == bus) {
      BusFactory.setThreadDefaultBus(null);
    }
    if (BusFactory.getDefaultBus(false) == bus) {
      BusFactory.setDefaultBus(null);
    }
    bus.initialize();
    resources.push(() -> bus.shutdown(true));
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setBus(bus);
    factory.setServiceClass(BookstoreService.class);
    // The factory's address is a formality: the rerouting points each call at its endpoint.
    factory.setAddress(providerA.address());
    factory.getFeatures().add(MonitoringFeature.builder().log(clientLog).build());
    factory.getFeatures().add(rerouting);
    BookstoreService client = factory.create(BookstoreService.class);
    resources.push(() -> ClientProxy.getClient(client).destroy());
    return client;
  }

  private double count(String name, String... tags) {
    Counter counter = registry.find(name).tags(tags).counter();
    return counter == null ? 0 : counter.count();
  }

  private double reroutes(String from, String to, String reason) {
    return count("wsqos.monitor.reroutes", "from", from, "to", to, "reason", reason);
  }

  /** Requester-side records at {@code endpoint} that did not succeed, from the client's timers. */
  private long failedRequesterCalls(String endpoint) {
    return registry
        .find("wsqos.monitor.response")
        .tags("side", "requester", "endpoint", endpoint)
        .timers()
        .stream()
        .filter(timer -> !"success".equals(timer.getId().getTag("outcome")))
        .mapToLong(Timer::count)
        .sum();
  }
}
