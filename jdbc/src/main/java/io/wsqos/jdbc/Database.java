package io.wsqos.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/** The databases the project treats apart from the others. */
public enum Database {
  H2,
  POSTGRESQL,
  OTHER;

  /** The database {@code connection} is connected to, told by its metadata. */
  public static Database of(Connection connection) throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    return product.equals("h2") ? H2 : product.contains("postgresql") ? POSTGRESQL : OTHER;
  }

  /**
   * The database a JDBC URL names, told by its prefix ({@code jdbc:h2:}, {@code jdbc:postgresql:}).
   */
  public static Database ofUrl(String jdbcUrl) {
    String url = jdbcUrl.toLowerCase(Locale.ROOT);
    return url.startsWith("jdbc:h2:")
        ? H2
        : url.startsWith("jdbc:postgresql:") ? POSTGRESQL : OTHER;
  }
}
