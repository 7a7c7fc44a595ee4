package io.wsqos.spring.boot;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.diagnosis.Alarm;
import io.wsqos.monitor.diagnosis.AlarmListener;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rerouting of {@code wsqos.monitor.rerouting.*}: one {@link ReroutingFeature} per service,
 * each on the application's bus, and the diagnosis's alarms handed to the features whose candidates
 * the alarm's endpoint is. Closed with the application context.
 */
public final class ReroutingFeatures implements AlarmListener, AutoCloseable {

  private final Map<String, ReroutingFeature> byService;

  ReroutingFeatures(List<ReroutingFeature> features) {
    Map<String, ReroutingFeature> map = new LinkedHashMap<>();
    features.forEach(feature -> map.put(feature.service(), feature));
    byService = Map.copyOf(map);
  }

  /** The feature of {@code service}, as named in the properties. */
  public Optional<ReroutingFeature> forService(String service) {
    return Optional.ofNullable(byService.get(requireNonNull(service, "service")));
  }

  /** Every feature, one per service. */
  public Collection<ReroutingFeature> features() {
    return byService.values();
  }

  /**
   * Hands {@code alarm} to the features that have its endpoint among their candidates, or to all
   * when none has (each then counts it as skipped, {@code unknown-endpoint}).
   */
  @Override
  public void onAlarm(Alarm alarm) {
    List<ReroutingFeature> concerned =
        byService.values().stream()
            .filter(feature -> feature.health().containsKey(alarm.endpoint()))
            .toList();
    (concerned.isEmpty() ? byService.values() : concerned).forEach(f -> f.onAlarm(alarm));
  }

  /** Stops every feature's probe thread. Idempotent. */
  @Override
  public void close() {
    byService.values().forEach(ReroutingFeature::close);
  }

  @Override
  public String toString() {
    return "ReroutingFeatures" + byService.values();
  }
}
