package io.wsqos.core.admission;

/**
 * A concurrency limit that follows the measured latency, after the gradient method of Netflix's
 * concurrency-limits ({@code Gradient2Limit}): each window compares the window's mean latency with
 * a reference, the latency of the service without a queue; when the window is slower than the
 * reference by more than the tolerance the limit shrinks by the ratio (at most by half), otherwise
 * it grows by its square root. A window in which fewer than half the permits were used does not
 * grow the limit, so that a light load does not inflate it.
 *
 * <p>The reference falls at once to a faster window's mean, and rises towards a slower one slowly
 * and only in a window in which the limit was not reached: a window at the limit has requests
 * waiting behind each other, and a reference that followed them (as Gradient2's long-run mean does)
 * would let the limit, and so the wait, grow with the load it is there to hold back. Not
 * thread-safe: its {@link AdmissionControl} calls it under its lock.
 */
final class GradientLimit {

  /** How many windows the reference takes to follow a slower service most of the way. */
  private static final int RISE_WINDOWS = 600;

  private static final double SMOOTHING = 0.2;

  private final AdmissionSettings settings;
  private double estimate;
  private long windowStart = Long.MIN_VALUE;
  private long windowSum;
  private int windowCount;
  private int windowMaxInFlight;
  private double reference;

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
    boolean reachedLimit = windowMaxInFlight >= limit();
    windowStart = now;
    windowSum = 0;
    windowCount = 0;
    windowMaxInFlight = 0;
    if (reference == 0 || shortRtt < reference) {
      reference = shortRtt;
    } else if (!reachedLimit) {
      reference += (shortRtt - reference) / RISE_WINDOWS;
    }
    int before = limit();
    double gradient = Math.max(0.5, Math.min(1.0, settings.tolerance() * reference / shortRtt));
    if (gradient == 1.0 && !used) {
      return false;
    }
    // Shrinking does not wait for the limit to be used: latency that rises at a light load is
    // still a reason to admit less. Unlike Gradient2, a shrinking limit gets no headroom (its
    // square root), which would hold it at 4 or more however slow the service: on one core that is
    // 4 requests sharing it, and 4 more waiting.
    double next = gradient < 1.0 ? estimate * gradient : estimate + Math.sqrt(estimate);
    estimate = estimate * (1 - SMOOTHING) + next * SMOOTHING;
    estimate = Math.max(settings.minLimit(), Math.min(settings.maxLimit(), estimate));
    return limit() != before;
  }

  /** The reference latency in nanoseconds, 0 before the first window. */
  double referenceNanos() {
    return reference;
  }
}
