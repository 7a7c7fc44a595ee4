package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.RequestCounts;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.cxf.ExchangeFailures;
import jakarta.xml.ws.soap.SOAPFaultException;
import java.net.SocketTimeoutException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import org.HdrHistogram.Histogram;

/**
 * Closed-loop caller threads: each makes its next call as soon as the previous one returned. The
 * threads live as long as this object, parked between runs, so that a reading of the process's
 * per-thread CPU before and after a run sees the same threads. A run counts the calls that started
 * in its measured window (after the warm-up), by outcome, and times each success from the call's
 * start to its return.
 */
final class Callers implements AutoCloseable {

  /** The caller threads' names: {@code wsqos-caller-1}, {@code wsqos-caller-2}, ... */
  static final String THREAD_NAME_PREFIX = "wsqos-caller-";

  /** Longer than any call may take: the client's receive timeout is 30 s. */
  private static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.MINUTES.toMicros(2);

  private static final int SIGNIFICANT_DIGITS = 3;

  /** A run's counts: one per outcome, by ordinal, then the connect timeouts among the timeouts. */
  private static final int CONNECT_TIMEOUTS = Outcome.values().length;

  private static final int COUNTS = CONNECT_TIMEOUTS + 1;

  /** One call; an exception is a failed call, classified by {@link #outcomeOf}. */
  @FunctionalInterface
  interface Call {
    void call() throws Exception;
  }

  /** Every call made, warm-ups included, by outcome: what a requester-side log must hold. */
  static final class CallerCounts {
    private final Map<Outcome, LongAdder> counts = new EnumMap<>(Outcome.class);

    CallerCounts() {
      for (Outcome outcome : Outcome.values()) {
        counts.put(outcome, new LongAdder());
      }
    }

    void add(Outcome outcome) {
      counts.get(outcome).increment();
    }

    void forEach(BiConsumer<Outcome, Long> action) {
      counts.forEach((outcome, n) -> action.accept(outcome, n.sum()));
    }
  }

  private final Call call;
  private final CallerCounts lifetime;
  private final List<Caller> callers = new ArrayList<>();
  private boolean closed;

  Callers(Call call, CallerCounts lifetime) {
    this.call = requireNonNull(call, "call");
    this.lifetime = requireNonNull(lifetime, "lifetime");
  }

  /**
   * Runs {@code n} callers for {@code warmup} (not counted) then {@code measure}, and returns what
   * the measured window gave. Starts the callers this object does not have yet.
   */
  RunResult run(int n, Duration warmup, Duration measure) throws InterruptedException {
    if (n < 1) {
      throw new IllegalArgumentException("n: " + n + " (expected: >= 1)");
    }
    if (closed) {
      throw new IllegalStateException("closed");
    }
    while (callers.size() < n) {
      Caller caller = new Caller(THREAD_NAME_PREFIX + (callers.size() + 1));
      caller.start();
      callers.add(caller);
    }
    long from = System.nanoTime() + warmup.toNanos();
    Window window = new Window(from, from + measure.toNanos(), n);
    for (int i = 0; i < n; i++) {
      callers.get(i).windows.add(window);
    }
    window.done.await();
    return RunResult.of(window.counts(), measure, window.latency);
  }

  /** Stops the callers (after the calls in flight return). */
  @Override
  public void close() {
    closed = true;
    callers.forEach(Thread::interrupt);
    for (Caller caller : callers) {
      try {
        caller.join(TimeUnit.SECONDS.toMillis(60));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * How a failed call ended: a SOAP fault (the proxy's declared faults are checked exceptions, an
   * undeclared one a {@link SOAPFaultException}), or what {@link ExchangeFailures#outcomeOf} makes
   * of the I/O failure.
   */
  static Outcome outcomeOf(Throwable failure) {
    if (failure instanceof SOAPFaultException || !(failure instanceof RuntimeException)) {
      return Outcome.SOAP_FAULT;
    }
    return ExchangeFailures.outcomeOf(failure);
  }

  /** Whether a call that timed out did so while connecting, not while waiting for its answer. */
  static boolean timedOutConnecting(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof HttpConnectTimeoutException) {
        return true;
      }
      if (t instanceof SocketTimeoutException || t instanceof HttpTimeoutException) {
        return String.valueOf(t.getMessage()).contains("connect");
      }
    }
    return false;
  }

  /** One run: its window on {@link System#nanoTime()}, and what its callers counted. */
  private static final class Window {
    final long from;
    final long to;
    final CountDownLatch done;
    final Histogram latency = new Histogram(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    private final long[] counts = new long[COUNTS];

    Window(long from, long to, int callers) {
      this.from = from;
      this.to = to;
      this.done = new CountDownLatch(callers);
    }

    synchronized void add(Histogram callerLatency, long[] callerCounts) {
      latency.add(callerLatency);
      for (int i = 0; i < counts.length; i++) {
        counts[i] += callerCounts[i];
      }
    }

    synchronized RequestCounts counts() {
      Map<Outcome, Long> map = new EnumMap<>(Outcome.class);
      for (Outcome outcome : Outcome.values()) {
        map.put(outcome, counts[outcome.ordinal()]);
      }
      return new RequestCounts(map, counts[CONNECT_TIMEOUTS], 0);
    }
  }

  private final class Caller extends Thread {
    final BlockingQueue<Window> windows = new LinkedBlockingQueue<>();
    private final Histogram latency = new Histogram(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    private final long[] counts = new long[COUNTS];

    Caller(String name) {
      super(name);
      setDaemon(true);
    }

    @Override
    public void run() {
      while (true) {
        Window window;
        try {
          window = windows.take();
        } catch (InterruptedException e) {
          return;
        }
        latency.reset();
        Arrays.fill(counts, 0);
        try {
          callUntil(window);
        } finally {
          window.add(latency, counts);
          window.done.countDown();
        }
      }
    }

    private void callUntil(Window window) {
      while (!isInterrupted()) {
        long start = System.nanoTime();
        if (start - window.to >= 0) {
          return;
        }
        Outcome outcome;
        boolean connecting = false;
        try {
          call.call();
          outcome = Outcome.SUCCESS;
        } catch (Exception e) {
          outcome = outcomeOf(e);
          connecting = outcome == Outcome.TIMEOUT && timedOutConnecting(e);
        }
        long end = System.nanoTime();
        lifetime.add(outcome);
        if (start - window.from >= 0) {
          counts[outcome.ordinal()]++;
          if (connecting) {
            counts[CONNECT_TIMEOUTS]++;
          }
          if (outcome == Outcome.SUCCESS) {
            latency.recordValue(Math.min(HIGHEST_TRACKABLE_MICROS, (end - start) / 1_000));
          }
        }
      }
    }
  }
}
