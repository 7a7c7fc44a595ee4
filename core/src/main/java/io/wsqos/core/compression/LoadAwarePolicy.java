package io.wsqos.core.compression;

import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.load.LoadProbe;

/**
 * The load-aware policies: three states (full effort, fast, off) moved by the probe's current load
 * with hysteresis. A decision is a volatile read of the probe's latest sample, two comparisons and
 * a read of the state; the state is written only when it changes. Two requests racing on a change
 * may both write it, with the same value or with values one sample apart; either is a valid
 * decision, so no lock is needed.
 */
final class LoadAwarePolicy implements CompressionPolicy {
  private static final int FULL = 0;
  private static final int FAST = 1;
  private static final int OFF = 2;
  private static final Decision[] DECISIONS = {
    Decision.COMPRESS, Decision.COMPRESS_FAST, Decision.SKIP_LOAD_ABOVE_THRESHOLD
  };

  private final LoadProbe probe;
  private final double busy;
  private final double threshold;
  private final double hysteresis;
  private volatile int state = FULL;

  LoadAwarePolicy(
      LoadProbe probe, double busyPercent, double thresholdPercent, double hysteresisPercent) {
    this.probe = probe;
    this.busy = busyPercent / 100.0;
    this.threshold = thresholdPercent / 100.0;
    this.hysteresis = hysteresisPercent / 100.0;
  }

  static void checkPercents(double thresholdPercent, double hysteresisPercent) {
    if (!(thresholdPercent >= 0 && thresholdPercent <= 100)) {
      throw new InvalidValueException(
          "thresholdPercent", Double.toString(thresholdPercent), "0..100");
    }
    if (!(hysteresisPercent >= 0 && hysteresisPercent <= thresholdPercent)) {
      throw new InvalidValueException(
          "hysteresisPercent", Double.toString(hysteresisPercent), "0.." + thresholdPercent);
    }
  }

  @Override
  public Decision decide(CompressionPreference preference) {
    if (preference == CompressionPreference.COMPRESS) {
      return Decision.COMPRESS;
    }
    double load = probe.currentLoad();
    int current = state;
    int next = next(current, load);
    if (next != current) {
      state = next;
    }
    return DECISIONS[next];
  }

  private int next(int current, double load) {
    // A boundary is crossed upwards at its value and downwards only hysteresis below it.
    int rising = load >= threshold ? OFF : load >= busy ? FAST : FULL;
    if (rising > current) {
      return rising;
    }
    int falling = load >= threshold - hysteresis ? OFF : load >= busy - hysteresis ? FAST : FULL;
    return Math.min(falling, current);
  }

  @Override
  public String toString() {
    return "LoadAwarePolicy{busy="
        + busy
        + ", threshold="
        + threshold
        + ", hysteresis="
        + hysteresis
        + ", probe="
        + probe
        + '}';
  }
}
