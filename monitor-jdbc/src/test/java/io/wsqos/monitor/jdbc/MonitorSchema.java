package io.wsqos.monitor.jdbc;

import io.wsqos.monitor.jdbc.internal.RecordStore;
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
}
