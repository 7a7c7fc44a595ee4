package io.wsqos.monitor.jdbc.internal;

import io.wsqos.jdbc.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Reads a query's rows one at a time, so that a client holds {@link #FETCH_SIZE} rows at most
 * however many the query selects. Each database needs its own nudge: PostgreSQL's driver fetches
 * through a cursor only inside a transaction and with a fetch size, otherwise it reads the whole
 * result into memory first, and it sends numbers as text unless asked for binary; H2 writes a large
 * result to a temporary file before returning its first row unless the session executes queries
 * lazily.
 */
public final class RowStream {

  /** Rows a driver fetches from the database per round trip. */
  public static final int FETCH_SIZE = 10_000;

  /** What is done with each row. */
  @FunctionalInterface
  public interface RowHandler {
    /** Takes the current row of {@code row}; must not move the cursor. */
    void accept(ResultSet row) throws SQLException;
  }

  private RowStream() {}

  /**
   * Runs {@code sql} with {@code parameters} on {@code connection} and hands each row to {@code
   * handler}, in the database's order. The connection is left as found: in its auto-commit mode
   * and, on H2, in its default (eager) query execution.
   */
  public static void forEach(
      Connection connection, String sql, List<Object> parameters, RowHandler handler)
      throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    Database database = Database.of(connection);
    boolean h2 = database == Database.H2;
    connection.setAutoCommit(false);
    try {
      if (h2) {
        lazy(connection, true);
      }
      try (PreparedStatement select =
          connection.prepareStatement(
              sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
        for (int i = 0; i < parameters.size(); i++) {
          select.setObject(i + 1, parameters.get(i));
        }
        select.setFetchSize(FETCH_SIZE);
        if (database == Database.POSTGRESQL) {
          PostgresBinary.request(select);
        }
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            handler.accept(rows);
          }
        }
      } finally {
        if (h2) {
          lazy(connection, false);
        }
      }
    } finally {
      // Nothing was written: ending the read-only transaction either way is the same.
      connection.rollback();
      connection.setAutoCommit(autoCommit);
    }
  }

  private static void lazy(Connection connection, boolean lazy) throws SQLException {
    try (Statement set = connection.createStatement()) {
      set.execute("SET LAZY_QUERY_EXECUTION " + (lazy ? "TRUE" : "FALSE"));
    }
  }
}
