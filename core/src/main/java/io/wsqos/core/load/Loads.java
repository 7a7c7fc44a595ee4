package io.wsqos.core.load;

import io.wsqos.core.InvalidValueException;

/** Argument checks shared by the probes. */
final class Loads {
  private Loads() {}

  static double checkLoad(double load, String name) {
    if (!(load >= 0.0 && load <= 1.0)) {
      throw new InvalidValueException(name, Double.toString(load), "0..1");
    }
    return load;
  }
}
