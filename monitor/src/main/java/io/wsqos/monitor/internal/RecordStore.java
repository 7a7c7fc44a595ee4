package io.wsqos.monitor.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.QosRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * The {@code qos_record} table: its Flyway migrations and the batch insert. Values always go
 * through a prepared statement, so names are stored verbatim whatever they contain.
 *
 * <p>A record's names (service, operation, endpoint, side) are stored once per distinct set in
 * {@code qos_target}; each row of {@code qos_record} holds its target's id ({@code target_id}). The
 * view {@code qos_record_named} joins them back.
 *
 * <p>Each insert also adds one row to {@code qos_record_block}: the range of ids it was given and
 * the range of its records' times, in the same transaction. {@link #WINDOW} finds a time window
 * through those blocks and the primary key, so no index on time is kept per record. Rows inserted
 * by other means than this class are found by a window only if they get a block too.
 */
public final class RecordStore {

  /** Where the migrations live, on the classpath. */
  public static final String MIGRATIONS = "classpath:db/migration/monitor";

  /** Flyway's history table for the monitor, apart from other modules' migrations. */
  public static final String HISTORY_TABLE = "wsqos_monitor_schema_history";

  /**
   * Rows per INSERT statement. One statement of many rows costs H2 and PostgreSQL less per row than
   * a JDBC batch of one-row statements (measured on H2: about 20% less CPU and allocation per row
   * at 50); PostgreSQL allows 32,767 parameters per statement, far above 50 x 13.
   */
  static final int ROWS_PER_STATEMENT = 50;

  private static final int COLUMNS = 13;

  private static final String INSERT_INTO =
      "INSERT INTO qos_record (recorded_at_us, target_id, outcome, t1_us, t2_us, t3_us, t4_us,"
          + " request_bytes, response_bytes, validity, execution_us, communication_us,"
          + " response_us) VALUES ";

  private static final String ROW = "(?" + ", ?".repeat(COLUMNS - 1) + ")";

  private static final String INSERT_FULL = insertOf(ROWS_PER_STATEMENT);

  /**
   * The rows after the last full statement go one per statement, in one JDBC batch: a statement of
   * as many rows as are left would be new SQL nearly every time, which H2 parses again (and its JIT
   * recompiles the parser for, since it runs once per store burst); two SQL strings stay in its
   * per-session statement cache.
   */
  private static final String INSERT_ONE = insertOf(1);

  private static final String[] GENERATED = {"id"};

  private static final String INSERT_BLOCK =
      "INSERT INTO qos_record_block (first_id, last_id, first_recorded_us, last_recorded_us)"
          + " VALUES (?, ?, ?, ?)";

  /**
   * The condition that selects the rows of {@code qos_record} recorded in a window, with the
   * parameters {@link #windowParameters} gives. The id bounds from the blocks let H2 and PostgreSQL
   * read only the primary key's range for the window; the time condition then drops what the
   * overlapping blocks hold outside it.
   */
  public static final String WINDOW =
      "id >= (SELECT MIN(first_id) FROM qos_record_block"
          + " WHERE last_recorded_us >= ? AND first_recorded_us < ?)"
          + " AND id <= (SELECT MAX(last_id) FROM qos_record_block"
          + " WHERE last_recorded_us >= ? AND first_recorded_us < ?)"
          + " AND recorded_at_us >= ? AND recorded_at_us < ?";

  /** The parameters of {@link #WINDOW} for {@code [from, to)}, in order. */
  public static List<Long> windowParameters(Instant from, Instant to) {
    long fromMicros = toMicros(from);
    long toMicros = toMicros(to);
    return List.of(fromMicros, toMicros, fromMicros, toMicros, fromMicros, toMicros);
  }

  /**
   * The condition that selects the rows of {@code qos_record} whose target has a side and, for each
   * flag set, a name. Its parameters, in order: the side's name, then the service, operation and
   * endpoint whose flags are set. It selects targets by name, so that two target rows with the same
   * names (two logs adding one at once) count as one.
   */
  public static String targetCondition(boolean service, boolean operation, boolean endpoint) {
    return "target_id IN (SELECT id FROM qos_target WHERE side = ?"
        + (service ? " AND service = ?" : "")
        + (operation ? " AND operation = ?" : "")
        + (endpoint ? " AND endpoint = ?" : "")
        + ")";
  }

