package io.wsqos.monitor.internal;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * The execution, communication and response timers (with percentile histograms) fed with valid
 * records. Used from the logging manager's single writer thread only, hence the plain map that
 * saves a registry lookup per record.
 */
public final class RecordTimers {

  /** Timer of t3 - t2. */
  public static final String EXECUTION = "wsqos.monitor.execution";

  /** Timer of (t4 - t1) - (t3 - t2). */
  public static final String COMMUNICATION = "wsqos.monitor.communication";

  /** Timer of t4 - t1. */
  public static final String RESPONSE = "wsqos.monitor.response";

  private record Key(
      String service, String operation, String endpoint, Side side, Outcome outcome) {}

  private record Timers(Timer execution, Timer communication, Timer response) {}

  private final MeterRegistry registry;
  private final Map<Key, Timers> timers = new HashMap<>();

  public RecordTimers(MeterRegistry registry) {
    this.registry = requireNonNull(registry, "registry");
  }

  /** Records the derived times of {@code record}; invalid records have none and are skipped. */
  public void record(QosRecord record) {
    if (!record.isValid()) {
      return;
    }
    Timers forKey =
        timers.computeIfAbsent(
            new Key(
                record.service(),
                record.operation(),
                record.endpoint(),
                record.side(),
                record.outcome()),
            this::register);
    recordIfPresent(forKey.execution, record.executionMicros());
    recordIfPresent(forKey.communication, record.communicationMicros());
    recordIfPresent(forKey.response, record.responseMicros());
  }

  private static void recordIfPresent(Timer timer, OptionalLong micros) {
    if (micros.isPresent()) {
      timer.record(micros.getAsLong(), TimeUnit.MICROSECONDS);
    }
  }

  private Timers register(Key key) {
    return new Timers(
        timer(EXECUTION, "Execution time t3 - t2 on the provider's clock", key),
        timer(COMMUNICATION, "Communication time (t4 - t1) - (t3 - t2)", key),
        timer(RESPONSE, "Response time t4 - t1 on the requester's clock", key));
  }

  private Timer timer(String name, String description, Key key) {
    return Timer.builder(name)
        .description(description)
        .tag("service", key.service)
        .tag("operation", key.operation)
        .tag("endpoint", key.endpoint)
        .tag("side", key.side.name().toLowerCase(Locale.ROOT))
        .tag("outcome", key.outcome.name().toLowerCase(Locale.ROOT))
        .publishPercentileHistogram()
        .register(registry);
  }
}
