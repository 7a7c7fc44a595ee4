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
      List.of("--cxf-metrics"));

  private static final String EXPECTED = "plain, monitored, monitor-only or cxf-metrics";

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
    return this == MONITORED ? Stream.concat(args.stream(), log.stream()).toList() : args;
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
    return Option.listOf(
        Option.of(
            "variants",
            "MODE",
            (MonitoringMode) null,
            "the variants, the first the baseline",
            token -> fromToken(token).orElseThrow(() -> new IllegalArgumentException(EXPECTED))),
        defaults);
  }
}
