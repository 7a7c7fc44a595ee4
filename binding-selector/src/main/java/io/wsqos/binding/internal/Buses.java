package io.wsqos.binding.internal;

import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.bus.extension.ExtensionManagerBus;

/** Dedicated CXF buses: never the default one, so that shutting one down touches nobody else. */
public final class Buses {

  private Buses() {}

  /** A new, initialized bus that is not the default or the thread's default bus. */
  public static Bus dedicated() {
    ExtensionManagerBus bus = new ExtensionManagerBus();
    if (BusFactory.getThreadDefaultBus(false) == bus) {
      BusFactory.setThreadDefaultBus(null);
    }
    if (BusFactory.getDefaultBus(false) == bus) {
      BusFactory.setDefaultBus(null);
    }
    bus.initialize();
    return bus;
  }
}
