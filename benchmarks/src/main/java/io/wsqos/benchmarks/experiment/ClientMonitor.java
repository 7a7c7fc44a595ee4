package io.wsqos.benchmarks.experiment;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The monitor of a {@link MonitoringClient} JVM: the options of its {@code QosLog} ({@code
 * --db-dir} for an H2 file there, or {@code --jdbc-url}; the intervals and the writer's priority).
 */
final class ClientMonitor {

  /** The H2 database file name (without {@code .mv.db}) in {@code --db-dir}, as the bookstore's. */
  static final String DATABASE_NAME = BookstoreServer.DATABASE_NAME;

  /** How long stopping may take: Jetty's graceful stop, then the log's close. */
  static final Duration LOG_CLOSE_TIMEOUT = Duration.ofSeconds(10);

  static final Option<String> MODE =
      Option.choice(
          "mode",
          "plain",
          java.util.Arrays.stream(MonitoringMode.values()).map(MonitoringMode::token).toList(),
          "what monitors the client");
  static final Option<Path> DB_DIR = Run.path("db-dir", ".", "where the log's H2 file goes");
  static final Option<String> JDBC_URL =
      Option.string("jdbc-url", null, "where the log writes, instead of the H2 file");
  static final Option<String> JDBC_USER = Option.string("jdbc-user", "", "the JDBC user");
  static final Option<String> H2_SETTINGS =
      Option.string(
          "h2-settings", "", "the H2 file's settings, e.g. CACHE_SIZE=256;WRITE_DELAY=100");
  static final Option<Duration> FLUSH =
      Run.millis(
          "flush-interval-ms", QosLog.DEFAULT_FLUSH_INTERVAL_MILLIS, "the log's flush interval");
  static final Option<Duration> STORE =
      Run.millis(
          "store-interval-ms", QosLog.DEFAULT_STORE_INTERVAL_MILLIS, "the log's store interval");
  static final Option<Integer> WRITER_PRIORITY =
      Option.integer(
          "writer-priority",
          QosLog.DEFAULT_WRITER_PRIORITY,
          1,
          10,
          "the log writer's priority, 1-10");

  /** The options of a monitored JVM's log, server's or client's. */
  static final List<Option<?>> LOG_OPTIONS =
      List.of(DB_DIR, JDBC_URL, JDBC_USER, H2_SETTINGS, FLUSH, STORE, WRITER_PRIORITY);

  private ClientMonitor() {}

  /**
   * The JDBC URL of the database the monitored server writes in {@code dbDir}, with the settings
   * {@link JdbcRecordStore#H2_LOG_SETTINGS} recommends.
   */
  static String jdbcUrl(Path dbDir) {
    return fileUrl(dbDir) + JdbcRecordStore.H2_LOG_SETTINGS;
  }

  private static String fileUrl(Path dbDir) {
    return "jdbc:h2:file:" + dbDir.toAbsolutePath().resolve(DATABASE_NAME);
  }

  /**
   * The monitored JVM's log, server's or client's, from the options they share: {@code --db-dir}
   * (an H2 file there, whose URL gets {@code --h2-settings} instead of {@link
   * JdbcRecordStore#H2_LOG_SETTINGS} when given) or {@code --jdbc-url}/{@code --jdbc-user}, {@code
   * --flush-interval-ms}, {@code --store-interval-ms} and {@code --writer-priority}.
   */
  static QosLog openLog(Arguments args, MeterRegistry registry) throws IOException {
    Files.createDirectories(args.get(DB_DIR));
    return QosLog.builder(registry)
        .store(JdbcRecordStore.builder().url(logUrl(args), args.get(JDBC_USER), "").build())
        .closeTimeout(LOG_CLOSE_TIMEOUT)
        .flushInterval(args.get(FLUSH))
        .storeInterval(args.get(STORE))
        .writerPriority(args.get(WRITER_PRIORITY))
        .build();
  }

  /** The log's JDBC URL: {@code --jdbc-url}, else {@link #logFileUrl} in {@code --db-dir}. */
  static String logUrl(Arguments args) {
    return args.isSet(JDBC_URL) ? args.get(JDBC_URL) : logFileUrl(args.get(DB_DIR), args);
  }

  /**
   * The URL of the log's own H2 file in {@code dbDir}: with {@code --h2-settings} if given (in
   * place of {@link JdbcRecordStore#H2_LOG_SETTINGS}, since H2 refuses a setting given twice), else
   * as {@link #jdbcUrl}.
   */
  static String logFileUrl(Path dbDir, Arguments args) {
    return args.isSet(H2_SETTINGS) ? fileUrl(dbDir) + h2Settings(args) : jdbcUrl(dbDir);
  }

  /** {@code --h2-settings=A=1;B=2} as {@code ;A=1;B=2}, for the log's own H2 file; or nothing. */
  static String h2Settings(Arguments args) {
    String settings = args.get(H2_SETTINGS);
    return settings.isEmpty() ? "" : ";" + settings;
  }
}
