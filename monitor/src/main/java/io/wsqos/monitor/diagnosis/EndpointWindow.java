package io.wsqos.monitor.diagnosis;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.TimeStats;
import java.time.Instant;
import java.util.Arrays;
import java.util.OptionalLong;

/**
 * The records of one endpoint since its window opened. The writer thread adds, the diagnosis thread
 * closes; both hold this object's monitor for a few array stores, off the request path.
 */
final class EndpointWindow {

  private final String endpoint;
  private final int maxSamples;
  private long requests;
  private long succeeded;
  private final Column execution = new Column();
  private final Column communication = new Column();
  private final Column response = new Column();

  EndpointWindow(String endpoint, int maxSamples) {
    this.endpoint = endpoint;
    this.maxSamples = maxSamples;
  }

  synchronized void add(QosRecord record) {
    if (record.outcome() == Outcome.BUSY) {
      // Busy, not broken: a refusal the provider chose says nothing of its health, and counting
      // it against availability would raise the alarm that moves every client at once.
      return;
    }
    requests++;
    if (!record.outcome().succeeded()) {
      return;
    }
    succeeded++;
    execution.add(record.executionMicros(), maxSamples);
    communication.add(record.communicationMicros(), maxSamples);
    response.add(record.responseMicros(), maxSamples);
  }

  /** Returns the window's statistics and starts the next window empty. */
  synchronized WindowStats close(Instant from, Instant to) {
    WindowStats stats =
        new WindowStats(
            endpoint,
            from,
            to,
            requests,
            succeeded,
            execution.statsAndReset(),
            communication.stats(),
            response.statsAndReset(),
            communication.samplesAndReset());
    requests = 0;
    succeeded = 0;
    return stats;
  }

  private static final class Column {
    private long[] values = new long[16];
    private int size;

    void add(OptionalLong value, int maxSamples) {
      // Past the cap the window keeps its first samples: percentiles of a busy window's start.
      if (value.isEmpty() || size == maxSamples) {
        return;
      }
      if (size == values.length) {
        values = Arrays.copyOf(values, Math.min(size * 2, maxSamples));
      }
      values[size++] = value.getAsLong();
    }

    TimeStats stats() {
      return TimeStats.of(values, size);
    }

    Samples samplesAndReset() {
      Samples samples = Samples.of(values, size);
      reset();
      return samples;
    }

    TimeStats statsAndReset() {
      TimeStats stats = stats();
      reset();
      return stats;
    }

    private void reset() {
      size = 0;
      if (values.length > 1024) {
        values = new long[16];
      }
    }
  }
}
