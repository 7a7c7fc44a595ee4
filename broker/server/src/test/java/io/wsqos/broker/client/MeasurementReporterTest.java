package io.wsqos.broker.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OperationQos;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A provider's {@link MeasurementReporter} against a real broker: the counts it reports are exact,
 * its percentiles are the recorded calls' (nearest rank), its memory holds a bounded sample of a
 * large window, closing lets a report in flight finish, and a broker it cannot reach costs a
 * dropped report, not an exception.
 */
class MeasurementReporterTest {

  private BrokerStack broker;
  private Offer offer;
  private BrokerClient provider;

  @BeforeEach
  void start() {
    broker = BrokerStack.start();
    ProviderOffer acme = ProviderOffer.publish(broker, new QName("urn:t", "Quotes"), 50, 0.9);
    offer = acme.offer();
    provider = acme.provider();
  }

  @AfterEach
  void stop() throws Exception {
    broker.close();
  }

  @Test
  void aWindowIsReportedWithExactCountsAndItsCallsPercentiles() {
    MeasurementReporter reporter = MeasurementReporter.builder(provider).build();
    for (int ms = 1; ms <= 100; ms++) {
      reporter.record(offer.id(), Optional.empty(), "quote", ms * 1_000_000L, ms > 95);
    }
    reporter.record(offer.id(), Optional.empty(), "history", 7_000_000L, false);

    assertThat(reporter.report()).isEqualTo(2);
    assertThat(reporter.report()).isZero(); // a window without calls sends nothing

    MeasuredQos measured = provider.measuredQos(offer.id()).orElseThrow();
    assertThat(measured.operations())
        .extracting(OperationQos::operation)
        .containsExactly("history", "quote");
    OperationQos quote = measured.operations().get(1);
    assertThat(quote.requests()).isEqualTo(100);
    assertThat(quote.failures()).isEqualTo(5);
    assertThat(quote.p50Millis()).isEqualTo(50);
    assertThat(quote.p95Millis()).isEqualTo(95);
    assertThat(quote.p99Millis()).isEqualTo(99);
    // 95 % availability meets 0.9; p95 95 ms breaks the 50 ms promised.
    assertThat(measured.flagged()).isTrue();
    assertThat(measured.reason())
        .contains("quote: p95 response time 95.0 ms above the offered 50 ms");
  }

  @Test
  void aLargeWindowKeepsABoundedSampleButCountsEveryCall() {
    MeasurementReporter reporter = MeasurementReporter.builder(provider).build();
    int calls = 3 * MeasurementReporter.MAX_SAMPLES;
    for (int i = 0; i < calls; i++) {
      reporter.record(offer.id(), Optional.empty(), "quote", 10_000_000L, false);
    }

    reporter.report();

    OperationQos quote = provider.measuredQos(offer.id()).orElseThrow().operations().get(0);
    assertThat(quote.requests()).isEqualTo(calls);
    assertThat(quote.p99Millis()).isEqualTo(10);
  }

  @Test
  void closeLetsTheReportsInFlightFinishInsteadOfDroppingThem() throws Exception {
    // A broker that holds the first report until released, and answers every one with 204.
    CountDownLatch firstArrived = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<String> reported = new CopyOnWriteArrayList<>();
    HttpServer stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    stub.createContext(
        "/api/offers/",
        exchange -> {
          reported.add(exchange.getRequestURI().getPath());
          firstArrived.countDown();
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    ExecutorService handlers = Executors.newCachedThreadPool();
    stub.setExecutor(handlers);
    stub.start();
    try {
      BrokerClient held =
          BrokerClient.builder(URI.create("http://127.0.0.1:" + stub.getAddress().getPort()))
              .build();
      MeasurementReporter reporter =
          MeasurementReporter.builder(held).period(Duration.ofMillis(100)).build();
      reporter.record(1, Optional.empty(), "quote", 1_000_000L, false);
      reporter.record(2, Optional.empty(), "quote", 1_000_000L, false);
      reporter.start();
      assertThat(firstArrived.await(10, TimeUnit.SECONDS)).isTrue();

      CompletableFuture<Void> closing = CompletableFuture.runAsync(reporter::close);

      await()
          .during(Duration.ofMillis(300))
          .atMost(Duration.ofSeconds(5))
          .until(() -> !closing.isDone());
      release.countDown();
      closing.get(10, TimeUnit.SECONDS);
      assertThat(reported)
          .containsExactlyInAnyOrder("/api/offers/1/measurements", "/api/offers/2/measurements");
    } finally {
      release.countDown();
      stub.stop(0);
      handlers.shutdownNow();
    }
  }

  @Test
  void aBrokerItCannotReachCostsADroppedReportAndCloseStopsItsThread() throws Exception {
    BrokerClient nowhere =
        BrokerClient.builder(URI.create("http://127.0.0.1:9/"))
            .requestTimeout(Duration.ofSeconds(1))
            .build();
    MeasurementReporter reporter =
        MeasurementReporter.builder(nowhere).period(Duration.ofMillis(100)).build().start();
    reporter.record(offer.id(), Optional.empty(), "quote", 1_000_000L, false);

    assertThat(reporter.report()).isZero();
    reporter.close();
    reporter.close();

    assertThat(
            Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals(MeasurementReporter.THREAD_NAME)))
        .isEmpty();
  }
}
