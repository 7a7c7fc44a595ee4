package io.wsqos.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import javax.sql.DataSource;

/** The small row helpers every store of the project needs. */
public final class Jdbc {

  private Jdbc() {}

  /**
   * Sets {@code parameters} from the first on: {@link Long}, {@link Integer}, {@link String}, or
   * {@code null} as SQL NULL of type {@code VARCHAR}.
   *
   * @throws IllegalArgumentException for a parameter of another type
   */
  public static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
    for (int i = 0; i < parameters.length; i++) {
      Object p = parameters[i];
      if (p instanceof Long l) {
        statement.setLong(i + 1, l);
      } else if (p instanceof Integer n) {
        statement.setInt(i + 1, n);
      } else if (p instanceof String s) {
        statement.setString(i + 1, s);
      } else if (p == null) {
        statement.setNull(i + 1, Types.VARCHAR);
      } else {
        throw new IllegalArgumentException(
            "parameter "
                + (i + 1)
                + ": "
                + p.getClass().getName()
                + " (expected: Long, Integer, String or null)");
      }
    }
  }

  /** Runs {@code sql} with {@code parameters} and returns the number of rows it changed. */
  public static int update(Connection connection, String sql, Object... parameters)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, parameters);
      return statement.executeUpdate();
    }
  }

  /** Runs the insert {@code sql} with {@code parameters} and returns the id the database made. */
  public static long insert(Connection connection, String sql, Object... parameters)
      throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
      bind(statement, parameters);
      statement.executeUpdate();
      return generatedId(statement);
    }
  }

  /**
   * The one id an executed insert made.
   *
   * @throws SQLException if the database returned none
   */
  public static long generatedId(PreparedStatement insert) throws SQLException {
    try (ResultSet keys = insert.getGeneratedKeys()) {
      if (!keys.next()) {
        throw new SQLException("the database returned no generated id");
      }
      return keys.getLong(1);
    }
  }

  /**
   * The first column of the first row {@code sql} selects, as a long.
   *
   * @throws SQLException if it selects no row
   */
  public static long queryLong(Connection connection, String sql, Object... parameters)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, parameters);
      try (ResultSet r = statement.executeQuery()) {
        if (!r.next()) {
          throw new SQLException("no row: " + sql);
        }
        return r.getLong(1);
      }
    }
  }

  /** {@link #queryLong(Connection, String, Object...)} on a connection of its own. */
  public static long queryLong(DataSource dataSource, String sql, Object... parameters)
      throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      return queryLong(connection, sql, parameters);
    }
  }

  /** Rolls {@code connection} back; a failure to is added to {@code cause} rather than thrown. */
  public static void rollbackQuietly(Connection connection, Exception cause) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }

  /**
   * Takes {@code connection} out of {@code dataSource} for good if that is a HikariCP pool: for a
   * failure HikariCP cannot see, such as one on the driver's own connection under the pool's
   * wrapper. Does nothing for another data source.
   */
  public static void evict(DataSource dataSource, Connection connection) throws SQLException {
    if (dataSource.isWrapperFor(HikariDataSource.class)) {
      dataSource.unwrap(HikariDataSource.class).evictConnection(connection);
    }
  }
}
