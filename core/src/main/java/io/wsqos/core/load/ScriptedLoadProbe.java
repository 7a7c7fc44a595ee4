package io.wsqos.core.load;

/**
 * A probe whose values the test sets, for tests of load-dependent behaviour ({@code
 * probe.set(0.95)} before the request that must see a loaded server). Thread-safe: a value set on
 * the test thread is seen by the next read on any thread.
 */
public final class ScriptedLoadProbe extends ReadingProbe {

  /** Creates a probe reading 0 (idle) until a test sets it. */
  public ScriptedLoadProbe() {
    this(0.0);
  }

  /** Creates a probe reading {@code load} as current and average load. */
  public ScriptedLoadProbe(double load) {
    set(load);
  }

  /** Sets both the current and the average load to {@code load} (0..1). */
  public ScriptedLoadProbe set(double load) {
    return set(load, load);
  }

  /** Sets the current and the average load separately (each 0..1). */
  public ScriptedLoadProbe set(double currentLoad, double averageLoad) {
    publish(
        new Reading(
            Loads.checkLoad(currentLoad, "currentLoad"),
            Loads.checkLoad(averageLoad, "averageLoad"),
            0,
            0));
    return this;
  }
}
