package io.wsqos.monitor.jdbc.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.QosRecord;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * The monitor's tables: their Flyway migrations and the insert. Values always go through a prepared
 * statement, so names are stored verbatim whatever they contain.
 *
 * <p>Each insert adds one row to {@code qos_record_pack} that holds all its records, {@link
 * RecordPack#RECORD_BYTES} bytes each in the layout {@link RecordPack} describes, and the range of
 * their times. A batch of more than {@link #MAX_PACK} records, or spanning more than {@link
 * #MAX_PACK_SPAN_MICROS}, makes several rows in one transaction. A record's names (service,
 * operation, endpoint, side) are stored once per distinct set in {@code qos_target}; a pack holds
 * each record's target id. The views {@code qos_record} and {@code qos_record_named} show one row
 * per record, for SQL written by hand; {@link io.wsqos.monitor.QosAnalysis} reads the packs, which
 * is faster.
 */
public final class RecordStore {

  /** Where the migrations live, on the classpath. */
  public static final String MIGRATIONS = "classpath:db/migration/monitor";

  /** Flyway's history table for the monitor, apart from other modules' migrations. */
  public static final String HISTORY_TABLE = "wsqos_monitor_schema_history";

  /** The most records one pack holds: the rows of {@code qos_record_slot}. */
  public static final int MAX_PACK = 10_000;

  /**
   * The longest time, in microseconds, between the first and the last record of a pack: ten
   * minutes. A window then needs only the packs that begin at most this long before it, so it is
   * found through a bounded range of the index on {@code first_recorded_us}, however long the log.
   * A batch that spans more (a remote requester's late records, say) is sorted by time and split.
   */
  public static final long MAX_PACK_SPAN_MICROS = 600_000_000L;

  private static final String INSERT_PACK =
      "INSERT INTO qos_record_pack (first_recorded_us, last_recorded_us, record_count, records)"
          + " VALUES (?, ?, ?, ?)";

  /**
   * The condition that selects the packs of {@code qos_record_pack} that may hold records of a
   * window, with the parameters {@link #windowParameters} gives. A pack it selects may also hold
   * records outside the window: the reader drops them by their time.
   */
  public static final String WINDOW =
      "first_recorded_us >= ? AND first_recorded_us < ? AND last_recorded_us >= ?";

  /** The parameters of {@link #WINDOW} for {@code [from, to)}, in order. */
  public static List<Long> windowParameters(Instant from, Instant to) {
    long fromMicros = toMicros(from);
    return List.of(fromMicros - MAX_PACK_SPAN_MICROS, toMicros(to), fromMicros);
  }

  /**
   * The query for the id and names of the targets of {@code qos_target} that have a side and, for
   * each flag set, a name. Its parameters, in order: the side's name, then the service, operation
   * and endpoint whose flags are set. Two target rows with the same names (two logs adding one at
   * once) are both selected, so they count as one.
   */
  public static String targetQuery(boolean service, boolean operation, boolean endpoint) {
    return "SELECT id, service, operation, endpoint FROM qos_target WHERE side = ?"
        + (service ? " AND service = ?" : "")
        + (operation ? " AND operation = ?" : "")
        + (endpoint ? " AND endpoint = ?" : "");
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

  /** Inserts {@code batch} in one transaction: all records or none. */
  public void insert(List<QosRecord> batch) throws SQLException {
    if (batch.isEmpty()) {
      return;
    }
    long[] micros = new long[batch.size()];
    for (int i = 0; i < micros.length; i++) {
      micros[i] = toMicros(batch.get(i).recordedAt());
    }
    int[] order = order(micros);
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(true);
      int[] targetIds = targets.of(connection, batch);
      connection.setAutoCommit(false);
      try (PreparedStatement insert = connection.prepareStatement(INSERT_PACK)) {
        int from = 0;
        while (from < order.length) {
          int to = packEnd(micros, order, from);
          bind(insert, batch, micros, targetIds, order, from, to);
          insert.executeUpdate();
          from = to;
        }
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        rollbackQuietly(connection, e);
        throw e;
      }
    }
  }

  /**
   * The order in which the records go into packs: as they came when they span at most {@link
   * #MAX_PACK_SPAN_MICROS} (nearly always), else by time, so that each pack can be cut short of it.
   */
  private static int[] order(long[] micros) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (long at : micros) {
      min = Math.min(min, at);
      max = Math.max(max, at);
    }
    IntStream indexes = IntStream.range(0, micros.length);
    if (max - min <= MAX_PACK_SPAN_MICROS) {
      return indexes.toArray();
    }
    return indexes
        .boxed()
        .sorted(Comparator.comparingLong(i -> micros[i]))
        .mapToInt(Integer::intValue)
        .toArray();
  }

  /** The end of the pack that starts at {@code order[from]}: by count, and by span. */
  private static int packEnd(long[] micros, int[] order, int from) {
    int end = Math.min(order.length, from + MAX_PACK);
    long first = micros[order[from]];
    for (int i = from + 1; i < end; i++) {
      // Only a sorted order can exceed the span, and then the first record is the earliest.
      if (micros[order[i]] - first > MAX_PACK_SPAN_MICROS) {
        return i;
      }
    }
    return end;
  }

  /** Binds the records {@code order[from..to-1]} of {@code batch} as one pack. */
  private static void bind(
      PreparedStatement insert,
      List<QosRecord> batch,
      long[] micros,
      int[] targetIds,
      int[] order,
      int from,
      int to)
      throws SQLException {
    ByteBuffer pack = ByteBuffer.allocate((to - from) * RecordPack.RECORD_BYTES);
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (int i = from; i < to; i++) {
      int k = order[i];
      QosRecord record = batch.get(k);
      first = Math.min(first, micros[k]);
      last = Math.max(last, micros[k]);
      RecordPack.write(
          pack,
          micros[k],
          targetIds[k],
          Codes.of(record.outcome()),
          Codes.of(record.validity()),
          record.t1Micros(),
          record.t2Micros(),
          record.t3Micros(),
          record.t4Micros(),
          record.requestBytes(),
          record.responseBytes());
    }
    insert.setLong(1, first);
    insert.setLong(2, last);
    insert.setInt(3, to - from);
    insert.setBytes(4, pack.array());
  }

  /** Microseconds since the epoch, the unit of every time column. */
  public static long toMicros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }

  private static void rollbackQuietly(Connection connection, Exception cause) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }
}
