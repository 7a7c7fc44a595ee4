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
 * One fresh database for one run of {@link StoreBenchmark}: a schema of its own in PostgreSQL, or
 * an H2 file of its own, reached through a HikariCP pool as a log's store reaches it.
 */
abstract sealed class BenchDatabase implements AutoCloseable {

  HikariDataSource pool;

  abstract String name();

  /** What the records take on disk, indexes included, once written. */
  abstract long bytesOnDisk() throws SQLException;

  /** CPU time of the database's server processes so far: 0 for one that runs in this process. */
  abstract long serverCpuNanos() throws SQLException;

  /** Makes the database ready for queries after the writes, as a live database soon would be. */
  abstract void settle() throws SQLException;

  /** Closes the pool and removes the database. */
  @Override
  public abstract void close() throws SQLException;

  final DataSource dataSource() {
    return pool;
  }

  /** A pool whose statements may run as long as a report's: the queries read millions of rows. */
  static HikariDataSource pool(String url, String user) {
    return JdbcPool.builder(url)
        .credentials(user, "")
        .maxPoolSize(2)
        .minIdle(2)
        .poolName("wsqos-store-benchmark")
        .statementTimeout(QosReport.STATEMENT_TIMEOUT)
        .build();
  }

  static long single(DataSource dataSource, String sql) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }

  private static void execute(String url, String user, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, user, "");
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /** A schema of its own in a PostgreSQL database, dropped on close. */
  static final class Postgres extends BenchDatabase {
    private final String url;
    private final String user;
    private final String schema;

    Postgres(String url, String user, int run) throws SQLException {
      this.url = url;
      this.user = user;
      this.schema = "wsqos_store_benchmark_" + ProcessHandle.current().pid() + "_" + run;
      execute(url, user, "CREATE SCHEMA " + schema);
      String separator = url.contains("?") ? "&" : "?";
      pool = pool(url + separator + "currentSchema=" + schema + "&ApplicationName=" + schema, user);
    }

    @Override
    String name() {
      return "PostgreSQL";
    }

    /**
     * The pool's server processes' user and system time from {@code /proc/PID/stat} (PostgreSQL
     * must run on this machine), in clock ticks of 10 ms. A process that ended since is left out,
     * so the difference of two readings is exact while the pool keeps its connections.
     */
    @Override
    long serverCpuNanos() throws SQLException {
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

    @Override
    long bytesOnDisk() throws SQLException {
      return single(pool, "SELECT pg_total_relation_size('qos_record')");
    }

    /** Gathers the planner's statistics, which autovacuum would gather on a live table. */
    @Override
    void settle() throws SQLException {
      try (Connection c = pool.getConnection();
          Statement s = c.createStatement()) {
        s.execute("VACUUM ANALYZE qos_record");
      }
    }

    @Override
    public void close() throws SQLException {
      pool.close();
      execute(url, user, "DROP SCHEMA " + schema + " CASCADE");
    }
  }

  /**
   * An H2 file of its own with the log's settings, deleted on close. Its size is read with the
   * database closed, then it is opened again for the queries as a report in a process of its own
   * opens it, except that H2 may not answer a repeated query from its last result: the repetitions
   * would time that cache, not the query.
   */
  static final class H2 extends BenchDatabase {
    private final Path base;

    H2(Path directory, int run) {
      base = directory.toAbsolutePath().resolve("store-" + run);
      delete();
      pool = pool("jdbc:h2:file:" + base + JdbcRecordStore.H2_LOG_SETTINGS, "");
    }

    @Override
    String name() {
      return "H2 (file)";
    }

    @Override
    long bytesOnDisk() {
      try {
        return Files.size(Path.of(base + ".mv.db"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    long serverCpuNanos() {
      return 0;
    }

    /** Closes the database, so that its file holds everything, and opens it for the queries. */
    @Override
    void settle() {
      pool.close();
      pool = pool("jdbc:h2:file:" + base + ";OPTIMIZE_REUSE_RESULTS=FALSE", "");
    }

    @Override
    public void close() {
      pool.close();
      delete();
    }

    private void delete() {
      try {
        Files.createDirectories(base.getParent());
        Files.deleteIfExists(Path.of(base + ".mv.db"));
        Files.deleteIfExists(Path.of(base + ".trace.db"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
