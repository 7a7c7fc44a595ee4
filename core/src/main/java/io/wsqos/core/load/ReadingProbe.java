package io.wsqos.core.load;

/**
 * A probe whose state is one immutable {@link Reading}: a reader gets the current and the average
 * load of the same state through one volatile read and no allocation. The probes differ only in who
 * publishes the reading (a sampling thread, or a test).
 */
abstract class ReadingProbe implements LoadProbe {

  private volatile Reading reading = Reading.IDLE;

  /** The state last published. */
  final Reading reading() {
    return reading;
  }

  /** Makes {@code next} the state every following read sees. */
  final void publish(Reading next) {
    reading = next;
  }

  @Override
  public final double currentLoad() {
    return reading.currentLoad();
  }

  @Override
  public final double averageLoad() {
    return reading.averageLoad();
  }

  /** What {@link #toString()} shows before the loads, ending in ", "; empty by default. */
  String describePrefix() {
    return "";
  }

  /** What {@link #toString()} shows after the loads, starting with ", "; empty by default. */
  String describeSuffix() {
    return "";
  }

  @Override
  public final String toString() {
    Reading r = reading;
    return getClass().getSimpleName()
        + '{'
        + describePrefix()
        + "current="
        + r.currentLoad()
        + ", average="
        + r.averageLoad()
        + describeSuffix()
        + '}';
  }
}
