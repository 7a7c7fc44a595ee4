package io.wsqos.core.load;

import java.util.function.DoubleSupplier;

/**
 * How loaded this server is, between 0 (idle) and 1 (saturated), as the latest sample and as the
 * average over a window. Implementations answer from a field written in the background: reading is
 * cheap enough to do on every request (no system call, no lock, no allocation).
 *
 * <p>The built-in probes are {@link #cpu()} (system CPU load), {@link #sampling(DoubleSupplier)}
 * (any signal normalised to 0..1, e.g. a thread pool's queue length over its capacity), {@link
 * #fixed(double)} and {@link ScriptedLoadProbe} (for tests).
 */
public interface LoadProbe extends AutoCloseable {

  /** The latest load, 0..1. Used where the decision is about this request (compression). */
  double currentLoad();

  /**
   * The load averaged over the probe's window, 0..1. Used where a decision should not follow every
   * spike (pricing).
   */
  double averageLoad();

  /** Stops background sampling, if any. Idempotent; the probe keeps answering its last values. */
  @Override
  default void close() {}

  /** A probe that always answers {@code load}, as both current and average load. */
  static LoadProbe fixed(double load) {
    return new FixedLoadProbe(load);
  }

  /**
   * Starts a probe sampling the system CPU load (and the process CPU load) with the defaults of
   * {@link CpuLoadProbe.Builder}. The caller owns it and should close it.
   */
  static CpuLoadProbe cpu() {
    return CpuLoadProbe.builder().build();
  }

  /**
   * Returns a builder for a probe sampling {@code signal} in the background; {@code signal} must
   * answer a load normalised to 0..1 and is only ever called from the probe's own thread.
   */
  static SampledLoadProbe.Builder sampling(DoubleSupplier signal) {
    return SampledLoadProbe.builder(signal);
  }
}
