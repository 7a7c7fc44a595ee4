package io.wsqos.examples.brokerdemo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.entry;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.ClientTimeouts;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.examples.bookstore.BookInfo;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.ExchangeFailures;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.monitor.reconfiguration.EndpointHealth;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import jakarta.xml.ws.WebServiceException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.cxf.frontend.ClientProxy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rerouting through the broker, end to end: the demo's broker and its two bookstores, and a
 * monitored client ({@link ReroutedBookstore}) whose candidates are the broker's selection for its
 * requirement. The client calls Budget Books, the cheapest; once that bookstore stops, the client
 * moves to Express Books, the next the broker names, losing only what the rerouting documents.
 */
class ReroutingThroughBrokerTest {

  private static final String BUDGET = "Budget Books";
  private static final String EXPRESS = "Express Books";

  /** The first book of the catalogue, the one {@code requests/lite-1.xml} asks for. */
  private static final String ISBN = "978-1-4000-0000-5";

  /** Both demo offers meet it (availability 0.99 and 0.999); the cheaper ranks first. */
  private static final QosRequirement REQUIREMENT =
      QosRequirement.of(
          CompressionPreference.SERVER_DECIDES, QosTerms.builder().minAvailability(0.99).build());

  private static final String LOG_THREAD = "rerouting-test-log";

  /** Threads of the client's side that must end with it. */
  private static final Set<String> CLIENT_THREADS =
      Set.of(ReroutingFeature.DEFAULT_THREAD_NAME, "wsqos-broker-candidates", LOG_THREAD);

  @TempDir Path directory;

