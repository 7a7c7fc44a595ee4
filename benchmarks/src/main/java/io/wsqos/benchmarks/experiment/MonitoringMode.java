package io.wsqos.benchmarks.experiment;

import io.wsqos.cli.Option;
import io.wsqos.monitor.QosLog;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** What monitors a bookstore server or client in the monitoring experiments. */
enum MonitoringMode {
  /** No monitoring at all: the baseline. */
  PLAIN("plain", "", List.of()),
  /** The wsqos {@code MonitoringFeature} with a real {@code QosLog} (H2 and Micrometer timers). */
  MONITORED(
      "monitored",
      ", %s-side MonitoringFeature with a QosLog (%s) to %s, Micrometer SimpleMeterRegistry",
      List.of("--monitor")),
  /** The same monitor with its records discarded: the interceptors' cost alone. */
  MONITOR_ONLY(
      "monitor-only",
      ", %s-side MonitoringFeature with its records discarded",
      List.of("--monitor", "--monitor-records=discard")),
  /** CXF's own {@code MetricsFeature} with its Micrometer provider: one timer per request. */
  CXF_METRICS(
      "cxf-metrics",
      ", CXF's MetricsFeature (MicrometerMetricsProvider, StandardTags, JAX-WS operation and"
          + " fault-code tags, SimpleMeterRegistry)",
      List.of("--cxf-metrics")),
  /**
   * {@link #MONITORED} with the records also exported as OpenTelemetry spans and metrics over OTLP
   * (wsqos-monitor-otel) to the experiment's {@link OtlpSink}; a server mode only.
   */
  MONITORED_OTEL(
      "monitored-otel",
      ", %s-side MonitoringFeature with a QosLog (%s) to %s, Micrometer SimpleMeterRegistry, and"
          + " an OpenTelemetryTracer (its own SDK: batch span processor, metrics every 60 s)"
          + " exporting over OTLP/HTTP to a receiver in the driver's JVM that discards what it gets",
      List.of("--monitor"));

  /** The modes a client of the monitoring-client experiment can have. */
  static final List<MonitoringMode> CLIENT_MODES =
      List.of(PLAIN, MONITORED, MONITOR_ONLY, CXF_METRICS);

  private static final String EXPECTED =
      "plain, monitored, monitor-only, cxf-metrics or monitored-otel";

  private final String token;
  private final String description;
  private final List<String> args;

  MonitoringMode(String token, String description, List<String> args) {
    this.token = token;
    this.description = description;
    this.args = args;
  }

  String token() {
    return token;
  }

  /**
   * The bookstore launcher's options for a server in this mode; {@code log} are those of its {@code
   * QosLog} (database, intervals), for {@link #MONITORED}.
   */
  List<String> serverArgs(List<String> log) {
    return this == MONITORED || this == MONITORED_OTEL
        ? Stream.concat(args.stream(), log.stream()).toList()
        : args;
  }

  /** Whether a server in this mode exports over OTLP, to the URL {@code --monitor-otlp} names. */
  boolean exportsOtlp() {
    return this == MONITORED_OTEL;
  }

  /**
   * What this mode adds on the {@code side} ("provider" or "requester"), for a report's settings;
   * {@code target}: where the log of {@link #MONITORED} writes.
   */
  String describe(String side, long storeMillis, String target) {
    String log =
        "queue 10,000, batches of up to 500, flush interval "
            + QosLog.DEFAULT_FLUSH_INTERVAL_MILLIS
            + " ms, store interval "
            + storeMillis
            + " ms, writer priority "
            + QosLog.DEFAULT_WRITER_PRIORITY;
    return String.format(Locale.ROOT, description, side, log, target);
  }

  @Override
  public String toString() {
    return token;
  }

  static Optional<MonitoringMode> fromToken(String token) {
    return Arrays.stream(values()).filter(m -> m.token.equals(token)).findFirst();
  }

  /** The mode named {@code token}, which an option's parser has checked. */
  static MonitoringMode of(String token) {
    return fromToken(token).orElseThrow();
  }

  /** {@code --variants}: modes, the first the baseline. */
  static Option<List<MonitoringMode>> variants(List<MonitoringMode> defaults) {
    return variants(defaults, List.of(values()));
  }

  /** {@code --variants}: modes among {@code allowed}, the first the baseline. */
  static Option<List<MonitoringMode>> variants(
      List<MonitoringMode> defaults, List<MonitoringMode> allowed) {
    String expected =
        allowed.size() == values().length
            ? EXPECTED
            : String.join(", ", allowed.stream().map(MonitoringMode::token).toList());
    return Option.listOf(
        Option.of(
            "variants",
            "MODE",
            (MonitoringMode) null,
            "the variants, the first the baseline",
            token ->
                fromToken(token)
                    .filter(allowed::contains)
                    .orElseThrow(() -> new IllegalArgumentException(expected))),
        defaults);
  }
}
