package io.wsqos.monitor.diagnosis;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.Checks;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordListener;
import io.wsqos.monitor.Side;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The diagnostic engine: fed by the logging manager (register it with {@link
 * io.wsqos.monitor.QosLog.Builder#listener}), it keeps each endpoint's valid records of the current
 * window in memory, and at the end of every window evaluates its {@link DiagnosisRule}s per
 * endpoint on its own thread, which starts with the first batch of records. Alarms go to the
 * listeners, the log (WARN) and the counter {@code wsqos.monitor.alarms} (tags endpoint, rule).
 * Hand it to {@code MonitoringFeature.Builder#closing} to have it closed, after the rerouting it
 * feeds and before the log that feeds it, when the feature closes.
 *
 * <p>Windows are taken on arrival at the logging manager, not on the records' timestamps: a record
 * belongs to the window open when the writer took it off the queue.
 */
public final class Diagnosis implements QosRecordListener, AutoCloseable {

  /** Default window length. */
  public static final long DEFAULT_WINDOW_MILLIS = 10_000;

  /** Default p95 response-time threshold of the default rules. */
  public static final long DEFAULT_P95_THRESHOLD_MILLIS = 1_000;

  /** Default number of consecutive bad windows of the default rules. */
  public static final int DEFAULT_CONSECUTIVE_WINDOWS = 3;

  /** Default availability floor of the default rules. */
  public static final double DEFAULT_AVAILABILITY_FLOOR = 0.9;

  /** Default least requests in a window for the availability rule to judge it. */
  public static final long DEFAULT_MIN_REQUESTS = 10;

  /** Default communication share of response time that the default rules call dominating. */
  public static final double DEFAULT_COMMUNICATION_SHARE = 0.8;

  /** Default least mean response time for the communication rule to judge a window. */
  public static final long DEFAULT_MIN_MEAN_RESPONSE_MILLIS = 100;

  /** Default most time samples per endpoint and window (further ones are counted, not kept). */
  public static final int DEFAULT_MAX_SAMPLES_PER_WINDOW = 100_000;

  /** Default name of the diagnosis thread. */
  public static final String DEFAULT_THREAD_NAME = "wsqos-diagnosis";

  private static final Logger logger = LoggerFactory.getLogger(Diagnosis.class);

  /** Returns a builder whose alarm counter goes to {@code registry}. */
  public static Builder builder(MeterRegistry registry) {
    return new Builder(registry);
  }

  private final MeterRegistry registry;
  private final List<DiagnosisRule> rules;
  private final List<AlarmListener> listeners;
  private final Side side;
  private final Clock clock;
  private final int maxSamples;
  private final Map<String, EndpointWindow> windows = new ConcurrentHashMap<>();

  /** Touched only by {@link #closeWindow()}, which is synchronized. */
  private final Map<String, List<DiagnosisRule.Evaluator>> evaluators = new HashMap<>();

  private final boolean scheduled;
  private final String threadName;
  private final long windowMillis;
  // Started with the first batch of records, not in the constructor; guarded by "windows".
  private ScheduledExecutorService scheduler;
  private volatile boolean schedulerStarted;
  private boolean closed;
  private Instant windowStart;

  private Diagnosis(Builder builder) {
    registry = builder.registry;
    rules = List.copyOf(builder.rules.isEmpty() ? defaultRules() : builder.rules);
    listeners = List.copyOf(builder.listeners);
    side = builder.side;
    clock = builder.clock;
    maxSamples = builder.maxSamples;
    windowStart = clock.instant();
    scheduled = builder.scheduled;
    threadName = builder.threadName;
    windowMillis = builder.window.toMillis();
  }

  /** Starts the window thread, once, unless closed or not {@link Builder#scheduled}. */
  private void startScheduler() {
    synchronized (windows) {
      if (schedulerStarted || closed) {
        return;
      }
      schedulerStarted = true;
      scheduler =
          Executors.newSingleThreadScheduledExecutor(
              task -> {
                Thread thread = new Thread(task, threadName);
                thread.setDaemon(true);
                return thread;
              });
      scheduler.scheduleAtFixedRate(
          this::closeWindowSafely, windowMillis, windowMillis, TimeUnit.MILLISECONDS);
    }
  }

  /** The rules used when none is given: each default constant above, once. */
  public static List<DiagnosisRule> defaultRules() {
    return List.of(
        DiagnosisRule.p95ResponseTimeAbove(
            Duration.ofMillis(DEFAULT_P95_THRESHOLD_MILLIS), DEFAULT_CONSECUTIVE_WINDOWS),
        DiagnosisRule.availabilityBelow(
            DEFAULT_AVAILABILITY_FLOOR, DEFAULT_MIN_REQUESTS, DEFAULT_CONSECUTIVE_WINDOWS),
        DiagnosisRule.communicationDominates(
            DEFAULT_COMMUNICATION_SHARE,
            Duration.ofMillis(DEFAULT_MIN_MEAN_RESPONSE_MILLIS),
            DEFAULT_CONSECUTIVE_WINDOWS),
        DiagnosisRule.networkLoss());
  }

  /** Adds the batch's valid records of this diagnosis's side to their endpoints' windows. */
  @Override
  public void onRecords(List<QosRecord> batch) {
    if (scheduled && !schedulerStarted) {
      startScheduler();
    }
    for (QosRecord record : batch) {
      if (record.isValid() && record.side() == side) {
        windows
            .computeIfAbsent(record.endpoint(), e -> new EndpointWindow(e, maxSamples))
            .add(record);
      }
    }
  }

  /**
   * Closes the current window of every endpoint seen so far, evaluates the rules on it and raises
   * the alarms; returns them. The scheduler calls this at the end of each window; calling it
   * directly closes a window early (with a builder that does not schedule, that is the only way).
   */
  public synchronized List<Alarm> closeWindow() {
    Instant from = windowStart;
    Instant to = clock.instant();
    windowStart = to;
    List<Alarm> alarms = new ArrayList<>();
    for (EndpointWindow window : windows.values()) {
      WindowStats stats = window.close(from, to);
      List<DiagnosisRule.Evaluator> forEndpoint =
          evaluators.computeIfAbsent(
              stats.endpoint(), e -> rules.stream().map(DiagnosisRule::newEvaluator).toList());
      for (int i = 0; i < forEndpoint.size(); i++) {
        Optional<Alarm> alarm = forEndpoint.get(i).evaluate(stats);
        alarm.ifPresent(alarms::add);
      }
    }
    alarms.forEach(this::raise);
    return alarms;
  }

  private void closeWindowSafely() {
    try {
      closeWindow();
    } catch (RuntimeException e) {
      // A scheduled task that throws is never run again: log and keep diagnosing.
      logger.error("Diagnosis window failed; next window continues", e);
    }
  }

  private void raise(Alarm alarm) {
    logger.warn("QoS alarm: {}", alarm.describe());
    registry
        .counter("wsqos.monitor.alarms", "endpoint", alarm.endpoint(), "rule", alarm.rule())
        .increment();
    for (AlarmListener listener : listeners) {
      try {
        listener.onAlarm(alarm);
      } catch (RuntimeException e) {
        logger.warn("Alarm listener {} failed; it keeps receiving alarms", listener, e);
      }
    }
  }

  /**
   * Stops the window thread, if the first records started it (waiting at most one second for a
   * window in evaluation). Idempotent.
   */
  @Override
  public void close() {
    ScheduledExecutorService scheduler;
    synchronized (windows) {
      closed = true;
      scheduler = this.scheduler;
    }
    if (scheduler == null) {
      return;
    }
    scheduler.shutdownNow();
    try {
      if (!scheduler.awaitTermination(1, TimeUnit.SECONDS)) {
        logger.warn("Diagnosis thread did not stop within 1 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Configures a {@link Diagnosis}; every setting has a default. */
  public static final class Builder {
    private final MeterRegistry registry;
    private final List<DiagnosisRule> rules = new ArrayList<>();
    private final List<AlarmListener> listeners = new ArrayList<>();
    private Duration window = Duration.ofMillis(DEFAULT_WINDOW_MILLIS);
    private boolean scheduled = true;
    private Side side = Side.REQUESTER;
    private Clock clock = Clock.systemUTC();
    private int maxSamples = DEFAULT_MAX_SAMPLES_PER_WINDOW;
    private String threadName = DEFAULT_THREAD_NAME;

    private Builder(MeterRegistry registry) {
      this.registry = requireNonNull(registry, "registry");
    }

    /** Adds a rule; without any, {@link #defaultRules()} apply. */
    public Builder rule(DiagnosisRule rule) {
      rules.add(requireNonNull(rule, "rule"));
      return this;
    }

    /** Adds an alarm listener, called in the order added. */
    public Builder listener(AlarmListener listener) {
      listeners.add(requireNonNull(listener, "listener"));
      return this;
    }

    /** Window length, default {@value #DEFAULT_WINDOW_MILLIS} ms, 10 ms..1 h. */
    public Builder window(Duration window) {
      this.window = Checks.inRange("window", window, Duration.ofMillis(10), Duration.ofHours(1));
      return this;
    }

    /**
     * Whether a thread closes a window every {@link #window(Duration)}, default true. Without it
     * windows close only when {@link Diagnosis#closeWindow()} is called (tests, or an application
     * with its own scheduler).
     */
    public Builder scheduled(boolean scheduled) {
      this.scheduled = scheduled;
      return this;
    }

    /** Which side's records to judge, default {@link Side#REQUESTER}. */
    public Builder side(Side side) {
      this.side = requireNonNull(side, "side");
      return this;
    }

    /** The clock windows are stamped with, default the system UTC clock. */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Time samples kept per endpoint and window, default {@value #DEFAULT_MAX_SAMPLES_PER_WINDOW},
     * 1..10,000,000.
     */
    public Builder maxSamplesPerWindow(int maxSamples) {
      this.maxSamples = Checks.inRange("maxSamplesPerWindow", maxSamples, 1, 10_000_000);
      return this;
    }

    /** Name of the diagnosis thread, default {@value #DEFAULT_THREAD_NAME}. */
    public Builder threadName(String threadName) {
      this.threadName = Checks.notBlank("threadName", threadName);
      return this;
    }

    /**
     * Returns the diagnosis; if {@link #scheduled(boolean)}, its window thread starts with the
     * first records.
     */
    public Diagnosis build() {
      return new Diagnosis(this);
    }
  }
}
