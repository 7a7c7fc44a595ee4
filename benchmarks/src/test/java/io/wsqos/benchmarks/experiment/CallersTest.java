package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.monitor.Outcome;
import jakarta.xml.ws.WebServiceException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.cxf.transport.http.HTTPException;
import org.junit.jupiter.api.Test;

class CallersTest {

  @Test
  void failuresAreClassifiedAsTheMonitorClassifiesThem() throws Exception {
    assertThat(Callers.outcomeOf(new Exception("a declared fault, e.g. BookNotFoundFault")))
        .isEqualTo(Outcome.SOAP_FAULT);
    assertThat(Callers.outcomeOf(new WebServiceException(new ConnectException("refused"))))
        .isEqualTo(Outcome.REFUSED);
    WebServiceException readTimeout =
        new WebServiceException(new SocketTimeoutException("Read timed out"));
    assertThat(Callers.outcomeOf(readTimeout)).isEqualTo(Outcome.TIMEOUT);
    assertThat(Callers.timedOutConnecting(readTimeout)).isFalse();
    WebServiceException connectTimeout =
        new WebServiceException(new SocketTimeoutException("connect timed out"));
    assertThat(Callers.outcomeOf(connectTimeout)).isEqualTo(Outcome.TIMEOUT);
    assertThat(Callers.timedOutConnecting(connectTimeout)).isTrue();
    assertThat(
            Callers.outcomeOf(
                new WebServiceException(
                    new HTTPException(503, "Service Unavailable", new java.net.URL("http://x/")))))
        .isEqualTo(Outcome.HTTP_ERROR);
    assertThat(Callers.outcomeOf(new WebServiceException(new IOException("reset"))))
        .isEqualTo(Outcome.TRANSPORT_ERROR);
  }

  @Test
  void aRunCountsOnlyTheCallsThatStartedInItsWindowAndKeepsItsThreads() throws Exception {
    Set<Thread> threads = ConcurrentHashMap.newKeySet();
    AtomicInteger calls = new AtomicInteger();
    Callers.CallerCounts lifetime = new Callers.CallerCounts();
    try (Callers callers =
        new Callers(
            () -> {
              threads.add(Thread.currentThread());
              LockSupport.parkNanos(1_000_000);
              if (calls.incrementAndGet() % 4 == 0) {
                throw new WebServiceException(new ConnectException("refused"));
              }
            },
            lifetime)) {
      RunResult first = callers.run(2, Duration.ofMillis(100), Duration.ofMillis(300));
      RunResult second = callers.run(1, Duration.ZERO, Duration.ofMillis(200));

      assertThat(first.succeeded()).isPositive();
      assertThat(first.count(Outcome.REFUSED)).isPositive();
      assertThat(first.latencyMicros().getTotalCount()).isEqualTo(first.succeeded());
      assertThat(first.latencyMicros().getMinValue()).isGreaterThanOrEqualTo(1_000);
      assertThat(first.window()).isEqualTo(Duration.ofMillis(300));
      // Two callers for 300 ms of 1 ms calls: the warm-up's calls are not in it.
      assertThat(first.requests()).isLessThan(calls.get());
      assertThat(second.requests()).isPositive();
      assertThat(threads).hasSize(2).allMatch(t -> t.getName().startsWith("wsqos-caller-"));
      long[] lifetimeCalls = {0};
      lifetime.forEach((outcome, n) -> lifetimeCalls[0] += n);
      assertThat(lifetimeCalls[0]).isEqualTo(calls.get());
    }
    assertThat(threads).noneMatch(Thread::isAlive);
  }

  @Test
  void callsAreCountedByOutcomeOverTheClientsLife() throws Exception {
    Callers.CallerCounts lifetime = new Callers.CallerCounts();
    try (Callers callers =
        new Callers(
            () -> {
              // What the proxy throws for a declared fault (e.g. BookNotFoundFault).
              throw new Exception("not found");
            },
            lifetime)) {
      RunResult run = callers.run(1, Duration.ZERO, Duration.ofMillis(50));
      assertThat(run.succeeded()).isZero();
      assertThat(run.count(Outcome.SOAP_FAULT)).isEqualTo(run.requests()).isPositive();
    }
    Map<Outcome, Long> counts = new java.util.EnumMap<>(Outcome.class);
    lifetime.forEach(counts::put);
    assertThat(counts.get(Outcome.SOAP_FAULT)).isPositive();
    assertThat(counts.get(Outcome.SUCCESS)).isZero();
  }
}
