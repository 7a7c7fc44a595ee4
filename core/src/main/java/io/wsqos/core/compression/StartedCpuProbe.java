package io.wsqos.core.compression;

import io.wsqos.core.load.CpuLoadProbe;
import io.wsqos.core.load.LoadProbe;

/**
 * The CPU probe a {@link CompressionFeature} makes for its default policy: sampling starts when the
 * feature is first added to a bus, server or client ({@link #start()}), not when it is built, and
 * stops when the feature closes; a feature added again starts a new probe. Until the first sample
 * it answers an idle load.
 */
final class StartedCpuProbe implements LoadProbe {

  private volatile CpuLoadProbe probe;

  synchronized void start() {
    if (probe == null) {
      probe = LoadProbe.cpu();
    }
  }

  @Override
  public double currentLoad() {
    CpuLoadProbe current = probe;
    return current == null ? 0 : current.currentLoad();
  }

  @Override
  public double averageLoad() {
    CpuLoadProbe current = probe;
    return current == null ? 0 : current.averageLoad();
  }

  @Override
  public synchronized void close() {
    CpuLoadProbe current = probe;
    probe = null;
    if (current != null) {
      current.close();
    }
  }

  @Override
  public String toString() {
    CpuLoadProbe current = probe;
    return current == null ? "CpuLoadProbe{not started}" : current.toString();
  }
}
