package io.wsqos.core.load;

import java.time.Duration;

/**
 * The settings every sampling probe's builder takes, checked by {@link SamplingSettings}.
 *
 * @param <B> the concrete builder, returned by each setter for chaining
 */
abstract class SamplingBuilder<B extends SamplingBuilder<B>> {
  final SamplingSettings settings;

  SamplingBuilder(String defaultThreadName) {
    settings = new SamplingSettings(defaultThreadName);
  }

  /** This builder, as its own type. */
  abstract B self();

  /**
   * Sets the time between two samples. Default {@value
   * SampledLoadProbe#DEFAULT_SAMPLE_INTERVAL_MILLIS} ms; range {@value
   * SampledLoadProbe#MIN_SAMPLE_INTERVAL_MILLIS} ms to 1 h, and at most the averaging window.
   */
  public final B sampleInterval(Duration sampleInterval) {
    settings.sampleInterval(sampleInterval);
    return self();
  }

  /**
   * Sets the window the average load covers: the last {@code window / interval} samples (rounded
   * down). Default {@value SampledLoadProbe#DEFAULT_AVERAGING_WINDOW_MILLIS} ms; at least the
   * sample interval and at most {@value SampledLoadProbe#MAX_WINDOW_SAMPLES} samples.
   */
  public final B averagingWindow(Duration averagingWindow) {
    settings.averagingWindow(averagingWindow);
    return self();
  }

  /** Sets the name of the sampling thread. Default: the probe's {@code DEFAULT_THREAD_NAME}. */
  public final B threadName(String threadName) {
    settings.threadName(threadName);
    return self();
  }
}
