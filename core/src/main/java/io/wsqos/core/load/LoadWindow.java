package io.wsqos.core.load;

import io.wsqos.core.InvalidValueException;

/**
 * The last {@code size} samples of one signal and their mean. Written by one sampling thread only;
 * what readers see is the immutable {@link Reading} each {@link #record} returns.
 */
final class LoadWindow {
  private final double[] slots;
  private int next;
  private int filled;
  private double sum;
  private int valid;
  private double current;
  private long samples;
  private long unavailableSamples;

  LoadWindow(int size, double initialLoad) {
    if (size < 1) {
      throw new InvalidValueException("size", Integer.toString(size), ">= 1");
    }
    slots = new double[size];
    current = Loads.checkLoad(initialLoad, "initialLoad");
  }

  /**
   * Records one sample. A sample that is not a load (negative, NaN or infinite: "not available" in
   * the MXBean's words) takes its slot in the window but counts for nothing: the current load stays
   * at the last valid sample and the average covers the valid samples of the window only. A sample
   * above 1 is saturation (a queue over its capacity) and counts as 1.
   */
  Reading record(double sample) {
    samples++;
    double value;
    if (Double.isNaN(sample) || Double.isInfinite(sample) || sample < 0.0) {
      unavailableSamples++;
      value = Double.NaN;
    } else {
      value = Math.min(sample, 1.0);
    }

    if (filled == slots.length) {
      double evicted = slots[next];
      if (!Double.isNaN(evicted)) {
        sum -= evicted;
        valid--;
      }
    } else {
      filled++;
    }
    slots[next] = value;
    if (!Double.isNaN(value)) {
      sum += value;
      valid++;
      current = value;
    }
    next++;
    if (next == slots.length) {
      next = 0;
      // Adding and subtracting drifts; once per turn, start again from the exact sum.
      recomputeSum();
    }
    return reading();
  }

  Reading reading() {
    double average = valid == 0 ? current : Math.min(1.0, Math.max(0.0, sum / valid));
    return new Reading(current, average, samples, unavailableSamples);
  }

  private void recomputeSum() {
    double exact = 0.0;
    for (int i = 0; i < filled; i++) {
      if (!Double.isNaN(slots[i])) {
        exact += slots[i];
      }
    }
    sum = exact;
  }
}
