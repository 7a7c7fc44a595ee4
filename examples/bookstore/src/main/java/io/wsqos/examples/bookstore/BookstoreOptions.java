package io.wsqos.examples.bookstore;

import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.core.admission.AdmissionControl;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The bookstore launcher's command line: one declaration per option, from which {@code --help} and
 * the README's option table are both made.
 */
final class BookstoreOptions {

  /**
   * The prefix of the environment variables the launcher reads under its command line: {@code
   * --monitor-jdbc} is {@code WSQOS_BOOKSTORE_MONITOR_JDBC}, a flag takes {@code true} or {@code
   * false}.
   */
  static final String ENV_PREFIX = "WSQOS_BOOKSTORE_";

  static final Option<String> HOST =
      Option.string("host", BookstoreServer.DEFAULT_HOST, "Interface to listen on")
          .withMetavar("HOST");
  static final Option<Integer> PORT =
      Option.integer(
          "port", BookstoreServer.DEFAULT_PORT, 0, 65_535, "Port to listen on; 0 picks a free one");
  static final Option<Integer> DELAY_MS =
      Option.integer(
          "delay-ms",
          0,
          0,
          (int) DelayedBookstore.MAX_DELAY.toMillis(),
          "Answer every call this many ms late: an injected slow back end");
  static final Option<Integer> CPU_COST_US =
      Option.integer(
          "cpu-cost-us",
          0,
          0,
          (int) (CpuCostBookstore.MAX_COST.toNanos() / 1000),
          "Spend this many microseconds of the calling thread's CPU in every call, one call per"
              + " processor at a time: a small capacity for overload experiments (benchmarks)");
  static final Option<String> COMPRESSION =
      Option.choice(
          "compression",
          "none",
          Compression.tokens(),
          "How responses are compressed: dynamic decides by the server's load; graded and"
              + " cxf-gzip (CXF's GZIPFeature) are benchmark variants");
  static final Option<Boolean> MONITOR =
      Option.flag("monitor", "Log every exchange with the WS-QoS monitor, served at /qos/report");
  static final Option<String> MONITOR_DB_DIR =
      Option.string(
              "monitor-db-dir",
              "./wsqos-monitor",
              "Directory of the monitor's H2 database file ("
                  + BookstoreServer.DATABASE_NAME
                  + ".mv.db)")
          .withMetavar("DIR");
  static final Option<String> MONITOR_JDBC =
      Option.of(
          "monitor-jdbc",
          "URL",
          null,
          "Log to this JDBC database instead of the H2 file; implies --monitor",
          url -> {
            if (!url.startsWith("jdbc:")) {
              throw new IllegalArgumentException("a JDBC URL starting with jdbc:");
            }
            return url;
          });
  static final Option<String> MONITOR_JDBC_USER =
      Option.string("monitor-jdbc-user", "", "User for --monitor-jdbc (no password)")
          .withMetavar("USER");
  static final Option<String> MONITOR_H2_SETTINGS =
      Option.string(
              "monitor-h2-settings",
              JdbcRecordStore.H2_LOG_SETTINGS.substring(1),
              "Settings of the H2 file, in place of the default (benchmarks)")
          .withMetavar("A=1;B=2");
  static final Option<Duration> MONITOR_FLUSH_INTERVAL =
      Option.duration(
          "monitor-flush-interval",
          Duration.ofMillis(QosLog.DEFAULT_FLUSH_INTERVAL_MILLIS),
          ChronoUnit.MILLIS,
          "How often the log's writer drains its queue (benchmarks)");
  static final Option<Duration> MONITOR_STORE_INTERVAL =
      Option.duration(
          "monitor-store-interval",
          Duration.ofMillis(QosLog.DEFAULT_STORE_INTERVAL_MILLIS),
          ChronoUnit.MILLIS,
          "How often the log stores the records queued since the last store (benchmarks)");
  static final Option<Integer> MONITOR_WRITER_PRIORITY =
      Option.integer(
          "monitor-writer-priority",
          QosLog.DEFAULT_WRITER_PRIORITY,
          Thread.MIN_PRIORITY,
          Thread.MAX_PRIORITY,
          "Java priority of the log's writer thread (benchmarks)");
  static final Option<String> MONITOR_RECORDS =
      Option.choice(
          "monitor-records",
          "log",
          List.of("log", "discard"),
          "What the monitor does with its records; discard measures the interceptors alone"
              + " (benchmarks)");
  static final Option<String> MONITOR_OTLP =
      Option.of(
          "monitor-otlp",
          "URL",
          null,
          "Also export the monitor's records as OpenTelemetry spans and metrics over OTLP/HTTP to"
              + " this endpoint, e.g. http://127.0.0.1:4318; implies --monitor",
          url -> {
            if (!url.startsWith("http://") && !url.startsWith("https://")) {
              throw new IllegalArgumentException("an http:// or https:// URL");
            }
            return url;
          });
  static final Option<Boolean> DSCP =
      Option.flag(
          "dscp",
          "Mark each response's packets with the DSCP of its WS-QoS transport priority"
              + " (DscpMarkingFeature; listens on IPv4 channels)");
  static final Option<Boolean> ADMISSION =
      Option.flag(
          "admission",
          "Admission control by WS-QoS class in front of the endpoint (AdmissionHandler with"
              + " AdmissionControl's defaults; wsqos.admission.* in /metrics)");
  static final Option<String> ADMISSION_ENTITLEMENT =
      Option.of(
          "admission-entitlement",
          "CLASS",
          "assured",
          "With --admission, the highest class every client is entitled to: best-effort,"
              + " assured or expedited",
          v ->
              TransportPriority.fromToken(v)
                  .map(TransportPriority::token)
                  .orElseThrow(
                      () -> new IllegalArgumentException("best-effort, assured or expedited")));
  static final Option<Integer> ADMISSION_MIN_LIMIT =
      Option.integer(
          "admission-min-limit",
          AdmissionControl.DEFAULT_MIN_LIMIT,
          1,
          100_000,
          "With --admission, the floor of the concurrency limit (AdmissionControl.Builder.limit)");
  static final Option<Integer> ADMISSION_MAX_LIMIT =
      Option.integer(
          "admission-max-limit",
          AdmissionControl.DEFAULT_MAX_LIMIT,
          1,
          100_000,
          "With --admission, the ceiling of the concurrency limit; equal to the floor, a fixed limit");
  static final Option<Double> ADMISSION_TOLERANCE =
      Option.decimal(
          "admission-tolerance",
          AdmissionControl.DEFAULT_TOLERANCE,
          1.0,
          100.0,
          "With --admission, how much slower than the service without a queue a window may be before the limit"
              + " shrinks");
  static final Option<Integer> ADMISSION_STANDING_TARGET_MS =
      Option.integer(
          "admission-standing-target-ms",
          (int) AdmissionControl.DEFAULT_STANDING_TARGET_MILLIS,
          1,
          3_600_000,
          "With --admission, how long a request may wait once the queue has stood for 100 ms"
              + " (AdmissionControl.Builder.standingQueue); 1000, the queue's bound, turns it off");
  static final Option<Boolean> CXF_METRICS =
      Option.flag(
          "cxf-metrics", "Add CXF's own MetricsFeature, timers in /metrics (benchmark baseline)");
  static final Option<String> STATS_FILE =
      Option.string(
              "stats-file",
              null,
              "On stop, write responses, faults, CPU and the log's counters and file size to this"
                  + " properties file (benchmarks)")
          .withMetavar("FILE");

  static final Options OPTIONS =
      Options.of(
          "java -jar bookstore.jar",
          "Serves the bookstore at http://HOST:PORT/bookstore, with the QoS report at /qos/report"
              + " and the metrics at /metrics.",
          HOST,
          PORT,
          DELAY_MS,
          CPU_COST_US,
          COMPRESSION,
          MONITOR,
          MONITOR_DB_DIR,
          MONITOR_JDBC,
          MONITOR_JDBC_USER,
          MONITOR_H2_SETTINGS,
          MONITOR_FLUSH_INTERVAL,
          MONITOR_STORE_INTERVAL,
          MONITOR_WRITER_PRIORITY,
          MONITOR_RECORDS,
          MONITOR_OTLP,
          DSCP,
          ADMISSION,
          ADMISSION_ENTITLEMENT,
          ADMISSION_MIN_LIMIT,
          ADMISSION_MAX_LIMIT,
          ADMISSION_TOLERANCE,
          ADMISSION_STANDING_TARGET_MS,
          CXF_METRICS,
          STATS_FILE);

  private BookstoreOptions() {}
}
