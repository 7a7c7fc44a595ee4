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
import java.time.Duration;
import javax.sql.DataSource;

/**
 * One fresh database for one run of {@link StoreBenchmark}: a schema of its own in PostgreSQL, or
 * an H2 file of its own, reached through a HikariCP pool as a log's store reaches it.
 */
abstract sealed class BenchDatabase implements AutoCloseable {

  /** The kernel's clock ticks per second, in which {@code /proc/PID/stat} counts CPU time. */
  static final long CLOCK_TICKS_PER_SECOND = 100;

  /** The database's name in reports. */
  abstract String name();

  /** The pool to write and query through. */
  abstract DataSource dataSource();

  /** What the records take on disk, indexes included, once written. */
  abstract long bytesOnDisk() throws SQLException;

  /**
   * CPU time the database's server processes have used so far, in nanoseconds: 0 for a database
   * that runs in this process, whose work is this process's threads'.
   */
  abstract long serverCpuNanos() throws SQLException;

  /** Makes the database ready for queries after the writes, as a live database soon would be. */
  abstract void settle() throws SQLException;

  /** Closes the pool and removes the database. */
  @Override
  public abstract void close() throws SQLException;

  /**
   * Longest run of one statement: the benchmark's queries read millions of rows, so as long as a
   * report's (see {@link QosReport#STATEMENT_TIMEOUT}).
   */
  static final Duration STATEMENT_TIMEOUT = QosReport.STATEMENT_TIMEOUT;

  static HikariDataSource pool(String url, String user) {
    return JdbcPool.builder(url)
        .credentials(user, "")
        .maxPoolSize(2)
        .minIdle(2)
        .poolName("wsqos-store-benchmark")
        .statementTimeout(STATEMENT_TIMEOUT)
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

  /** A schema of its own in a PostgreSQL database, dropped on close. */
  static final class Postgres extends BenchDatabase {
    private final String url;
    private final String user;
    private final String schema;
    private final HikariDataSource pool;

    Postgres(String url, String user, int run) throws SQLException {
      this.url = url;
      this.user = user;
      this.schema = "wsqos_store_benchmark_" + ProcessHandle.current().pid() + "_" + run;
      try (Connection c = DriverManager.getConnection(url, user, "");
          Statement s = c.createStatement()) {
        s.execute("CREATE SCHEMA " + schema);
      }
      pool =
          pool(
              url
                  + (url.contains("?") ? "&" : "?")
                  + "currentSchema="
                  + schema
                  + "&ApplicationName="
                  + schema,
              user);
    }

    /**
     * The CPU time of the pool's server processes, read from {@code /proc}: PostgreSQL must run on
     * this machine, as the benchmark's does. A process that ended since is left out, so the
     * difference of two readings is exact while the pool keeps its connections.
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
            ticks += cpuTicks(pids.getInt(1));
          }
        }
      }
      return ticks * (1_000_000_000L / CLOCK_TICKS_PER_SECOND);
    }

    /** User and system time of process {@code pid}, in clock ticks. */
    private static long cpuTicks(int pid) {
      try {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        // The fields after the command name, which may hold spaces, in parentheses.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
      } catch (IOException e) {
        throw new UncheckedIOException("PostgreSQL's processes must be readable in /proc", e);
      }
    }

    @Override
    String name() {
      return "PostgreSQL";
    }

    @Override
    DataSource dataSource() {
      return pool;
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
      try (Connection c = DriverManager.getConnection(url, user, "");
          Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  /**
   * An H2 file of its own with the log's settings, deleted on close. Its size is read with the
   * database closed, then it is opened again for the queries as a report in a process of its own
   * opens it, except that H2 may not answer a repeated query from its last result: the repetitions
   * would time that cache, not the query.
   */
  static final class H2 extends BenchDatabase {
    private final Path file;
    private final String url;
    private HikariDataSource pool;

    H2(Path directory, int run) {
      try {
        Files.createDirectories(directory);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Path base = directory.toAbsolutePath().resolve("store-" + run);
      file = Path.of(base + ".mv.db");
      deleteQuietly();
      url = "jdbc:h2:file:" + base;
      pool = pool(url + JdbcRecordStore.H2_LOG_SETTINGS, "");
    }

    @Override
    String name() {
      return "H2 (file)";
    }

    @Override
    DataSource dataSource() {
      return pool;
    }

    @Override
    long bytesOnDisk() {
      try {
        return Files.size(file);
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
      pool = pool(url + ";OPTIMIZE_REUSE_RESULTS=FALSE", "");
    }

    @Override
    public void close() {
      pool.close();
      deleteQuietly();
    }

    private void deleteQuietly() {
      try {
        Files.deleteIfExists(file);
        Files.deleteIfExists(Path.of(file.toString().replace(".mv.db", ".trace.db")));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
