package io.wsqos.benchmarks.experiment;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** What monitors a bookstore server or client in the monitoring experiments. */
enum MonitoringMode {
  /** No monitoring at all: the baseline. */
  PLAIN("plain"),
  /** The wsqos {@code MonitoringFeature} with a real {@code QosLog} (H2 and Micrometer timers). */
  MONITORED("monitored"),
  /** The same monitor with its records discarded: the interceptors' cost alone. */
  MONITOR_ONLY("monitor-only"),
  /** CXF's own {@code MetricsFeature} with its Micrometer provider: one timer per request. */
  CXF_METRICS("cxf-metrics");

  private final String token;

  MonitoringMode(String token) {
    this.token = token;
  }

  String token() {
    return token;
  }

  /**
   * The bookstore launcher's options for a server in this mode; {@code log} are the options of its
   * {@code QosLog} (database, intervals), for {@link #MONITORED}.
   */
  List<String> serverArgs(List<String> log) {
    return switch (this) {
      case PLAIN -> List.of();
      case MONITORED -> Stream.concat(Stream.of("--monitor"), log.stream()).toList();
      case MONITOR_ONLY -> List.of("--monitor", "--monitor-records=discard");
      case CXF_METRICS -> List.of("--cxf-metrics");
    };
  }

  /**
   * What this mode adds on the {@code side} ("provider" or "requester") for a report's settings;
   * {@code log} and {@code target}: the settings of the {@code QosLog} of {@link #MONITORED} (see
   * {@link #log}) and where it writes.
   */
  String describe(String side, String log, String target) {
    return switch (this) {
      case PLAIN -> "";
      case MONITORED ->
          ", "
              + side
              + "-side MonitoringFeature with a QosLog ("
              + log
              + ") to "
              + target
              + ", Micrometer SimpleMeterRegistry";
      case MONITOR_ONLY -> ", " + side + "-side MonitoringFeature with its records discarded";
      case CXF_METRICS ->
          ", CXF's MetricsFeature (MicrometerMetricsProvider, StandardTags, JAX-WS operation and"
              + " fault-code tags, SimpleMeterRegistry)";
    };
  }

  /** A {@code QosLog}'s settings; a writer priority below 1 is left out. */
  static String log(long flushMillis, long storeMillis, int writerPriority) {
    return "queue 10,000, batches of up to 500, flush interval "
        + flushMillis
        + " ms, store interval "
        + storeMillis
        + " ms"
        + (writerPriority < 1 ? "" : ", writer priority " + writerPriority);
  }

  /** The token, as options and reports name the mode. */
  @Override
  public String toString() {
    return token;
  }

  /**
   * The mode named {@code token}, given as option {@code --option}.
   *
   * @throws IllegalArgumentException naming the option and the modes there are, if none is
   */
  static MonitoringMode parse(String option, String token) {
    return fromToken(token)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "--"
                        + option
                        + ": '"
                        + token
                        + "' (expected: plain, monitored, monitor-only or cxf-metrics)"));
  }

  static Optional<MonitoringMode> fromToken(String token) {
    return Arrays.stream(values()).filter(m -> m.token.equals(token)).findFirst();
  }
}
