package io.wsqos.core.load;

/** Argument checks shared by the probes. */
final class Loads {
  private Loads() {}

  static double checkLoad(double load, String name) {
    if (!(load >= 0.0 && load <= 1.0)) {
      throw new IllegalArgumentException(name + ": " + load + " (expected: 0..1)");
    }
    return load;
  }
}
