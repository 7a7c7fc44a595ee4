package io.wsqos.monitor.jdbc.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.jdbc.Database;
import io.wsqos.jdbc.Jdbc;
import io.wsqos.jdbc.JdbcMigrations;
import io.wsqos.monitor.QosRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.IntStream;
import javax.sql.DataSource;

/**
 * The monitor's tables: their Flyway migrations and the insert, one row of {@code qos_record} per
 * record. A batch goes in one transaction: PostgreSQL's {@code COPY} ({@link PostgresCopy}), a
 * single statement, or, on any other database, multi-row {@code INSERT}s of {@link
 * #ROWS_PER_INSERT} rows sent as one JDBC batch. Names are stored once per distinct set in {@code
 * qos_target} ({@link TargetIds}), through prepared statements, so they are stored verbatim
 * whatever they contain; {@code qos_record} holds only numbers.
 */
public final class RecordStore {

  /**
   * Where the migrations every database runs live, on the classpath: in the module's own package,
   * not under Flyway's default {@code db/migration}, which an application's Flyway (Spring Boot's)
   * scans, subfolders included.
   */
  public static final String MIGRATIONS = "classpath:io/wsqos/monitor/jdbc/db/monitor";

  /**
   * Where the time index of each database lives, in a folder named for the database ({@code h2},
   * {@code postgresql}), so that each gets the index that suits it. Another database gets none.
   */
  public static final String TIME_INDEX = "classpath:io/wsqos/monitor/jdbc/db/monitor-time-index/";

  /** Flyway's history table for the monitor, apart from other modules' migrations. */
  public static final String HISTORY_TABLE = "wsqos_monitor_schema_history";

  /** The columns of {@code qos_record}, in the order every insert gives them. */
  static final String COLUMNS =
      "recorded_at_us, target_id, outcome, validity, t1_us, t2_us, t3_us, t4_us, request_bytes,"
          + " response_bytes";

  /** Values per row of {@link #COLUMNS}. */
  static final int COLUMN_COUNT = 10;

  /**
   * Rows per multi-row {@code INSERT}: enough to make a statement's fixed cost small per row, few
   * enough to stay far below any driver's limit on parameters.
   */
  public static final int ROWS_PER_INSERT = 100;

  /**
   * The multi-row inserts of 1 to {@link #ROWS_PER_INSERT} rows, at index {@code rows - 1}: built
   * once rather than per batch, where they were most of the writer's allocation, and the same
   * string each time, which a database's statement cache recognises.
   */
  private static final List<String> INSERTS =
      IntStream.rangeClosed(1, ROWS_PER_INSERT).mapToObj(RecordStore::insertOf).toList();

  /** The SQL state class of a broken connection. */
  private static final String CONNECTION_EXCEPTION = "08";

  private final DataSource dataSource;
  private final TargetIds targets = new TargetIds();

  /** Whether the database is PostgreSQL, learnt from the first connection. */
  private volatile Boolean postgres;

  public RecordStore(DataSource dataSource) {
    this.dataSource = requireNonNull(dataSource, "dataSource");
  }

  /** Creates or upgrades the tables in the data source's default schema. */
  public void migrate() {
    String database;
    try (Connection connection = dataSource.getConnection()) {
      database =
          switch (Database.of(connection)) {
            case POSTGRESQL -> "postgresql";
            case H2 -> "h2";
            case OTHER -> null;
          };
    } catch (SQLException e) {
      throw new IllegalStateException("cannot connect to migrate the monitor's tables", e);
    }
    List<String> locations =
        database == null ? List.of(MIGRATIONS) : List.of(MIGRATIONS, TIME_INDEX + database);
    JdbcMigrations.migrate(dataSource, locations, HISTORY_TABLE);
  }

