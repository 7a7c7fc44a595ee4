package io.wsqos.monitor;

import io.wsqos.monitor.internal.RecordStore;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A real database for one test class: an H2 in-memory database, or a schema of its own in the
 * PostgreSQL {@code test} database, dropped afterwards so that parallel runs and reruns never meet.
 * Each can be paused: the H2 database in exclusive mode, the PostgreSQL table under an exclusive
 * lock; other sessions' statements then wait until {@link Pause#close()}.
 */
public abstract class TestDatabase implements AutoCloseable {

  /** The PostgreSQL of the development and CI machines. */
  public static final String POSTGRES_URL = "jdbc:postgresql://127.0.0.1:5432/test";

  /** Holds the database paused until closed. */
  public interface Pause extends AutoCloseable {
    @Override
    void close() throws SQLException;
  }

  /** A fresh in-memory H2 database. */
  public static TestDatabase h2() {
    return new H2("qos_" + UUID.randomUUID().toString().replace("-", ""));
  }

  /** A fresh schema in PostgreSQL. */
  public static TestDatabase postgres() throws SQLException {
    return new Postgres(
        "qos_" + UUID.randomUUID().toString().replace("-", "").toLowerCase(Locale.ROOT));
  }

  /** The JDBC URL whose default schema is this database's. */
  public abstract String url();

  public abstract String user();

  /** Pauses every other session's access to {@code qos_record_pack}. */
  public abstract Pause pause() throws SQLException;

  /** A connection to this database (default schema set). */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url(), user(), "");
  }

  /** Creates the table through the monitor's own migrations. */
  public TestDatabase migrated() {
    new RecordStore(dataSource()).migrate();
    return this;
  }

  /** Removes every record (their targets stay). */
  public void clear() throws SQLException {
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.execute("DELETE FROM qos_record_pack");
    }
  }

  /** A data source opening a new connection per call: what analysis needs in a test. */
  public DataSource dataSource() {
    return new DriverManagerDataSource(this);
  }

  private static final class H2 extends TestDatabase {
    private final String name;
    private final Connection keepAlive;

    H2(String name) {
      this.name = name;
      try {
        keepAlive = connect();
      } catch (SQLException e) {
        throw new IllegalStateException(e);
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
    public Pause pause() throws SQLException {
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

    Postgres(String schema) throws SQLException {
      this.schema = schema;
      try (Connection c = DriverManager.getConnection(POSTGRES_URL, "postgres", "");
          Statement s = c.createStatement()) {
        s.execute("CREATE SCHEMA " + schema);
      }
    }

    @Override
    public String url() {
      return POSTGRES_URL + "?currentSchema=" + schema;
    }

    @Override
    public String user() {
      return "postgres";
    }

    @Override
    public Pause pause() throws SQLException {
      Connection admin = connect();
      admin.setAutoCommit(false);
      try (Statement s = admin.createStatement()) {
        s.execute("LOCK TABLE qos_record_pack IN ACCESS EXCLUSIVE MODE");
      }
      return () -> {
        try (admin) {
          admin.rollback();
        }
      };
    }

    @Override
    public void close() throws SQLException {
      try (Connection c = DriverManager.getConnection(POSTGRES_URL, "postgres", "");
          Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
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