  /** The client's metrics: its monitor's timers and its reroutes. */
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** Closed after each test, last opened first. */
  private final Deque<AutoCloseable> resources = new ArrayDeque<>();

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
                    .noneMatch(CLIENT_THREADS::contains));
    if (failure != null) {
      throw failure;
    }
  }

  @Test
  void anIdempotentCallAtTheStoppedCheapProviderIsResentToTheNextTheBrokerNames() throws Exception {
    BrokerDemo demo = startDemo();
    ReroutedBookstore bookstore = connect(demo);
    BookstoreService client = bookstore.client();
    ReroutingFeature rerouting = bookstore.rerouting();
    String budget = demo.bookstoreAddress(BUDGET);
    String express = demo.bookstoreAddress(EXPRESS);
    Optional<String> chosen = rerouting.currentEndpoint();
    BookInfo before = client.getBookInfo(ISBN);

    demo.stopBookstore(BUDGET);
    BookInfo after = client.getBookInfo(ISBN);
    for (int i = 0; i < 3; i++) {
      client.hello();
    }

    assertThat(ClientProxy.getClient(client).getEndpoint())
        .as("on the conduit whose receive timeout bounds every read")
        .containsEntry(ClientTimeouts.FORCE_URL_CONNECTION, true);
    assertThat(chosen).as("the broker's best offer").contains(budget);
    assertThat(after).usingRecursiveComparison().isEqualTo(before);
    assertThat(rerouting.currentEndpoint()).contains(express);
    assertThat(rerouting.health())
        .as("the broker's candidates, in its order")
        .containsExactly(
            entry(budget, EndpointHealth.DOWN), entry(express, EndpointHealth.HEALTHY));
    assertThat(registry.find("wsqos.monitor.reroutes").counters()).hasSize(1);
    assertThat(reroutes(budget, express, "transport-failure")).isEqualTo(1);
    assertThat(count("wsqos.monitor.retries", "operation", "getBookInfo", "result", "success"))
        .isEqualTo(1);
    // What the client's monitor recorded: who answered each call.
    await().atMost(Duration.ofSeconds(10)).until(() -> requesterCalls(express, ok()) == 4);
    await().atMost(Duration.ofSeconds(10)).until(() -> requesterCalls(budget, ok().negate()) == 1);
    assertThat(requesterCalls(budget, ok())).isEqualTo(1);
    assertThat(requesterCalls(express, ok().negate())).isZero();
  }

  @Test
  void aCallThatIsNotIdempotentFailsOnceAndTheNextCallsGoToTheNextProvider() throws Exception {
    BrokerDemo demo = startDemo();
    ReroutedBookstore bookstore = connect(demo);
    BookstoreService client = bookstore.client();
    ReroutingFeature rerouting = bookstore.rerouting();
    String budget = demo.bookstoreAddress(BUDGET);
    String express = demo.bookstoreAddress(EXPRESS);
    client.hello();

    demo.stopBookstore(BUDGET);
    Throwable failed = catchThrowable(client::hello);
    for (int i = 0; i < 3; i++) {
      client.hello();
    }

    assertThat(failed).isInstanceOf(WebServiceException.class);
    assertThat(ExchangeFailures.isTransportFailure(ExchangeFailures.outcomeOf(failed))).isTrue();
    assertThat(rerouting.currentEndpoint()).contains(express);
    assertThat(reroutes(budget, express, "transport-failure")).isEqualTo(1);
    assertThat(registry.find("wsqos.monitor.retries").counters()).as("not resent").isEmpty();
    await().atMost(Duration.ofSeconds(10)).until(() -> requesterCalls(express, ok()) == 3);
    await().atMost(Duration.ofSeconds(10)).until(() -> requesterCalls(budget, ok().negate()) == 1);
    assertThat(requesterCalls(budget, ok())).isEqualTo(1);
    assertThat(requesterCalls(express, ok().negate())).isZero();
  }

  @Test
  void whileNoOfferMeetsTheRequirementACallFailsWithoutAnAddress() throws Exception {
    BrokerDemo demo = startDemo();
    QosLog log = log();
    // The faster offer promises 100 ms: none meets 50.
    ReroutedBookstore bookstore =
        ReroutedBookstore.connect(
            URI.create(demo.broker().address()),
            QosRequirement.of(
                CompressionPreference.SERVER_DECIDES,
                QosTerms.builder().maxResponseTimeMillis(50).build()),
            log,
            registry);
    resources.push(bookstore);

    Throwable failed = catchThrowable(bookstore.client()::hello);

    assertThat(bookstore.rerouting().currentEndpoint()).isEmpty();
    assertThat(bookstore.rerouting().health()).isEmpty();
    assertThat(failed).isInstanceOf(WebServiceException.class);
    // CXF's own failure: it has no address to send to.
    assertThat(failed.getCause().getStackTrace()[0].getClassName()).startsWith("org.apache.cxf.");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> requesterCalls("unknown", ok().negate()) == 1);
  }

  private BrokerDemo startDemo() throws Exception {
    BrokerDemo demo = DemoInDirectory.start(directory);
    resources.push(demo);
    return demo;
  }

  /** The client, its exchanges in a log of its own feeding {@link #registry}. */
  private ReroutedBookstore connect(BrokerDemo demo) {
    ReroutedBookstore bookstore =
        ReroutedBookstore.connect(
            URI.create(demo.broker().address()), REQUIREMENT, log(), registry);
    resources.push(bookstore);
    return bookstore;
  }

  /** The client's monitor log, feeding {@link #registry}. */
  private QosLog log() {
    QosLog log =
        QosLog.builder(registry)
            .store(
                JdbcRecordStore.builder()
                    .url("jdbc:h2:mem:rerouting-client-" + UUID.randomUUID(), "", "")
                    .build())
            .flushInterval(Duration.ofMillis(10))
            .threadName(LOG_THREAD)
            .build();
    resources.push(log);
    return log;
  }

  private double count(String name, String... tags) {
    Counter counter = registry.find(name).tags(tags).counter();
    return counter == null ? 0 : counter.count();
  }

  private double reroutes(String from, String to, String reason) {
    return count("wsqos.monitor.reroutes", "from", from, "to", to, "reason", reason);
  }

  private static Predicate<String> ok() {
    return "success"::equals;
  }

  /** Calls the client's monitor recorded at {@code endpoint} whose outcome passes {@code test}. */
  private long requesterCalls(String endpoint, Predicate<String> outcome) {
    return registry
        .find("wsqos.monitor.response")
        .tags("side", "requester", "endpoint", endpoint)
        .timers()
        .stream()
        .filter(timer -> outcome.test(timer.getId().getTag("outcome")))
        .mapToLong(Timer::count)
        .sum();
  }
}
