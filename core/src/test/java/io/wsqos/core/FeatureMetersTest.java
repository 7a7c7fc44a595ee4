package io.wsqos.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.cxf.Bus;
import org.apache.cxf.bus.extension.ExtensionManagerBus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FeatureMetersTest {

  private final Bus bus = new ExtensionManagerBus();

  @AfterEach
  void shutDownBus() {
    bus.shutdown(true);
  }

  @Test
  void theBuildersRegistryComesFirst() {
    MeterRegistry configured = new SimpleMeterRegistry();
    bus.setExtension(new SimpleMeterRegistry(), MeterRegistry.class);

    assertThat(FeatureMeters.registry(configured, bus)).isSameAs(configured);
  }

  @Test
  void withoutOneTheBussRegistryIsTaken() {
    MeterRegistry application = new SimpleMeterRegistry();
    bus.setExtension(application, MeterRegistry.class);

    assertThat(FeatureMeters.registry(null, bus)).isSameAs(application);
  }

  @Test
  void withNeitherMicrometersGlobalRegistryIsTakenNeverNull() {
    assertThat(FeatureMeters.registry(null, bus)).isSameAs(Metrics.globalRegistry);
    assertThat(FeatureMeters.registry(null, null)).isSameAs(Metrics.globalRegistry);
  }
}
