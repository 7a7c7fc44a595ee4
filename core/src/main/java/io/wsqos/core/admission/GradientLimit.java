package io.wsqos.core.admission;

/**
 * A concurrency limit that follows the measured latency, after the gradient method of Netflix's
 * concurrency-limits ({@code Gradient2Limit}): each window compares the window's mean latency with
 * a long-run average; when the window is slower than the long run by more than the tolerance the
 * limit shrinks by the ratio (at most by half), otherwise it grows by its square root. A window in
 * which fewer than half the permits were used does not grow the limit, so that a light load does
 * not inflate it. Not thread-safe: its {@link AdmissionControl} calls it under its lock.
 */
final class GradientLimit {

  /** How many windows the long-run average spans. */
  private static final int LONG_WINDOWS = 600;

  private static final double SMOOTHING = 0.2;

  private final AdmissionSettings settings;
  private double estimate;
  private long windowStart = Long.MIN_VALUE;
  private long windowSum;
  private int windowCount;
  private int windowMaxInFlight;
  private double longRtt;

  GradientLimit(AdmissionSettings settings) {
    this.settings = settings;
    this.estimate = settings.initialLimit();
  }

  int limit() {
    return (int) estimate;
  }

  /**
   * Takes one request's latency; returns whether the limit changed.
   *
   * @param now the clock's time now, in nanoseconds
   * @param inFlight the requests in flight when this one was admitted, itself included
   */
  boolean sample(long now, long rttNanos, int inFlight) {
    if (windowStart == Long.MIN_VALUE) {
      windowStart = now;
    }
    windowSum += rttNanos;
    windowCount++;
    windowMaxInFlight = Math.max(windowMaxInFlight, inFlight);
    if (now - windowStart < settings.windowNanos() || windowCount < settings.windowSamples()) {
      return false;
    }
    double shortRtt = Math.max(1, (double) windowSum / windowCount);
    boolean used = windowMaxInFlight >= estimate / 2;
    windowStart = now;
    windowSum = 0;
    windowCount = 0;
    windowMaxInFlight = 0;
    if (longRtt == 0) {
      longRtt = shortRtt;
    } else {
      longRtt += (shortRtt - longRtt) / LONG_WINDOWS;
      if (longRtt / shortRtt > 2) {
        // Latency fell well below the long run (the load went, or the start was cold): let the
        // long run follow quickly, or the limit would grow without bound meanwhile.
        longRtt *= 0.95;
      }
    }
    int before = limit();
    double gradient = Math.max(0.5, Math.min(1.0, settings.tolerance() * longRtt / shortRtt));
    if (gradient == 1.0 && !used) {
      return false;
    }
    // Shrinking does not wait for the limit to be used: latency that rises at a light load is
    // still a reason to admit less. Unlike Gradient2, a shrinking limit gets no headroom (its
    // square
    // root), which would hold it at 4 or more however slow the service: on one core that is 4
    // requests sharing it, and 4 more waiting.
    double next = gradient < 1.0 ? estimate * gradient : estimate + Math.sqrt(estimate);
    estimate = estimate * (1 - SMOOTHING) + next * SMOOTHING;
    estimate = Math.max(settings.minLimit(), Math.min(settings.maxLimit(), estimate));
    return limit() != before;
  }

  /** The long-run mean latency in nanoseconds, 0 before the first window. */
  double longRttNanos() {
    return longRtt;
  }
}
