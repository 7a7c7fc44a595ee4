package io.wsqos.core.load;

import static java.util.Objects.requireNonNull;

import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A probe that samples any signal normalised to 0..1 on its own daemon thread and publishes the
 * latest sample and the window's average for readers. This is how another load signal plugs in
 * without core depending on where it comes from, e.g. Jetty's queue:
 *
 * <pre>{@code
 * LoadProbe queue = LoadProbe.sampling(() -> (double) pool.getQueueSize() / pool.getMaxThreads())
 *     .threadName("jetty-queue-load-probe")
 *     .build();
 * }</pre>
 *
 * <p>Samples that are not a load (negative, NaN, infinite, or the signal threw) are counted in
 * {@link #unavailableSamples()} and otherwise ignored: the current load stays at the last valid
 * sample and the average covers the window's valid samples. Samples above 1 count as 1. Before the
 * first valid sample both loads read 0, as if no probe were there.
 */
public final class SampledLoadProbe extends SamplingProbe {

  /** Default time between two samples. */
  public static final long DEFAULT_SAMPLE_INTERVAL_MILLIS = 200;

  /** Default window of {@link #averageLoad()}: the seeds price on the last 30 s. */
  public static final long DEFAULT_AVERAGING_WINDOW_MILLIS = 30_000;

  /** Smallest sample interval accepted. */
  public static final long MIN_SAMPLE_INTERVAL_MILLIS = 1;

  /** Largest sample interval accepted. */
  public static final long MAX_SAMPLE_INTERVAL_MILLIS = 3_600_000;

  /** Most samples a window may hold (window / interval): bounds the probe's memory. */
  public static final int MAX_WINDOW_SAMPLES = 100_000;

  /** Default name of the sampling thread. */
  public static final String DEFAULT_THREAD_NAME = "wsqos-load-probe";

  private static final Logger logger = LoggerFactory.getLogger(SampledLoadProbe.class);

  /** Returns a builder for a probe sampling {@code signal}. */
  public static Builder builder(DoubleSupplier signal) {
    return new Builder(signal);
  }

  private final DoubleSupplier signal;
  private final LoadWindow window;
  private boolean failureLogged;

  private SampledLoadProbe(DoubleSupplier signal, SamplingSettings settings) {
    super(settings.threadName);
    this.signal = signal;
    window = new LoadWindow(settings.windowSamples(), 0.0);
    startSampling(settings);
  }

  @Override
  void sample() {
    double value;
    try {
      value = signal.getAsDouble();
    } catch (RuntimeException e) {
      value = Double.NaN;
      if (!failureLogged) {
        // Once: a broken signal would otherwise log on every sample.
        failureLogged = true;
        logger.warn("Load signal of {} failed; its samples count as unavailable", threadName(), e);
      }
    }
    publish(window.record(value));
  }

  /** Configures a {@link SampledLoadProbe}. */
  public static final class Builder extends SamplingBuilder<Builder> {
    private final DoubleSupplier signal;

    private Builder(DoubleSupplier signal) {
      super(DEFAULT_THREAD_NAME);
      this.signal = requireNonNull(signal, "signal");
    }

    @Override
    Builder self() {
      return this;
    }

    /**
     * Starts the probe: its thread takes the first sample at once, then one per interval.
     *
     * @throws IllegalStateException if the window is shorter than the interval or holds more than
     *     {@value #MAX_WINDOW_SAMPLES} samples
     */
    public SampledLoadProbe build() {
      return new SampledLoadProbe(signal, settings);
    }
  }
}
