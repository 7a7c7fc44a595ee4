package io.wsqos.core.load;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import java.time.Duration;

/** The sampling settings shared by the probes' builders, and their checks. */
final class SamplingSettings {
  Duration sampleInterval = Duration.ofMillis(SampledLoadProbe.DEFAULT_SAMPLE_INTERVAL_MILLIS);
  Duration averagingWindow = Duration.ofMillis(SampledLoadProbe.DEFAULT_AVERAGING_WINDOW_MILLIS);
  String threadName;

  SamplingSettings(String defaultThreadName) {
    threadName = defaultThreadName;
  }

  void sampleInterval(Duration interval) {
    requireNonNull(interval, "sampleInterval");
    if (interval.compareTo(Duration.ofMillis(SampledLoadProbe.MIN_SAMPLE_INTERVAL_MILLIS)) < 0
        || interval.compareTo(Duration.ofMillis(SampledLoadProbe.MAX_SAMPLE_INTERVAL_MILLIS)) > 0) {
      throw new InvalidValueException(
          "sampleInterval",
          interval.toString(),
          Duration.ofMillis(SampledLoadProbe.MIN_SAMPLE_INTERVAL_MILLIS)
              + ".."
              + Duration.ofMillis(SampledLoadProbe.MAX_SAMPLE_INTERVAL_MILLIS));
    }
    sampleInterval = interval;
  }

  void averagingWindow(Duration window) {
    requireNonNull(window, "averagingWindow");
    if (window.isNegative() || window.isZero()) {
      throw new InvalidValueException("averagingWindow", window.toString(), "> 0");
    }
    averagingWindow = window;
  }

  void threadName(String name) {
    threadName = Checks.notBlank("threadName", name);
  }

  /** The number of samples the window holds: the window divided by the interval, rounded down. */
  int windowSamples() {
    if (averagingWindow.compareTo(sampleInterval) < 0) {
      throw new IllegalStateException(
          "averagingWindow: "
              + averagingWindow
              + " (expected: >= sampleInterval, "
              + sampleInterval
              + ")");
    }
    long samples = averagingWindow.dividedBy(sampleInterval);
    if (samples > SampledLoadProbe.MAX_WINDOW_SAMPLES) {
      throw new IllegalStateException(
          "averagingWindow: "
              + averagingWindow
              + " (expected: at most "
              + SampledLoadProbe.MAX_WINDOW_SAMPLES
              + " samples of "
              + sampleInterval
              + ")");
    }
    return (int) samples;
  }
}
