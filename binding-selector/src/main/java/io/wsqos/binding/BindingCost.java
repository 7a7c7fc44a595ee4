package io.wsqos.binding;

/**
 * What one call over a remote binding costs in the {@link CostModel}: a fixed part per call (the
 * stack's own work: HTTP and the web container for SOAP, JRMP's call set-up for RMI) and a part per
 * byte of the request and response the {@link Predictor} estimates.
 *
 * @param fixedMicros the fixed cost of one call, in microseconds, finite and at least 0
 * @param nanosPerByte the cost of one estimated byte (request or response), in nanoseconds, finite
 *     and at least 0
 */
public record BindingCost(double fixedMicros, double nanosPerByte) {

  /** Checks both values. */
  public BindingCost {
    if (!Double.isFinite(fixedMicros) || fixedMicros < 0) {
      throw new IllegalArgumentException(
          "fixedMicros: " + fixedMicros + " (expected: a finite number >= 0)");
    }
    if (!Double.isFinite(nanosPerByte) || nanosPerByte < 0) {
      throw new IllegalArgumentException(
          "nanosPerByte: " + nanosPerByte + " (expected: a finite number >= 0)");
    }
  }

  /** The predicted time of a call that moves {@code bytes} bytes in all, in microseconds. */
  public double micros(double bytes) {
    return fixedMicros + nanosPerByte * bytes / 1_000;
  }

  /** E.g. {@code 950.0 µs + 14.20 ns/B}. */
  public String describe() {
    return String.format("%,.1f µs + %.2f ns/B", fixedMicros, nanosPerByte);
  }
}
