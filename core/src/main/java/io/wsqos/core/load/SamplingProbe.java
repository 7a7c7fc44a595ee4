package io.wsqos.core.load;

/**
 * A probe that samples on a daemon thread of its own and publishes a {@link Reading} per sample. A
 * subclass starts sampling with {@link #startSampling} at the end of its constructor, once the
 * state its {@link #sample()} uses is in place.
 */
abstract class SamplingProbe extends ReadingProbe {

  private final String threadName;
  private volatile Sampler sampler;

  SamplingProbe(String threadName) {
    this.threadName = threadName;
  }

  /** Starts the sampling thread: the first sample at once, then one per interval. */
  final void startSampling(SamplingSettings settings) {
    sampler = new Sampler(threadName, settings.sampleInterval, this::sample);
  }

  /** Takes one sample and publishes it; runs on the sampling thread and must not throw. */
  abstract void sample();

  /** Samples taken so far, valid or not. */
  public final long samples() {
    return reading().samples();
  }

  /** Samples that were not a load (negative, NaN, infinite, not available, or the signal threw). */
  public final long unavailableSamples() {
    return reading().unavailableSamples();
  }

  /** Whether {@link #close()} was called. */
  public final boolean isClosed() {
    return sampler.isClosed();
  }

  /** Stops sampling; the thread ends shortly after. Idempotent. */
  @Override
  public final void close() {
    sampler.close();
  }

  final String threadName() {
    return threadName;
  }

  @Override
  final String describePrefix() {
    return threadName + ", ";
  }

  @Override
  final String describeSuffix() {
    return isClosed() ? ", closed" : "";
  }
}
