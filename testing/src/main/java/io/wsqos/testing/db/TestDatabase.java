package io.wsqos.testing.db;

import static java.util.Objects.requireNonNull;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * A real database of its own for one test: an H2 in-memory database, or a schema of its own in the
 * PostgreSQL {@code test} database on 127.0.0.1:5432, dropped by {@link #close()} so that parallel
 * runs and reruns never meet. Either can be paused: H2 in exclusive mode, a PostgreSQL table under
 * an exclusive lock; other sessions' statements then wait until {@link Pause#close()}.
 *
 * <p>Create one per test class or per test and close it afterwards (try-with-resources or an
 * {@code @AfterEach}); {@link TestDatabaseExtension} does both for a field.
 */
public abstract class TestDatabase implements AutoCloseable {

  /** The PostgreSQL of the development and CI machines: user {@code postgres}, trust. */
  public static final String POSTGRES_URL = "jdbc:postgresql://127.0.0.1:5432/test";

  /** The user of {@link #POSTGRES_URL}. */
  public static final String POSTGRES_USER = "postgres";

  private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** Holds the database paused until closed. */
  public interface Pause extends AutoCloseable {
    @Override
    void close() throws SQLException;
  }

  /** The kinds of database a test can ask for. */
  public enum Kind {
    H2,
    POSTGRES
  }

  TestDatabase() {}

  /** A database of the given kind; see {@link #h2()} and {@link #postgres()}. */
  public static TestDatabase of(Kind kind) {
    requireNonNull(kind, "kind");
    return switch (kind) {
      case H2 -> h2();
      case POSTGRES -> postgres();
    };
  }

  /** A fresh in-memory H2 database, dropped when closed. */
  public static TestDatabase h2() {
    return new H2("test_" + randomName());
  }

  /**
   * A fresh schema in PostgreSQL's {@code test} database, dropped with everything in it when
   * closed.
   *
   * @throws IllegalStateException naming the address when PostgreSQL is not answering there
   */
  public static TestDatabase postgres() {
    return new Postgres("test_" + randomName());
  }

  /** The JDBC URL whose default schema is this database's. */
  public abstract String url();

  /** The user to connect as (no password). */
  public abstract String user();

  /**
   * The schema this database's tables go in: the PostgreSQL schema of its own (a unique name, for a
   * program that takes a schema rather than a URL), or H2's {@code PUBLIC}.
   */
  public abstract String schema();

  /**
   * Pauses every other session's access to {@code table} (H2: to the whole database) until the
   * returned pause is closed.
   */
  public abstract Pause pause(String table) throws SQLException;

  /**
   * How many sessions wait, directly or behind another that waits, for the locks {@code holder} (a
   * connection to this database) holds: a test holds a lock and waits until its writers queue.
   */
  public abstract long sessionsWaitingBehind(Connection holder) throws SQLException;

  /** A new connection to this database, its schema the default. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url(), user(), "");
  }

  /** A data source opening a new connection per call, enough for a test. */
  public DataSource dataSource() {
    return new DriverManagerDataSource(this);
  }

  /** Runs {@code migration} (typically the module's own Flyway migrations) on this database. */
  public TestDatabase migrated(Consumer<DataSource> migration) {
    requireNonNull(migration, "migration").accept(dataSource());
    return this;
  }

  /** Deletes every row of {@code table}. */
  public void deleteAll(String table) throws SQLException {
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.execute("DELETE FROM " + checkedTable(table));
    }
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }

  /** Drops this database; closing twice is harmless. */
  @Override
  public abstract void close() throws SQLException;

  static String checkedTable(String table) {
    requireNonNull(table, "table");
    if (!TABLE_NAME.matcher(table).matches()) {
      throw new IllegalArgumentException("table: " + table + " (expected: a plain SQL name)");
    }
    return table;
  }

  private static String randomName() {
    return UUID.randomUUID().toString().replace("-", "").toLowerCase(Locale.ROOT);
  }

  private static final class H2 extends TestDatabase {
    private final String name;
    private final Connection keepAlive;

    H2(String name) {
      this.name = name;
      try {
        keepAlive = connect();
      } catch (SQLException e) {
        throw new IllegalStateException("cannot open the H2 database " + url(), e);
      }
    }

    @Override
    public String url() {
      return "jdbc:h2:mem:" + name;
    }

    @Override
    public String user() {
      return "";
    }

    @Override
    public String schema() {
      return "PUBLIC";
    }

    @Override
    public long sessionsWaitingBehind(Connection holder) throws SQLException {
      return count(
          holder,
          "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE BLOCKER_ID = SESSION_ID()");
    }

    @Override
    public Pause pause(String table) throws SQLException {
      checkedTable(table);
      Connection admin = connect();
      try (Statement s = admin.createStatement()) {
        s.execute("SET EXCLUSIVE 1");
      }
      return () -> {
        try (admin;
            Statement s = admin.createStatement()) {
          s.execute("SET EXCLUSIVE 0");
        }
      };
    }

    @Override
    public void close() throws SQLException {
      // The last connection closing drops the in-memory database.
      keepAlive.close();
    }
  }

  private static final class Postgres extends TestDatabase {
    private final String schema;
    private boolean dropped;

    Postgres(String schema) {
      this.schema = schema;
      try (Connection c = admin();
          Statement s = c.createStatement()) {
        s.execute("CREATE SCHEMA " + schema);
      } catch (SQLException e) {
        throw new IllegalStateException(
            "PostgreSQL is not answering at "
                + POSTGRES_URL
                + " as user "
                + POSTGRES_USER
                + " (trust authentication): start it, or run only the H2 tests ("
                + e.getMessage()
                + ")",
            e);
      }
    }

    private static Connection admin() throws SQLException {
      return DriverManager.getConnection(POSTGRES_URL, POSTGRES_USER, "");
    }

    @Override
    public String url() {
      return POSTGRES_URL + "?currentSchema=" + schema;
    }

    @Override
    public String user() {
      return POSTGRES_USER;
    }

    @Override
    public String schema() {
      return schema;
    }

    @Override
    public long sessionsWaitingBehind(Connection holder) throws SQLException {
      // PostgreSQL keeps one pg_stat_activity snapshot per transaction, and a holder is in one:
      // without clearing it, a session that connected after the holder's first look is never seen.
      try (Statement clear = holder.createStatement()) {
        clear.execute("SELECT pg_stat_clear_snapshot()");
      }
      return count(
          holder,
          "WITH RECURSIVE blocked(pid) AS ("
              + " SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))"
              + " UNION SELECT a.pid FROM pg_stat_activity a JOIN blocked b"
              + " ON b.pid = ANY(pg_blocking_pids(a.pid)))"
              + " SELECT COUNT(*) FROM blocked");
    }

    @Override
    public Pause pause(String table) throws SQLException {
      String name = checkedTable(table);
      Connection admin = connect();
      admin.setAutoCommit(false);
      try (Statement s = admin.createStatement()) {
        s.execute("LOCK TABLE " + name + " IN ACCESS EXCLUSIVE MODE");
      } catch (SQLException e) {
        admin.close();
        throw e;
      }
      return () -> {
        try (admin) {
          admin.rollback();
        }
      };
    }

    @Override
    public synchronized void close() throws SQLException {
      if (dropped) {
        return;
      }
      try (Connection c = admin();
          Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
      dropped = true;
    }
  }

  private static final class DriverManagerDataSource implements DataSource {
    private final TestDatabase database;

    DriverManagerDataSource(TestDatabase database) {
      this.database = database;
    }

    @Override
    public Connection getConnection() throws SQLException {
      return database.connect();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return DriverManager.getConnection(database.url(), username, password);
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return false;
    }
  }
}