  /** Inserts {@code batch} in one transaction: all records or none. */
  public void insert(List<QosRecord> batch) throws SQLException {
    if (batch.isEmpty()) {
      return;
    }
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(true);
      int[] targetIds = targets.of(connection, batch);
      if (isPostgres(connection)) {
        // One statement, so its own transaction.
        copy(connection, batch, targetIds);
        return;
      }
      connection.setAutoCommit(false);
      try {
        insertRows(connection, batch, targetIds);
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        Jdbc.rollbackQuietly(connection, e);
        throw e;
      }
    }
  }

  /**
   * The batch through {@link PostgresCopy}, which works on the driver's own connection: a pool's
   * wrapper never sees its failures, so a connection the COPY found broken is evicted here, lest
   * the pool hand it out again to the retry.
   */
  private void copy(Connection connection, List<QosRecord> batch, int[] targetIds)
      throws SQLException {
    try {
      PostgresCopy.copy(connection, batch, targetIds);
    } catch (SQLException e) {
      String state = e.getSQLState();
      if (state != null && state.startsWith(CONNECTION_EXCEPTION)) {
        Jdbc.evict(dataSource, connection);
      }
      throw e;
    }
  }

  private boolean isPostgres(Connection connection) throws SQLException {
    Boolean known = postgres;
    if (known == null) {
      known = Database.of(connection) == Database.POSTGRESQL;
      postgres = known;
    }
    return known;
  }

  /** The batch as multi-row inserts, all sent in one JDBC batch. */
  private static void insertRows(Connection connection, List<QosRecord> batch, int[] targetIds)
      throws SQLException {
    int full = batch.size() / ROWS_PER_INSERT;
    int rest = batch.size() % ROWS_PER_INSERT;
    if (full > 0) {
      try (PreparedStatement insert =
          connection.prepareStatement(INSERTS.get(ROWS_PER_INSERT - 1))) {
        for (int i = 0; i < full; i++) {
          bind(insert, batch, targetIds, i * ROWS_PER_INSERT, ROWS_PER_INSERT);
          insert.addBatch();
        }
        insert.executeBatch();
      }
    }
    if (rest > 0) {
      try (PreparedStatement insert = connection.prepareStatement(INSERTS.get(rest - 1))) {
        bind(insert, batch, targetIds, full * ROWS_PER_INSERT, rest);
        insert.executeUpdate();
      }
    }
  }

  private static String insertOf(int rows) {
    String row = "(?" + ", ?".repeat(COLUMN_COUNT - 1) + ")";
    StringBuilder sql =
        new StringBuilder("INSERT INTO qos_record (").append(COLUMNS).append(") VALUES ");
    for (int i = 0; i < rows; i++) {
      sql.append(i == 0 ? "" : ", ").append(row);
    }
    return sql.toString();
  }

  private static void bind(
      PreparedStatement insert, List<QosRecord> batch, int[] targetIds, int from, int rows)
      throws SQLException {
    int p = 1;
    for (int i = from; i < from + rows; i++) {
      QosRecord record = batch.get(i);
      insert.setLong(p++, toMicros(record.recordedAt()));
      insert.setInt(p++, targetIds[i]);
      insert.setShort(p++, Codes.of(record.outcome()));
      insert.setShort(p++, Codes.of(record.validity()));
      p = stamp(insert, p, record.t1Micros());
      p = stamp(insert, p, record.t2Micros());
      p = stamp(insert, p, record.t3Micros());
      p = stamp(insert, p, record.t4Micros());
      p = size(insert, p, record.requestBytes());
      p = size(insert, p, record.responseBytes());
    }
  }

  private static int stamp(PreparedStatement insert, int p, long micros) throws SQLException {
    return nullable(insert, p, micros, micros == QosRecord.ABSENT);
  }

  private static int size(PreparedStatement insert, int p, long bytes) throws SQLException {
    return nullable(insert, p, bytes, bytes == QosRecord.UNKNOWN_SIZE);
  }

  private static int nullable(PreparedStatement insert, int p, long value, boolean unknown)
      throws SQLException {
    if (unknown) {
      insert.setNull(p, java.sql.Types.BIGINT);
    } else {
      insert.setLong(p, value);
    }
    return p + 1;
  }

  /** Microseconds since the epoch, the unit of every time column. */
  public static long toMicros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }
}
