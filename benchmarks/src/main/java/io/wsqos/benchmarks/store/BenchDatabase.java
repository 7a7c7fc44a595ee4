package io.wsqos.benchmarks.store;

import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.jdbc.JdbcPool;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.monitor.jdbc.report.QosReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * One fresh database for one run of {@link StoreBenchmark}, reached through a HikariCP pool as a
 * log's store reaches it: a schema of its own in PostgreSQL, dropped on close, or an H2 file of its
 * own with the log's settings, deleted on close.
 */
final class BenchDatabase implements AutoCloseable {

  private final String url;
  private final String user;
  private final String schema;
  private HikariDataSource pool;

  private BenchDatabase(String url, String user, String schema) {
    this.url = url;
    this.user = user;
    this.schema = schema;
  }

  /** A schema of its own in the PostgreSQL database at {@code url}. */
  static BenchDatabase postgres(String url, String user, int run) throws SQLException {
    String schema = "wsqos_store_benchmark_" + ProcessHandle.current().pid() + "_" + run;
    BenchDatabase database = new BenchDatabase(url, user, schema);
    database.execute("CREATE SCHEMA " + schema);
    String separator = url.contains("?") ? "&" : "?";
    database.pool =
        pool(url + separator + "currentSchema=" + schema + "&ApplicationName=" + schema, user);
    return database;
  }

  /** An H2 file of its own in {@code directory}. */
  static BenchDatabase h2(Path directory, int run) {
    BenchDatabase database =
        new BenchDatabase(
            "jdbc:h2:file:" + directory.toAbsolutePath().resolve("store-" + run), "", null);
    database.deleteH2Files();
    database.pool = pool(database.url + JdbcRecordStore.H2_LOG_SETTINGS, "");
    return database;
  }

  /** A pool whose statements may run as long as a report's: the queries read millions of rows. */
  private static HikariDataSource pool(String url, String user) {
    return JdbcPool.builder(url)
        .credentials(user, "")
        .maxPoolSize(2)
        .minIdle(2)
        .poolName("wsqos-store-benchmark")
        .statementTimeout(QosReport.STATEMENT_TIMEOUT)
        .build();
  }

  private boolean postgres() {
    return schema != null;
  }

  String name() {
    return postgres() ? "PostgreSQL" : "H2 (file)";
  }

  DataSource dataSource() {
    return pool;
  }

  /** What the records take on disk, indexes included, once written. */
  long bytesOnDisk() throws SQLException {
    try {
      return postgres()
          ? single(pool, "SELECT pg_total_relation_size('qos_record')")
          : Files.size(h2File(".mv.db"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The CPU time the pool's PostgreSQL server processes have used, from {@code /proc/PID/stat}
   * (PostgreSQL must run on this machine), in clock ticks of 10 ms; 0 for H2, whose work is this
   * process's threads'. A process that ended since is left out, so the difference of two readings
   * is exact while the pool keeps its connections.
   */
  long serverCpuNanos() throws SQLException {
    if (!postgres()) {
      return 0;
    }
    long ticks = 0;
    try (Connection c = pool.getConnection();
        PreparedStatement select =
            c.prepareStatement("SELECT pid FROM pg_stat_activity WHERE application_name = ?")) {
      select.setString(1, schema);
      try (ResultSet pids = select.executeQuery()) {
        while (pids.next()) {
          String stat = Files.readString(Path.of("/proc/" + pids.getInt(1) + "/stat"));
          // The fields after the command name, which may hold spaces, in parentheses.
          String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("PostgreSQL's processes must be readable in /proc", e);
    }
    return ticks * 10_000_000L;
  }

  /**
   * Makes the database ready for queries after the writes, as a live database soon would be:
   * PostgreSQL gathers the planner's statistics, as autovacuum would; H2 is closed, so that its
   * file holds everything and its size can be read, and opened again as a report in a process of
   * its own opens it, except that it may not answer a repeated query from its last result (the
   * repetitions would time that cache, not the query).
   */
  void settle() throws SQLException {
    if (postgres()) {
      try (Connection c = pool.getConnection();
          Statement s = c.createStatement()) {
        s.execute("VACUUM ANALYZE qos_record");
      }
    } else {
      pool.close();
      pool = pool(url + ";OPTIMIZE_REUSE_RESULTS=FALSE", "");
    }
  }

  @Override
  public void close() throws SQLException {
    pool.close();
    if (postgres()) {
      execute("DROP SCHEMA " + schema + " CASCADE");
    } else {
      deleteH2Files();
    }
  }

  static long single(DataSource dataSource, String sql) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }

  private void execute(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, user, "");
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private Path h2File(String suffix) {
    return Path.of(url.substring("jdbc:h2:file:".length()) + suffix);
  }

  private void deleteH2Files() {
    try {
      Files.createDirectories(h2File("").getParent());
      Files.deleteIfExists(h2File(".mv.db"));
      Files.deleteIfExists(h2File(".trace.db"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
