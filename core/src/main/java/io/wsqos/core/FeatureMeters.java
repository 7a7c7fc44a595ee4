package io.wsqos.core;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import org.apache.cxf.Bus;

/**
 * The one lookup of the {@link MeterRegistry} a wsqos feature counts in: the registry given to the
 * feature's builder; else the bus's extension {@code bus.getExtension(MeterRegistry.class)}, which
 * an application (or a Spring Boot starter) sets once with {@code bus.setExtension(registry,
 * MeterRegistry.class)}; else Micrometer's {@link Metrics#globalRegistry}. Never a registry private
 * to the feature, whose counts nobody could read.
 */
public final class FeatureMeters {

  private FeatureMeters() {}

  /**
   * Returns {@code configured} if it is not null, else {@code bus}'s {@link MeterRegistry}
   * extension if there is one, else {@link Metrics#globalRegistry}; never null.
   *
   * @param configured the registry the feature's builder was given, or null
   * @param bus the bus the feature is being added to (directly or through a server or client), or
   *     null where there is none
   */
  public static MeterRegistry registry(MeterRegistry configured, Bus bus) {
    if (configured != null) {
      return configured;
    }
    if (bus != null) {
      MeterRegistry fromBus = bus.getExtension(MeterRegistry.class);
      if (fromBus != null) {
        return fromBus;
      }
    }
    return Metrics.globalRegistry;
  }
}
