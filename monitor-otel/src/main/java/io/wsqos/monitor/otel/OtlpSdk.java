package io.wsqos.monitor.otel;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import java.util.HashMap;
import java.util.Map;

/**
 * The OpenTelemetry an {@link OpenTelemetryTracer} builds when the application gives none: the
 * SDK's autoconfiguration (the standard {@code OTEL_*} settings), never registered globally.
 */
final class OtlpSdk {

  /** Off unless asked: the monitor makes spans and metrics, no logs. */
  private static final Map<String, String> DEFAULTS = Map.of("otel.logs.exporter", "none");

  private OtlpSdk() {}

  static OpenTelemetrySdk build(Map<String, String> settings) {
    Map<String, String> overrides = new HashMap<>(settings);
    return AutoConfiguredOpenTelemetrySdk.builder()
        .addPropertiesSupplier(() -> DEFAULTS)
        .addPropertiesCustomizer(config -> overrides)
        .disableShutdownHook()
        .build()
        .getOpenTelemetrySdk();
  }
}
