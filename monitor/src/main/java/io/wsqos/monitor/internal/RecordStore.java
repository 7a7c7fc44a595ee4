package io.wsqos.monitor.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.QosRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.OptionalLong;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * The {@code qos_record} table: its Flyway migrations and the batch insert. Values always go
 * through a prepared statement, so names are stored verbatim whatever they contain.
 */
public final class RecordStore {

  /** Where the migrations live, on the classpath. */
  public static final String MIGRATIONS = "classpath:db/migration/monitor";

  /** Flyway's history table for the monitor, apart from other modules' migrations. */
  public static final String HISTORY_TABLE = "wsqos_monitor_schema_history";

  private static final String INSERT =
      "INSERT INTO qos_record (recorded_at_us, service, operation, endpoint, side, outcome,"
          + " t1_us, t2_us, t3_us, t4_us, request_bytes, response_bytes, validity,"
          + " execution_us, communication_us, response_us)"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

  private final DataSource dataSource;

  public RecordStore(DataSource dataSource) {
    this.dataSource = requireNonNull(dataSource, "dataSource");
  }

  /** Creates or upgrades the table in the data source's default schema. */
  public void migrate() {
    Flyway.configure(RecordStore.class.getClassLoader())
        .dataSource(dataSource)
        .locations(MIGRATIONS)
        .table(HISTORY_TABLE)
        .load()
        .migrate();
  }

  /** Inserts {@code batch} in one transaction: all rows or none. */
  public void insert(List<QosRecord> batch) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
        for (QosRecord record : batch) {
          bind(insert, record);
          insert.addBatch();
        }
        insert.executeBatch();
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        rollbackQuietly(connection, e);
        throw e;
      }
    }
  }

  private static void bind(PreparedStatement insert, QosRecord record) throws SQLException {
    insert.setLong(1, toMicros(record.recordedAt()));
    insert.setString(2, record.service());
    insert.setString(3, record.operation());
    insert.setString(4, record.endpoint());
    insert.setString(5, record.side().name());
    insert.setString(6, record.outcome().name());
    setStamp(insert, 7, record.t1Micros());
    setStamp(insert, 8, record.t2Micros());
    setStamp(insert, 9, record.t3Micros());
    setStamp(insert, 10, record.t4Micros());
    setSize(insert, 11, record.requestBytes());
    setSize(insert, 12, record.responseBytes());
    insert.setString(13, record.validity().name());
    setOptional(insert, 14, record.executionMicros());
    setOptional(insert, 15, record.communicationMicros());
    setOptional(insert, 16, record.responseMicros());
  }

  /** Microseconds since the epoch, the unit of every time column. */
  public static long toMicros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }

  private static void setStamp(PreparedStatement insert, int index, long micros)
      throws SQLException {
    if (micros == QosRecord.ABSENT) {
      insert.setNull(index, Types.BIGINT);
    } else {
      insert.setLong(index, micros);
    }
  }

  private static void setSize(PreparedStatement insert, int index, long bytes) throws SQLException {
    if (bytes == QosRecord.UNKNOWN_SIZE) {
      insert.setNull(index, Types.BIGINT);
    } else {
      insert.setLong(index, bytes);
    }
  }

  private static void setOptional(PreparedStatement insert, int index, OptionalLong value)
      throws SQLException {
    if (value.isPresent()) {
      insert.setLong(index, value.getAsLong());
    } else {
      insert.setNull(index, Types.BIGINT);
    }
  }

  private static void rollbackQuietly(Connection connection, Exception cause) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }
}
