package io.wsqos.monitor.jdbc.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/** The databases the monitor treats apart from the others, told by a connection's metadata. */
public enum Database {
  H2,
  POSTGRESQL,
  OTHER;

  /** The database {@code connection} is connected to. */
  public static Database of(Connection connection) throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    return product.equals("h2") ? H2 : product.contains("postgresql") ? POSTGRESQL : OTHER;
  }
}
