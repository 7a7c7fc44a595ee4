package io.wsqos.core.load;

import static java.util.Objects.requireNonNull;

import java.lang.management.ManagementFactory;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default probe: the system CPU load ({@link
 * com.sun.management.OperatingSystemMXBean#getCpuLoad()}) as {@link #currentLoad()} and {@link
 * #averageLoad()} (and its samples in {@link #samples()} and {@link #unavailableSamples()}), and
 * this JVM's CPU load ({@code getProcessCpuLoad()}) alongside, both sampled on one daemon thread.
 *
 * <p>Sampling in the background is the point: {@code getCpuLoad()} is too costly to call per
 * request (the JVM re-reads cgroup files) and, called that often, mostly answers 0.0 or 1.0 because
 * the interval since the previous call is too short to measure.
 *
 * <p>When the MXBean answers a negative value ("not available", e.g. the very first call on some
 * platforms) the sample is counted in {@link #unavailableSamples()} and ignored: the loads keep
 * their last valid value, 0 before the first. Without the {@code jdk.management} module every
 * sample is unavailable and the probe reads 0 (a warning is logged once).
 */
public final class CpuLoadProbe extends SamplingProbe {

  /** Default name of the sampling thread. */
  public static final String DEFAULT_THREAD_NAME = "wsqos-cpu-load-probe";

  private static final Logger logger = LoggerFactory.getLogger(CpuLoadProbe.class);

  /** Returns a builder; the defaults are those of {@link SampledLoadProbe}'s constants. */
  public static Builder builder() {
    return new Builder();
  }

  private final DoubleSupplier systemLoad;
  private final DoubleSupplier processLoad;
  private final LoadWindow systemWindow;
  private final LoadWindow processWindow;
  private volatile Reading process = Reading.IDLE;

  private CpuLoadProbe(Builder builder) {
    super(builder.settings.threadName);
    systemLoad = builder.systemLoad;
    processLoad = builder.processLoad;
    int windowSamples = builder.settings.windowSamples();
    systemWindow = new LoadWindow(windowSamples, 0.0);
    processWindow = new LoadWindow(windowSamples, 0.0);
    startSampling(builder.settings);
  }

  @Override
  void sample() {
    publish(systemWindow.record(sampleQuietly(systemLoad)));
    process = processWindow.record(sampleQuietly(processLoad));
  }

  private static double sampleQuietly(DoubleSupplier signal) {
    try {
      return signal.getAsDouble();
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  /** The latest CPU load of this JVM, 0..1 (of the whole machine's capacity). */
  public double currentProcessLoad() {
    return process.currentLoad();
  }

  /** The CPU load of this JVM averaged over the window, 0..1. */
  public double averageProcessLoad() {
    return process.averageLoad();
  }

  /** Configures a {@link CpuLoadProbe}. */
  public static final class Builder extends SamplingBuilder<Builder> {
    private DoubleSupplier systemLoad;
    private DoubleSupplier processLoad;

    private Builder() {
      super(DEFAULT_THREAD_NAME);
    }

    @Override
    Builder self() {
      return this;
    }

    /** Replaces the MXBean, for tests of how the probe treats its answers. */
    Builder signals(DoubleSupplier systemLoad, DoubleSupplier processLoad) {
      this.systemLoad = requireNonNull(systemLoad, "systemLoad");
      this.processLoad = requireNonNull(processLoad, "processLoad");
      return this;
    }

    /**
     * Starts the probe: its thread takes the first sample at once, then one per interval.
     *
     * @throws IllegalStateException if the window is shorter than the interval or holds more than
     *     {@value SampledLoadProbe#MAX_WINDOW_SAMPLES} samples
     */
    public CpuLoadProbe build() {
      if (systemLoad == null) {
        com.sun.management.OperatingSystemMXBean os = operatingSystem();
        if (os == null) {
          systemLoad = () -> Double.NaN;
          processLoad = () -> Double.NaN;
        } else {
          systemLoad = os::getCpuLoad;
          processLoad = os::getProcessCpuLoad;
        }
      }
      return new CpuLoadProbe(this);
    }

    private static com.sun.management.OperatingSystemMXBean operatingSystem() {
      try {
        return ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class);
      } catch (RuntimeException | LinkageError e) {
        logger.warn(
            "CPU load not available (no com.sun.management.OperatingSystemMXBean); the probe"
                + " reads 0",
            e);
        return null;
      }
    }
  }
}
