package io.wsqos.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.load.ScriptedHttpServer.Mode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;

/**
 * The open-loop driver's promise: a latency runs from the request's intended send time, so a stall
 * (of the server, or of the driver itself) shows in the latency of every request that was due
 * during it, and so does the wait for a free connection of the bounded kept-alive pool. Every bound
 * here is a lower bound that follows from the order of events (a response held until an instant
 * cannot complete before it), never an upper bound on elapsed time.
 */
class CoordinatedOmissionTest {

  private static final int RATE_PER_SECOND = 100;
  private static final long PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1) / RATE_PER_SECOND;
  private static final Duration MEASURE = Duration.ofSeconds(1);
  private static final int REQUESTS = 100;
  private static final int FIRST_STALLED = 20;
  private static final int STALL_ENDED_BY = 50;
  private static final long DRIVER_STALL_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

  private final OpenLoopDriver driver = OpenLoopDriver.create(OpenLoopDriverTest.PATIENT);

  @Test
  void everyRequestHeldByAStalledServerHasALatencyOfAtLeastTheRestOfTheStall() throws IOException {
    try (ScriptedHttpServer server =
        ScriptedHttpServer.stalling(OpenLoopDriverTest.OK, FIRST_STALLED, STALL_ENDED_BY)) {

      RunResult result =
          driver.run(
              OpenLoopDriverTest.soapPost(server.uri()), RATE_PER_SECOND, Duration.ZERO, MEASURE);

      // Each held request was sent no later than it arrived and answered no sooner than the
      // stall ended, so from its intended send time it took at least releaseNanos - arrival.
      List<Long> boundsMicros = new ArrayList<>();
      for (long arrival : server.heldArrivalNanos()) {
        boundsMicros.add((server.releaseNanos() - arrival) / 1000);
      }
      assertThat(boundsMicros).hasSize(STALL_ENDED_BY - FIRST_STALLED);
      assertThat(result.succeeded()).isEqualTo(REQUESTS);
      // The driver kept sending while 30 responses were outstanding: it did not wait for them.
      assertThat(result.maxInFlight()).isGreaterThanOrEqualTo(STALL_ENDED_BY - FIRST_STALLED);
      assertEachBoundIsMetByADistinctLatency(result.latencyMicros(), boundsMicros);
    }
  }

  @Test
  void everyRequestDueWhileTheDriverWasStalledHasALatencyOfAtLeastTheRestOfTheStall()
      throws IOException {
    try (ScriptedHttpServer server =
        ScriptedHttpServer.answering(OpenLoopDriverTest.OK, Mode.ANSWER_AND_CLOSE)) {
      RequestSource requests = OpenLoopDriverTest.soapPost(server.uri());
      AtomicInteger calls = new AtomicInteger();
      AtomicLong stallStart = new AtomicLong();
      AtomicLong stallEnd = new AtomicLong();
      // The source is called on the driver's only I/O thread when a request is due, so stalling
      // it stalls the driver: nothing is sent until it returns, as in a GC pause of the driver.
      RequestSource stallingOnce =
          () -> {
            if (calls.getAndIncrement() == FIRST_STALLED) {
              long start = System.nanoTime();
              stallStart.set(start);
              long end;
              while ((end = System.nanoTime()) - start < DRIVER_STALL_NANOS) {
                LockSupport.parkNanos(DRIVER_STALL_NANOS - (end - start));
              }
              stallEnd.set(end);
            }
            return requests.next();
          };

      RunResult result = driver.run(stallingOnce, RATE_PER_SECOND, Duration.ZERO, MEASURE);

      // Request FIRST_STALLED + j was due j periods after the stalled one, which was due no
      // later than the stall began; it completed after the stall ended. So its latency is at
      // least stall - j * period, for every j whose due time fell inside the stall.
      long stallNanos = stallEnd.get() - stallStart.get();
      List<Long> boundsMicros = new ArrayList<>();
      for (long j = 0; j * PERIOD_NANOS < stallNanos; j++) {
        boundsMicros.add((stallNanos - j * PERIOD_NANOS) / 1000);
      }
      assertThat(boundsMicros).hasSizeGreaterThanOrEqualTo(30);
      assertThat(result.succeeded()).isEqualTo(REQUESTS);
      assertEachBoundIsMetByADistinctLatency(result.latencyMicros(), boundsMicros);
    }
  }

  @Test
  void theWaitOfEveryRequestQueuedForABusyKeptAliveConnectionIsInItsLatency() throws IOException {
    // Two kept-alive connections, each answering one request at a time no sooner than 20 ms after
    // reading it, against 200 requests/s for half a second: most requests wait in the driver's
    // queue for a free connection.
    int rate = 200;
    long periodMicros = 1_000_000 / rate;
    long answerMicros = 20_000;
    int connections = BoundedConnectionsTest.TWO_CONNECTIONS.maxConnections();
    try (ScriptedHttpServer server =
        ScriptedHttpServer.keptAlive(
            OpenLoopDriverTest.OK, answerMicros / 1000, Integer.MAX_VALUE)) {

      RunResult result =
          OpenLoopDriver.create(BoundedConnectionsTest.TWO_CONNECTIONS)
              .run(
                  BoundedConnectionsTest.keptAlive(server.uri()),
                  rate,
                  Duration.ZERO,
                  Duration.ofMillis(500));

      int n = 100;
      assertThat(result.succeeded()).isEqualTo(n);
      // Request i is due at start + i * period. Each connection's m-th response is written no
      // sooner than start + m * 20 ms, so the k-th response of the run (from 1) completes no
      // sooner than start + ceil(k / connections) * 20 ms. Whichever request each completion
      // belongs to, the latencies sum to the completions minus the due times; a driver timing
      // from the moment a connection became free would sum to about n * 20 ms instead.
      long boundMicros = 0;
      for (int k = 1; k <= n; k++) {
        boundMicros += ((k + connections - 1) / connections) * answerMicros;
      }
      for (int i = 0; i < n; i++) {
        boundMicros -= i * periodMicros;
      }
      assertThat(boundMicros).isGreaterThan(5 * n * answerMicros);
      // Each latency is recorded truncated to the microsecond.
      assertThat(sumOfHighestEquivalentValues(result.latencyMicros()))
          .isGreaterThanOrEqualTo(boundMicros - n);
    }
  }

  private static long sumOfHighestEquivalentValues(Histogram histogram) {
    long sum = 0;
    for (HistogramIterationValue value : histogram.recordedValues()) {
      sum +=
          histogram.highestEquivalentValue(value.getValueIteratedTo())
              * value.getCountAtValueIteratedTo();
    }
    return sum;
  }

  /**
   * Matches the largest bound with the largest latency, the second with the second, and so on: the
   * bounds hold for distinct requests exactly when each such pair holds.
   */
  private static void assertEachBoundIsMetByADistinctLatency(
      Histogram latencies, List<Long> boundsMicros) {
    List<Long> latencyMicros = highestEquivalentValuesDescending(latencies);
    List<Long> bounds = boundsMicros.stream().sorted(Comparator.reverseOrder()).toList();
    assertThat(latencyMicros).hasSizeGreaterThanOrEqualTo(bounds.size());
    for (int k = 0; k < bounds.size(); k++) {
      assertThat(latencyMicros.get(k))
          .as("latency %d of %s (bounds %s)", k, latencyMicros, bounds)
          .isGreaterThanOrEqualTo(bounds.get(k));
    }
  }

  /**
   * Every recorded value as the highest value of its bucket, largest first: a latency at least a
   * bound is recorded in a bucket whose highest value is at least that bound, and a stall the
   * driver missed leaves latencies far below the bounds, whatever the bucket width.
   */
  private static List<Long> highestEquivalentValuesDescending(Histogram histogram) {
    List<Long> values = new ArrayList<>();
    for (HistogramIterationValue value : histogram.recordedValues()) {
      for (long i = 0; i < value.getCountAtValueIteratedTo(); i++) {
        values.add(value.getValueIteratedTo());
      }
    }
    values.sort(Comparator.reverseOrder());
    return values;
  }
}
