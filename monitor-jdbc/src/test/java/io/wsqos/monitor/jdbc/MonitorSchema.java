package io.wsqos.monitor.jdbc;

import io.wsqos.monitor.jdbc.internal.RecordStore;
import io.wsqos.testing.db.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** The monitor's schema in a test's {@link io.wsqos.testing.db.TestDatabase}. */
public final class MonitorSchema {

  /** The table the records are stored in, one row each. */
  public static final String RECORDS = "qos_record";

  private MonitorSchema() {}

  /** Creates the monitor's tables through its own migrations. */
  public static void migrate(DataSource dataSource) {
    new RecordStore(dataSource).migrate();
  }

  /** The number of records stored in {@code database}. */
  public static long records(TestDatabase database) throws SQLException {
    try (Connection c = database.connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT COUNT(*) FROM qos_record")) {
      r.next();
      return r.getLong(1);
    }
  }
}
