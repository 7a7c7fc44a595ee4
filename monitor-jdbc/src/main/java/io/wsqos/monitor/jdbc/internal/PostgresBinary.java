package io.wsqos.monitor.jdbc.internal;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.postgresql.PGStatement;

/**
 * Asks PostgreSQL's driver for a statement's rows in the binary format, where a {@code BIGINT} is
 * eight bytes to copy rather than up to twenty digits to parse. The driver otherwise does so only
 * once it has run the same statement several times. A class of its own so that the PostgreSQL
 * driver is loaded only when the database is PostgreSQL.
 */
final class PostgresBinary {

  private PostgresBinary() {}

  /** Makes {@code statement}'s results binary from its first execution. */
  static void request(PreparedStatement statement) throws SQLException {
    // A negative threshold is the driver's way to force binary transfers.
    statement.unwrap(PGStatement.class).setPrepareThreshold(-1);
  }
}
