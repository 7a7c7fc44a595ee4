package io.wsqos.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.Feature;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Adds the application context's wsqos features (and the rerouting's, one per service) to the CXF
 * bus as the bus is created, before any endpoint or client is made on it, and gives the bus the
 * application's {@link MeterRegistry}, so that every wsqos meter of the bus reaches Actuator. A
 * feature added to a bus closes when the bus shuts down, which the CXF starter does when the
 * application context closes.
 */
public final class WsQosBusFeatures implements BeanPostProcessor {

  private static final String WSQOS_PACKAGE = "io.wsqos.";

  private final ObjectProvider<MeterRegistry> registry;
  private final ObjectProvider<Feature> features;
  private final ObjectProvider<ReroutingFeatures> rerouting;

  WsQosBusFeatures(
      ObjectProvider<MeterRegistry> registry,
      ObjectProvider<Feature> features,
      ObjectProvider<ReroutingFeatures> rerouting) {
    this.registry = registry;
    this.features = features;
    this.rerouting = rerouting;
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (bean instanceof Bus created) {
      MeterRegistry meters = registry.getIfUnique();
      if (meters != null && created.getExtension(MeterRegistry.class) == null) {
        created.setExtension(meters, MeterRegistry.class);
      }
      List<Feature> wsqos =
          new ArrayList<>(features.orderedStream().filter(WsQosBusFeatures::isWsQos).toList());
      rerouting.ifUnique(holder -> wsqos.addAll(holder.features()));
      created.getFeatures().addAll(wsqos);
      if (created.getState() == Bus.BusState.RUNNING) {
        wsqos.forEach(feature -> feature.initialize(created));
      }
    }
    return bean;
  }

  /** Feature beans of wsqos (the starter's, or the application's own in their place). */
  private static boolean isWsQos(Feature feature) {
    return feature.getClass().getName().startsWith(WSQOS_PACKAGE);
  }
}
