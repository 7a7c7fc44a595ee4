package io.wsqos.broker.registry;

import io.wsqos.broker.api.Provider;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** Table {@code broker_provider}: the providers, and the hashes of their tokens. */
final class ProviderRows {

  private static final String NAME = "broker_provider";

  /** The columns of a {@link Provider}. */
  static final Columns COLUMNS = Columns.of(NAME, "id", "name");

  private static final int ID = COLUMNS.offset("id");
  private static final int NAME_COLUMN = COLUMNS.offset("name");

  static final Table<Provider> TABLE =
      new Table<>("provider", COLUMNS, ProviderRows::provider, Provider::id);

  private static final Columns REGISTERED = Columns.of(NAME, "name", "token_hash");
  private static final Columns RENAMED = Columns.of(NAME, "name");
  private static final Columns TOKEN = Columns.of(NAME, "token_hash");

  private ProviderRows() {}

  /** A provider from {@link #COLUMNS} starting at column {@code first}. */
  static Provider provider(ResultSet r, int first) throws SQLException {
    return new Provider(r.getLong(first + ID), r.getString(first + NAME_COLUMN));
  }

  /** Inserts provider {@code name} with {@code tokenHash}, or none if it is {@code null}. */
  static Provider insert(Connection c, String name, String tokenHash) throws SQLException {
    return new Provider(TABLE.insert(c, REGISTERED, name, tokenHash), name);
  }

  /** Renames provider {@code id}, which must exist. */
  static Provider rename(Connection c, long id, String name) throws SQLException {
    TABLE.update(c, id, RENAMED, name);
    return new Provider(id, name);
  }

  /** Replaces the token hash of provider {@code id}, which must exist. */
  static Provider replaceTokenHash(Connection c, long id, String tokenHash) throws SQLException {
    TABLE.update(c, id, TOKEN, tokenHash);
    return TABLE.written(c, id);
  }

  /**
   * Locks provider {@code id}, which must exist, until the transaction ends, so that no endpoint is
   * added for it meanwhile (an endpoint's foreign key check takes a lock on it that this one
   * excludes).
   */
  static void lock(Connection c, long id) throws SQLException {
    TABLE.exists(c, id, true);
  }

  /** Provider id by token hash, of every provider that has one. */
  static Map<String, Long> tokenHashes(Connection c) throws SQLException {
    Map<String, Long> ids = new HashMap<>();
    try (PreparedStatement s =
            c.prepareStatement(
                "SELECT token_hash, id FROM " + NAME + " WHERE token_hash IS NOT NULL");
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        ids.put(r.getString(1), r.getLong(2));
      }
    }
    return ids;
  }
}
