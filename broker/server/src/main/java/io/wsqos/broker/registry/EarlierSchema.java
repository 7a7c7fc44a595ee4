package io.wsqos.broker.registry;

import io.wsqos.broker.api.RegistryUnavailableException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Refuses a database migrated by an earlier development version of the broker, whose migrations V1
 * to V4 are one V1 now: Flyway would refuse it with a page of checksums, and nothing was released
 * that such a database needs to be kept for.
 */
final class EarlierSchema {

  /** The script of the earlier V2, which no database of the current migrations has applied. */
  static final String EARLIER_SCRIPT = "V2__provider_token.sql";

  private EarlierSchema() {}

  /**
   * Throws if {@code database}'s history table {@code historyTable} lists the earlier migrations.
   *
   * @throws IllegalStateException naming {@code url} and what to do
   * @throws RegistryUnavailableException if the history cannot be read
   */
  static void refuse(DataSource database, String url, String historyTable) {
    try (Connection c = database.getConnection()) {
      if (exists(c, historyTable) && applied(c, historyTable, EARLIER_SCRIPT)) {
        throw new IllegalStateException(
            "the database "
                + url
                + " holds the registry of an earlier development version of the broker, whose"
                + " migrations were squashed since: start on a fresh database (for an H2 file,"
                + " delete its .mv.db file); nothing was changed");
      }
    } catch (SQLException e) {
      throw new RegistryUnavailableException("read the registry's schema history", e);
    }
  }

  private static boolean exists(Connection c, String table) throws SQLException {
    DatabaseMetaData metaData = c.getMetaData();
    try (ResultSet r = metaData.getTables(c.getCatalog(), c.getSchema(), table, null)) {
      while (r.next()) {
        if (r.getString("TABLE_NAME").equals(table)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean applied(Connection c, String historyTable, String script)
      throws SQLException {
    // Flyway creates the table and its columns with quoted lower-case names on H2 and PostgreSQL.
    try (PreparedStatement s =
        c.prepareStatement("SELECT 1 FROM \"" + historyTable + "\" WHERE \"script\" = ?")) {
      s.setString(1, script);
      try (ResultSet r = s.executeQuery()) {
        return r.next();
      }
    }
  }
}
