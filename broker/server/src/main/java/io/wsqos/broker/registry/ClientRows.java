package io.wsqos.broker.registry;

import io.wsqos.broker.api.Client;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** Table {@code broker_client}: the clients that report measurements, and their token hashes. */
final class ClientRows {

  private static final String NAME = "broker_client";

  /** The columns of a {@link Client}. */
  static final Columns COLUMNS = Columns.of(NAME, "id", "name");

  private static final int ID = COLUMNS.offset("id");
  private static final int NAME_COLUMN = COLUMNS.offset("name");

  static final Table<Client> TABLE = new Table<>("client", COLUMNS, ClientRows::client, Client::id);

  private static final Columns REGISTERED = Columns.of(NAME, "name", "token_hash");

  private ClientRows() {}

  /** A client from {@link #COLUMNS} starting at column {@code first}. */
  static Client client(ResultSet r, int first) throws SQLException {
    return new Client(r.getLong(first + ID), r.getString(first + NAME_COLUMN));
  }

  /** Inserts client {@code name} with {@code tokenHash}. */
  static Client insert(Connection c, String name, String tokenHash) throws SQLException {
    return new Client(TABLE.insert(c, REGISTERED, name, tokenHash), name);
  }

  /** Client id by token hash. */
  static Map<String, Long> tokenHashes(Connection c) throws SQLException {
    Map<String, Long> ids = new HashMap<>();
    try (PreparedStatement s = c.prepareStatement("SELECT token_hash, id FROM " + NAME);
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        ids.put(r.getString(1), r.getLong(2));
      }
    }
    return ids;
  }
}
