package io.wsqos.jdbc;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Creates or upgrades a module's tables with Flyway, each module with a history table of its own so
 * that several share one database, the application's own included.
 */
public final class JdbcMigrations {

  /** The first key of the advisory locks migrations take on PostgreSQL: "wsqs" in ASCII. */
  private static final int ADVISORY_LOCK_KEY = 0x77737173;

  private JdbcMigrations() {}

  /**
   * Runs the migrations at {@code location} (e.g. {@code
   * classpath:io/wsqos/broker/registry/db/broker-registry}) on {@code dataSource}'s default schema,
   * recording them in {@code historyTable}.
   *
   * @throws IllegalStateException if the database cannot be reached
   * @throws org.flywaydb.core.api.FlywayException if a migration fails
   */
  public static void migrate(DataSource dataSource, String location, String historyTable) {
    migrate(dataSource, List.of(requireNonNull(location, "location")), historyTable);
  }

  /**
   * Runs the migrations at {@code locations}, in Flyway's version order across them, as {@link
   * #migrate(DataSource, String, String)} does.
   */
  public static void migrate(DataSource dataSource, List<String> locations, String historyTable) {
    requireNonNull(dataSource, "dataSource");
    requireNonNull(historyTable, "historyTable");
    if (locations.isEmpty()) {
      throw new IllegalArgumentException("locations: [] (expected: at least one)");
    }
    Database database;
    try (Connection connection = dataSource.getConnection()) {
      database = Database.of(connection);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot connect to migrate " + locations, e);
    }
    // A migration may index a large table for longer than any statement of the application
    // should run: its connections carry no statement timeout.
    String noStatementTimeout =
        switch (database) {
          case H2 -> "SET QUERY_TIMEOUT 0";
          case POSTGRESQL -> "SET statement_timeout = 0";
          case OTHER -> "";
        };
    DataSource migrating = unpooled(dataSource);
    if (!noStatementTimeout.isEmpty()) {
      migrating = new StatementOnConnect(migrating, noStatementTimeout);
    }
    Flyway flyway =
        Flyway.configure(JdbcMigrations.class.getClassLoader())
            .dataSource(migrating)
            .locations(locations.toArray(String[]::new))
            .table(historyTable)
            // A database that already holds other tables (the application's, another module's)
            // gets the module's history table at version 0, and then every migration.
            .baselineOnMigrate(true)
            .baselineVersion("0")
            .load();
    if (database != Database.POSTGRESQL) {
      flyway.migrate();
      return;
    }
    // Flyway locks the history table only once it has decided to create or baseline it: two
    // processes starting on one fresh schema (two brokers on one PostgreSQL) both decide, and the
    // second fails to baseline the table the first has just created. One session lock per schema
    // and history table makes the second wait, then find every migration applied.
    try (Connection lock = migrating.getConnection()) {
      advisoryLock(lock, "pg_advisory_lock", historyTable);
      try {
        flyway.migrate();
      } finally {
        advisoryLock(lock, "pg_advisory_unlock", historyTable);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot lock the schema to migrate " + locations, e);
    }
  }

  /**
   * Calls PostgreSQL's {@code function} on the two-key lock of this project (the first key) and of
   * the schema's {@code historyTable} (the second); Flyway's own locks take one key, a space that
   * does not overlap.
   */
  private static void advisoryLock(Connection connection, String function, String historyTable)
      throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement(
            "SELECT "
                + function
                + "("
                + ADVISORY_LOCK_KEY
                + ", hashtext(current_schema() || '.' || ?))")) {
      statement.setString(1, historyTable);
      statement.execute();
    }
  }

  /**
   * Connections of their own to the database of {@code dataSource} if that is a HikariCP pool (the
   * same URL, settings and credentials, without PostgreSQL's {@code socketTimeout}), so that the
   * pool's connections keep their timeouts while a migration runs without them; the pool's open
   * connections keep an in-memory H2 database alive meanwhile. Any other data source as it is.
   */
  private static DataSource unpooled(DataSource dataSource) {
    if (!(dataSource instanceof HikariDataSource pool)) {
      return dataSource;
    }
    Properties properties = new Properties();
    properties.putAll(pool.getDataSourceProperties());
    properties.remove("socketTimeout");
    return new DriverDataSource(
        pool.getJdbcUrl(),
        pool.getDriverClassName(),
        properties,
        pool.getUsername(),
        pool.getPassword());
  }

  /**
   * Runs a statement on each connection it hands out. A data source rather than a Flyway callback,
   * so that it works with every Flyway an application may bring (Spring Boot 3.5 manages 11.x,
   * which has no connection event).
   */
  private record StatementOnConnect(DataSource delegate, String sql) implements DataSource {
    @Override
    public Connection getConnection() throws SQLException {
      return prepared(delegate.getConnection());
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
      return prepared(delegate.getConnection(user, password));
    }

    private Connection prepared(Connection connection) throws SQLException {
      try (Statement statement = connection.createStatement()) {
        statement.execute(sql);
        return connection;
      } catch (SQLException e) {
        connection.close();
        throw new SQLException("cannot run '" + sql + "' before migrating", e);
      }
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
      return delegate.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
      delegate.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
      delegate.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
      return delegate.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      return delegate.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
      return type.isInstance(this) ? type.cast(this) : delegate.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
      return type.isInstance(this) || delegate.isWrapperFor(type);
    }
  }
}
