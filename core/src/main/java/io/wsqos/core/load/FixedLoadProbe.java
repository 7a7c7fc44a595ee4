package io.wsqos.core.load;

final class FixedLoadProbe implements LoadProbe {
  private final double load;

  FixedLoadProbe(double load) {
    this.load = Loads.checkLoad(load, "load");
  }

  @Override
  public double currentLoad() {
    return load;
  }

  @Override
  public double averageLoad() {
    return load;
  }

  @Override
  public String toString() {
    return "LoadProbe.fixed(" + load + ')';
  }
}
