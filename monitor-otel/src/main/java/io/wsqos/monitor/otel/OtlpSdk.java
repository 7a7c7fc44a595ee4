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

  /**
   * Below the environment's settings: OTLP over HTTP (the JDK's client is the module's only sender,
   * it speaks no gRPC), and no log exporter (the monitor makes spans and metrics).
   */
  private static final Map<String, String> DEFAULTS =
      Map.of("otel.exporter.otlp.protocol", "http/protobuf", "otel.logs.exporter", "none");

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
