package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.report.Table;
import io.wsqos.cli.Option;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What the monitoring experiments and their client share: the options of the monitors' logs, the
 * temp directory their databases and counters go to, and the counters each JVM writes on stop.
 */
final class MonitorLogs {

  private MonitorLogs() {}

  static final Option<String> JDBC_URL =
      Option.string("monitor-jdbc-url", null, "where the monitors log, instead of H2 files");
  static final Option<String> JDBC_USER =
      Option.string("monitor-jdbc-user", "", "the user of --monitor-jdbc-url");
  static final Option<Duration> STORE =
      Run.millis(
          "monitor-store-interval-ms",
          QosLog.DEFAULT_STORE_INTERVAL_MILLIS,
          "the QosLog's store interval");

  /** A counter of the log's that each monitored JVM writes to its stats file. */
  static final String WRITTEN = "wsqos.monitor.records.written";

  /**
   * The URL of the H2 file a monitored JVM's log writes in {@code dbDir}, as the bookstore's {@code
   * --monitor} makes it, with the settings {@link JdbcRecordStore#H2_LOG_SETTINGS}.
   */
  static String h2Url(Path dbDir) {
    return "jdbc:h2:file:"
        + dbDir.toAbsolutePath().resolve(BookstoreServer.DATABASE_NAME)
        + JdbcRecordStore.H2_LOG_SETTINGS;
  }

  /** A fresh temp directory for the monitors' databases and counters, deleted when run ends. */
  static Path workDirectory(Run run, String name) throws IOException {
    Path work = Files.createTempDirectory("wsqos-" + name + "-");
    run.hold(
        () -> {
          try (Stream<Path> paths = Files.walk(work)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
              Files.deleteIfExists(p);
            }
          }
        });
    return work;
  }

  /**
   * The counters each JVM wrote on stop ({@code work/PREFIX TOKEN.properties}), copied into the
   * results; a missing file is said in {@code settings} and on the progress stream.
   */
  static Map<String, Properties> readStats(
      Run run, Path work, String prefix, List<String> tokens, List<String> settings)
      throws IOException {
    Map<String, Properties> stats = new LinkedHashMap<>();
    for (String token : tokens) {
      Path file = work.resolve(prefix + token + ".properties");
      if (!Files.isRegularFile(file)) {
        String missing =
            prefix.replace("-", " ")
                + token
                + " wrote no counters on stop (killed after "
                + ChildProcess.STOP_TIMEOUT_SECONDS
                + " s, or failed while stopping): its CPU and records-written figures are missing";
        run.progress().println("WARNING: " + missing);
        settings.add("**" + missing + "**");
        continue;
      }
      Properties p = new Properties();
      try (Reader in = Files.newBufferedReader(file)) {
        p.load(in);
      }
      stats.put(token, p);
      Files.createDirectories(run.out());
      Files.copy(file, run.out().resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
    return stats;
  }

  /** A column of a records table, from one JVM's counters. */
  static Table.Column<Map.Entry<String, Properties>> stat(
      String name, Function<Properties, ?> cell) {
    return column(name, e -> cell.apply(e.getValue()));
  }

  /**
   * One row per JVM's counters, named in column {@code who}: what it {@code served}, what its log
   * wrote, dropped, lost and refused ({@code -} without a log), then the {@code checks}.
   */
  static Table recordsTable(
      Map<String, Properties> stats,
      String who,
      List<Table.Column<Map.Entry<String, Properties>>> served,
      List<Table.Column<Map.Entry<String, Properties>>> checks) {
    List<Table.Column<Map.Entry<String, Properties>>> columns = new ArrayList<>();
    columns.add(column(who, Map.Entry::getKey));
    columns.addAll(served);
    for (String counter : List.of("written", "dropped", "lost", "invalid")) {
      columns.add(
          stat(
              counter.equals("written") ? "records written" : counter,
              s -> s.getProperty("wsqos.monitor.records." + counter, "-")));
    }
    columns.addAll(checks);
    return Table.of(stats.entrySet(), columns);
  }

  /** A counter of a stats file, -1 when absent. */
  static long number(Properties stats, String key) {
    String v = stats.getProperty(key);
    return v == null ? -1 : Long.parseLong(v);
  }

  /** Whether the records written match {@code expected}, {@code -} without a log. */
  static String check(long written, long expected) {
    return written < 0
        ? "-"
        : written == expected ? "yes" : "NO (" + (expected - written) + " missing)";
  }

  /** {@code amount / count} with {@code decimals}, {@code -} when either is missing or 0. */
  static String per(double amount, long count, int decimals) {
    return amount < 0 || count <= 0 ? "-" : Table.fixed(amount / count, decimals);
  }
}
