package io.wsqos.binding.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;

/** A JAX-WS endpoint on CXF's local transport, on a bus of its own that clients must share. */
public final class CxfLocalEndpoint implements AutoCloseable {
  private final Bus bus;
  private final Server server;

  private CxfLocalEndpoint(Bus bus, Server server) {
    this.bus = bus;
    this.server = server;
  }

  /** Publishes {@code implementor} at {@code local://name}. */
  public static <T> CxfLocalEndpoint publish(
      Class<T> sei, T implementor, String name, List<? extends Feature> features) {
    Bus bus = Buses.dedicated();
    try {
      JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
      factory.setBus(bus);
      factory.setServiceClass(sei);
      PlainInterfaces.configure(factory, sei);
      factory.setServiceBean(implementor);
      factory.setAddress("local://" + name);
      factory.setFeatures(new ArrayList<>(features));
      return new CxfLocalEndpoint(bus, factory.create());
    } catch (RuntimeException e) {
      bus.shutdown(true);
      throw e;
    }
  }

  /** The bus the endpoint is published on. */
  public Bus bus() {
    return bus;
  }

  @Override
  public void close() {
    try {
      server.destroy();
    } finally {
      bus.shutdown(true);
    }
  }
}
