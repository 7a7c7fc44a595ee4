package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.cxf.Bus;

/**
 * The services published in this JVM for the local bindings, by name: the implementation itself
 * (for a plain Java call) and the CXF bus of a local-transport endpoint (a CXF local endpoint is
 * reachable only on the bus it was published on). The publisher and the clients of one JVM share
 * one instance; the application creates it and hands it to both, so there is no global registry.
 */
public final class LocalRegistry {

  private record Entry(Class<?> sei, Object implementor) {}

  private final ConcurrentMap<String, Entry> implementations = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, Bus> cxfBuses = new ConcurrentHashMap<>();

  /**
   * Registers {@code implementor} of {@code sei} as {@code name}.
   *
   * @throws IllegalStateException if the name is taken
   */
  public <T> void register(String name, Class<T> sei, T implementor) {
    requireNonNull(name, "name");
    requireNonNull(sei, "sei");
    requireNonNull(implementor, "implementor");
    if (!sei.isInstance(implementor)) {
      throw new IllegalArgumentException(
          "implementor: "
              + implementor.getClass().getName()
              + " (expected: implements "
              + sei
              + ")");
    }
    if (implementations.putIfAbsent(name, new Entry(sei, implementor)) != null) {
      throw new IllegalStateException("local name: " + name + " (expected: not registered yet)");
    }
  }

  /**
   * Registers the bus on which a CXF local-transport endpoint named {@code name} is published.
   *
   * @throws IllegalStateException if the name is taken
   */
  public void registerCxfBus(String name, Bus bus) {
    requireNonNull(name, "name");
    requireNonNull(bus, "bus");
    if (cxfBuses.putIfAbsent(name, bus) != null) {
      throw new IllegalStateException(
          "cxf-local name: " + name + " (expected: not registered yet)");
    }
  }

  /** The implementation registered as {@code name}, if it implements {@code sei}. */
  public <T> Optional<T> implementation(String name, Class<T> sei) {
    Entry entry = implementations.get(name);
    return entry == null || entry.sei() != sei
        ? Optional.empty()
        : Optional.of(sei.cast(entry.implementor()));
  }

  /** The bus of the CXF local endpoint {@code name}, if it is published in this JVM. */
  public Optional<Bus> cxfBus(String name) {
    return Optional.ofNullable(cxfBuses.get(name));
  }

  /** Whether an implementation is registered as {@code name}. */
  public boolean contains(String name) {
    return implementations.containsKey(name);
  }

  /** Removes what is registered as {@code name}; nothing happens when nothing is. */
  public void unregister(String name) {
    implementations.remove(name);
    cxfBuses.remove(name);
  }

  @Override
  public String toString() {
    return "LocalRegistry" + implementations.keySet() + cxfBuses.keySet();
  }
}
