package io.wsqos.broker.client;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.TooManyReportsException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports what a provider or a client measured of offers to the broker: calls are {@linkplain
 * #record recorded} as they complete (response time, failed or not), per offer and operation, and
 * every period a background thread sends one {@link Measurement} per offer and operation that had
 * calls, with the client's receipt where one was given. Recording takes a short lock and no I/O; a
 * report the broker refuses or cannot take is logged and dropped, never retried on the caller's
 * thread.
 *
 * <p>Each window keeps at most {@value #MAX_SAMPLES} response times per offer and operation (a
 * uniform sample of the window's calls beyond that), so memory stays bounded under any load; counts
 * are exact.
 *
 * <p>The reporter's thread ({@value #THREAD_NAME}) starts at {@link #start()}; {@link #close()}
 * sends what the current window holds and stops it.
 */
public final class MeasurementReporter implements AutoCloseable {

  /** Default time between two reports: 10 s. */
  public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(10);

  /** The most response times a window keeps per offer and operation. */
  public static final int MAX_SAMPLES = 10_000;

  /** The longest {@link #close()} waits for a report in flight. */
  static final int CLOSE_WAIT_SECONDS = 10;

  /** The name of the reporting thread. */
  public static final String THREAD_NAME = "wsqos-broker-report";

  private static final Logger log = LoggerFactory.getLogger(MeasurementReporter.class);

  /** Returns a builder reporting through {@code broker} (which carries the reporter's token). */
  public static Builder builder(BrokerClient broker) {
    return new Builder(broker);
  }

  private record Key(long offerId, String operation) {}

  /** One window's calls of one offer and operation. */
  private static final class Window {
    long requests;
    long failures;
    long[] nanos = new long[16];
    int kept;
    Optional<String> receipt = Optional.empty();

    void add(long responseNanos, boolean failed) {
      requests++;
      if (failed) {
        failures++;
      }
      if (kept < MAX_SAMPLES) {
        if (kept == nanos.length) {
          nanos = Arrays.copyOf(nanos, Math.min(MAX_SAMPLES, nanos.length * 2));
        }
        nanos[kept++] = responseNanos;
      } else {
        // Reservoir sampling: every call of the window is kept with the same chance.
        long slot = ThreadLocalRandom.current().nextLong(requests);
        if (slot < MAX_SAMPLES) {
          nanos[(int) slot] = responseNanos;
        }
      }
    }

    double percentileMillis(long[] sorted, double p) {
      int index = (int) Math.ceil(p * kept) - 1;
      return sorted[Math.max(0, Math.min(kept - 1, index))] / 1e6;
    }
  }

  private final BrokerClient broker;
  private final Duration period;
  private final Clock clock;
  private final Object lock = new Object();
  private Map<Key, Window> windows = new HashMap<>();
  private Instant windowStart;
  private ScheduledExecutorService thread;

  private MeasurementReporter(Builder builder) {
    broker = builder.broker;
    period = builder.period;
    clock = builder.clock;
    windowStart = clock.instant();
  }

  /**
   * Records one completed call of {@code operation} on offer {@code offerId} that took {@code
   * responseNanos}; {@code receipt} is the one the offer's candidate carried in the client's
   * selection (empty for a provider).
   */
  public void record(
      long offerId,
      Optional<String> receipt,
      String operation,
      long responseNanos,
      boolean failed) {
    requireNonNull(receipt, "receipt");
    requireNonNull(operation, "operation");
    synchronized (lock) {
      Window window = windows.computeIfAbsent(new Key(offerId, operation), k -> new Window());
      window.add(Math.max(0, responseNanos), failed);
      if (receipt.isPresent()) {
        window.receipt = receipt;
      }
    }
  }

  /**
   * Starts reporting every period. Idempotent; a reporter started again after close reports anew.
   */
  public synchronized MeasurementReporter start() {
    if (thread == null) {
      ScheduledThreadPoolExecutor executor =
          new ScheduledThreadPoolExecutor(
              1,
              task -> {
                Thread t = new Thread(task, THREAD_NAME);
                t.setDaemon(true);
                return t;
              });
      long millis = period.toMillis();
      executor.scheduleWithFixedDelay(this::report, millis, millis, TimeUnit.MILLISECONDS);
      thread = executor;
    }
    return this;
  }

  /**
   * Sends the current window's measurements now, one report per offer and operation, and begins a
   * new window; the reporting thread calls it every period.
   *
   * @return how many reports the broker took
   */
  public int report() {
    Map<Key, Window> ended;
    Instant start;
    Instant end = clock.instant();
    synchronized (lock) {
      ended = windows;
      start = windowStart;
      windows = new HashMap<>();
      windowStart = end;
    }
    if (!end.isAfter(start)) {
      end = start.plusMillis(1);
    }
    int taken = 0;
    for (Map.Entry<Key, Window> entry : ended.entrySet()) {
      Window w = entry.getValue();
      long[] sorted = Arrays.copyOf(w.nanos, w.kept);
      Arrays.sort(sorted);
      Measurement measurement =
          new Measurement(
              entry.getKey().operation(),
              start,
              end,
              w.requests,
              w.failures,
              w.percentileMillis(sorted, 0.50),
              w.percentileMillis(sorted, 0.95),
              w.percentileMillis(sorted, 0.99));
      try {
        broker.reportMeasurement(entry.getKey().offerId(), measurement, w.receipt);
        taken++;
      } catch (TooManyReportsException e) {
        log.warn("The broker limits this reporter's reports; one was dropped: {}", e.getMessage());
      } catch (RuntimeException e) {
        log.warn(
            "Could not report the measurements of offer {} to the broker; they are dropped: {}",
            entry.getKey().offerId(),
            e.toString());
      }
    }
    return taken;
  }

  /**
   * Lets a report in flight finish (at most {@value #CLOSE_WAIT_SECONDS} s), sends what the current
   * window holds and stops the reporting thread. Idempotent.
   */
  @Override
  public void close() {
    ScheduledExecutorService stopping;
    synchronized (this) {
      stopping = thread;
      thread = null;
    }
    if (stopping != null) {
      // Not shutdownNow: an interrupted report drops the window it had taken, and the interrupt
      // left on the thread fails the next offer's report of the same round before it is sent.
      stopping.shutdown();
      try {
        if (!stopping.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
          stopping.shutdownNow();
        }
      } catch (InterruptedException e) {
        stopping.shutdownNow();
        Thread.currentThread().interrupt();
      }
      report();
    }
  }

  @Override
  public String toString() {
    return "MeasurementReporter[" + broker + ", every " + period + "]";
  }

  /** Configures a {@link MeasurementReporter}; every setting has a default. */
  public static final class Builder {
    private final BrokerClient broker;
    private Duration period = DEFAULT_PERIOD;
    private Clock clock = Clock.systemUTC();

    private Builder(BrokerClient broker) {
      this.broker = requireNonNull(broker, "broker");
    }

    /**
     * Time between two reports, 100 ms to 1 h; default {@link #DEFAULT_PERIOD}. A broker's window
     * should hold several.
     */
    public Builder period(Duration period) {
      this.period =
          SelectionWatcher.Builder.check(
              "period", period, Duration.ofMillis(100), Measurement.MAX_WINDOW);
      return this;
    }

    /** The clock windows are stamped by; default the system's UTC clock. */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /** Returns the reporter; nothing is sent until {@link MeasurementReporter#start()}. */
    public MeasurementReporter build() {
      return new MeasurementReporter(this);
    }
  }
}
