package io.wsqos.core.load;

/**
 * One published state of a probe. Immutable, so that a reader gets current and average from the
 * same sample through one volatile read and no allocation.
 *
 * @param currentLoad the latest valid sample, or the initial load before any
 * @param averageLoad the mean of the valid samples in the window, or {@code currentLoad} if none
 * @param samples samples taken so far, valid or not
 * @param unavailableSamples samples that were not a load (negative, NaN, infinite, or thrown)
 */
record Reading(double currentLoad, double averageLoad, long samples, long unavailableSamples) {
  static final Reading IDLE = new Reading(0.0, 0.0, 0, 0);
}
