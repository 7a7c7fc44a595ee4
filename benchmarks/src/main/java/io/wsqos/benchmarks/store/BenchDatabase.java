package io.wsqos.benchmarks.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * One fresh database for one run of {@link StoreBenchmark}: a schema of its own in PostgreSQL, or
 * an H2 file of its own, reached through a HikariCP pool as a log's store reaches it.
 */
abstract sealed class BenchDatabase implements AutoCloseable {

  /** The database's name in reports. */
  abstract String name();

  /** The pool to write and query through. */
  abstract DataSource dataSource();

  /** What the records take on disk, indexes included, once written. */
  abstract long bytesOnDisk() throws SQLException;

  /** Makes the database ready for queries after the writes, as a live database soon would be. */
  abstract void settle() throws SQLException;

  /** Closes the pool and removes the database. */
  @Override
  public abstract void close() throws SQLException;

  static HikariDataSource pool(String url, String user) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername(user);
    config.setPassword("");
    config.setMaximumPoolSize(2);
    config.setPoolName("wsqos-store-benchmark");
    return new HikariDataSource(config);
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
      pool = pool(url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema, user);
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