  private final DataSource dataSource;
  private final TargetIds targets = new TargetIds();

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

  /** Inserts {@code batch} and its block in one transaction: all rows or none. */
  public void insert(List<QosRecord> batch) throws SQLException {
    if (batch.isEmpty()) {
      return;
    }
    int full = batch.size() / ROWS_PER_STATEMENT;
    int rest = batch.size() % ROWS_PER_STATEMENT;
    Block block = new Block();
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(true);
      int[] targetIds = targets.of(connection, batch);
      connection.setAutoCommit(false);
      try {
        if (full > 0) {
          try (PreparedStatement insert = connection.prepareStatement(INSERT_FULL, GENERATED)) {
            for (int i = 0; i < full; i++) {
              bind(insert, batch, targetIds, i * ROWS_PER_STATEMENT, ROWS_PER_STATEMENT);
              insert.addBatch();
            }
            insert.executeBatch();
            block.ids(insert);
          }
        }
        if (rest > 0) {
          try (PreparedStatement insert = connection.prepareStatement(INSERT_ONE, GENERATED)) {
            for (int i = full * ROWS_PER_STATEMENT; i < batch.size(); i++) {
              bind(insert, 0, batch.get(i), targetIds[i]);
              insert.addBatch();
            }
            insert.executeBatch();
            block.ids(insert);
          }
        }
        block.times(batch);
        try (PreparedStatement insert = connection.prepareStatement(INSERT_BLOCK)) {
          block.bind(insert);
          insert.executeUpdate();
        }
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        rollbackQuietly(connection, e);
        throw e;
      }
    }
  }

  private static String insertOf(int rows) {
    return INSERT_INTO + String.join(", ", Collections.nCopies(rows, ROW));
  }

  private static void bind(
      PreparedStatement insert, List<QosRecord> batch, int[] targetIds, int from, int rows)
      throws SQLException {
    for (int row = 0; row < rows; row++) {
      bind(insert, row * COLUMNS, batch.get(from + row), targetIds[from + row]);
    }
  }

  private static void bind(PreparedStatement insert, int at, QosRecord record, int targetId)
      throws SQLException {
    insert.setLong(at + 1, toMicros(record.recordedAt()));
    insert.setInt(at + 2, targetId);
    insert.setString(at + 3, record.outcome().name());
    setStamp(insert, at + 4, record.t1Micros());
    setStamp(insert, at + 5, record.t2Micros());
    setStamp(insert, at + 6, record.t3Micros());
    setStamp(insert, at + 7, record.t4Micros());
    setSize(insert, at + 8, record.requestBytes());
    setSize(insert, at + 9, record.responseBytes());
    insert.setString(at + 10, record.validity().name());
    setOptional(insert, at + 11, record.executionMicros());
    setOptional(insert, at + 12, record.communicationMicros());
    setOptional(insert, at + 13, record.responseMicros());
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

  /** The ranges of one insert's ids and times. */
  private static final class Block {
    private long firstId = Long.MAX_VALUE;
    private long lastId = Long.MIN_VALUE;
    private long firstMicros = Long.MAX_VALUE;
    private long lastMicros = Long.MIN_VALUE;

    void ids(PreparedStatement insert) throws SQLException {
      try (ResultSet keys = insert.getGeneratedKeys()) {
        while (keys.next()) {
          long id = keys.getLong(1);
          firstId = Math.min(firstId, id);
          lastId = Math.max(lastId, id);
        }
      }
    }

    void times(List<QosRecord> batch) {
      for (QosRecord record : batch) {
        long micros = toMicros(record.recordedAt());
        firstMicros = Math.min(firstMicros, micros);
        lastMicros = Math.max(lastMicros, micros);
      }
    }

    void bind(PreparedStatement insert) throws SQLException {
      if (firstId > lastId) {
        throw new SQLException("the database returned no generated ids for the inserted rows");
      }
      insert.setLong(1, firstId);
      insert.setLong(2, lastId);
      insert.setLong(3, firstMicros);
      insert.setLong(4, lastMicros);
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
