package io.wsqos.monitor;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.internal.RecordStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * Reads the records a {@link QosLog} wrote and computes the seed's Table 2 and Table 3 figures.
 *
 * <p>The database only filters: the window's rows are read and min, max, mean, nearest-rank
 * percentiles and buckets are computed in Java, so that H2 and PostgreSQL run the same plain SQL
 * and give the same exact figures. Memory is a few longs per row of the window (about 40 MB for a
 * million rows): analyse long runs window by window.
 */
public final class QosAnalysis {

  private final DataSource dataSource;

  /** Analysis of the {@code qos_record} table in {@code dataSource}'s default schema. */
  public QosAnalysis(DataSource dataSource) {
    this.dataSource = requireNonNull(dataSource, "dataSource");
  }

  /** The figures for {@code query}. */
  public QosStatistics analyze(QosQuery query) throws SQLException {
    requireNonNull(query, "query");
    List<Object> parameters = new ArrayList<>();
    String sql =
        "SELECT outcome, validity, execution_us, communication_us, response_us FROM qos_record"
            + where(query, parameters);
    EnumMap<Outcome, Long> failed = new EnumMap<>(Outcome.class);
    for (Outcome outcome : Outcome.values()) {
      if (!outcome.succeeded()) {
        failed.put(outcome, 0L);
      }
    }
    EnumMap<Validity, Long> invalid = new EnumMap<>(Validity.class);
    Samples execution = new Samples();
    Samples communication = new Samples();
    Samples response = new Samples();
    long[] distribution = new long[query.buckets().size()];
    long requests = 0;
    long succeeded = 0;
    try (Connection connection = dataSource.getConnection();
        PreparedStatement select = prepare(connection, sql, parameters);
        ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        Validity validity = Validity.valueOf(rows.getString(2));
        if (!validity.isValid()) {
          invalid.merge(validity, 1L, Long::sum);
          continue;
        }
        requests++;
        Outcome outcome = Outcome.valueOf(rows.getString(1));
        if (!outcome.succeeded()) {
          failed.merge(outcome, 1L, Long::sum);
          continue;
        }
        succeeded++;
        execution.add(rows, 3);
        communication.add(rows, 4);
        long responseMicros = response.add(rows, 5);
        if (responseMicros >= 0) {
          distribution[query.buckets().indexOf(responseMicros)]++;
        }
      }
    }
    double seconds = ChronoUnit.MICROS.between(query.from(), query.to()) / 1e6;
    return new QosStatistics(
        query,
        requests,
        succeeded,
        failed,
        invalid,
        execution.stats(),
        communication.stats(),
        response.stats(),
        succeeded / seconds,
        requests == 0 ? Double.NaN : (double) succeeded / requests,
        Arrays.stream(distribution).boxed().toList());
  }

  /**
   * The distinct (service, operation, endpoint) of {@code query}'s side and window (and service, if
   * set), sorted: the rows of a report.
   */
  public List<QosQuery> breakdown(QosQuery query) throws SQLException {
    requireNonNull(query, "query");
    List<Object> parameters = new ArrayList<>();
    // The window's distinct targets, then their names: DISTINCT again, since two logs adding a
    // target at once may leave two rows with the same names.
    String sql =
        "SELECT DISTINCT service, operation, endpoint FROM qos_target WHERE id IN"
            + " (SELECT target_id FROM qos_record"
            + where(query, parameters)
            + ") ORDER BY service, operation, endpoint";
    List<QosQuery> rows = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        PreparedStatement select = prepare(connection, sql, parameters);
        ResultSet result = select.executeQuery()) {
      while (result.next()) {
        rows.add(
            query
                .service(result.getString(1))
                .operation(result.getString(2))
                .endpoint(result.getString(3)));
      }
    }
    return rows;
  }

  /**
   * The window {@code [first, last + 1 us)} that holds every record of {@code side} (and {@code
   * service}, if given), or empty when there is none. Like any window, it finds the rows through
   * their insert blocks ({@code qos_record_block}).
   *
   * <p>It reads the blocks from the earliest on, and from the latest back, only until no further
   * block can hold an earlier (later) record: usually two blocks' id ranges from each end instead
   * of the whole table. A side or service without a record among many blocks still reads them all.
   */
  public Optional<QosQuery> everything(Side side, Optional<String> service) throws SQLException {
    requireNonNull(side, "side");
    requireNonNull(service, "service");
    List<Object> target = new ArrayList<>();
    target.add(side.name());
    service.ifPresent(target::add);
    String condition = RecordStore.targetCondition(service.isPresent(), false, false);
    try (Connection connection = dataSource.getConnection()) {
      if (!anyTarget(connection, service.isPresent(), target)) {
        return Optional.empty();
      }
      OptionalLong first = edge(connection, Edge.FIRST, condition, target);
      if (first.isEmpty()) {
        return Optional.empty();
      }
      long last = edge(connection, Edge.LAST, condition, target).orElseThrow();
      QosQuery query = QosQuery.window(micros(first.getAsLong()), micros(last + 1)).side(side);
      return Optional.of(service.isPresent() ? query.service(service.get()) : query);
    }
  }

  /** Whether {@code qos_target} names the side (and service): else no block need be read. */
  private static boolean anyTarget(Connection connection, boolean service, List<Object> target)
      throws SQLException {
    String sql =
        "SELECT COUNT(*) FROM qos_target WHERE side = ?" + (service ? " AND service = ?" : "");
    try (PreparedStatement select = prepare(connection, sql, target);
        ResultSet count = select.executeQuery()) {
      count.next();
      return count.getLong(1) > 0;
    }
  }

  /** Which end of the records {@link #edge} looks for, and how. */
  private enum Edge {
    FIRST(
        "SELECT first_id, last_id, first_recorded_us FROM qos_record_block"
            + " ORDER BY first_recorded_us",
        "MIN"),
    LAST(
        "SELECT first_id, last_id, last_recorded_us FROM qos_record_block"
            + " ORDER BY last_recorded_us DESC",
        "MAX");

    final String blocks;
    final String aggregate;

    Edge(String blocks, String aggregate) {
      this.blocks = blocks;
      this.aggregate = aggregate;
    }

    /** Whether a block whose nearest time is {@code blockMicros} may beat {@code bestMicros}. */
    boolean mayBeat(long blockMicros, long bestMicros) {
      return this == FIRST ? blockMicros < bestMicros : blockMicros > bestMicros;
    }
  }

  /**
   * The earliest (latest) time of the records meeting {@code condition}: blocks in order of their
   * earliest (latest) time, each block's id range asked for its matching records, until the next
   * block cannot hold a nearer time than the best found.
   */
  private static OptionalLong edge(
      Connection connection, Edge edge, String condition, List<Object> target) throws SQLException {
    List<Object> parameters = new ArrayList<>(target);
    parameters.add(0L);
    parameters.add(0L);
    String sql =
        "SELECT "
            + edge.aggregate
            + "(recorded_at_us) FROM qos_record WHERE "
            + condition
            + " AND id >= ? AND id <= ?";
    OptionalLong best = OptionalLong.empty();
    try (PreparedStatement inBlock = prepare(connection, sql, parameters);
        PreparedStatement blocks = connection.prepareStatement(edge.blocks);
        ResultSet block = blocks.executeQuery()) {
      while (block.next() && (best.isEmpty() || edge.mayBeat(block.getLong(3), best.getAsLong()))) {
        inBlock.setLong(target.size() + 1, block.getLong(1));
        inBlock.setLong(target.size() + 2, block.getLong(2));
        try (ResultSet found = inBlock.executeQuery()) {
          found.next();
          long micros = found.getLong(1);
          if (!found.wasNull() && (best.isEmpty() || edge.mayBeat(micros, best.getAsLong()))) {
            best = OptionalLong.of(micros);
          }
        }
      }
    }
    return best;
  }

  private static Instant micros(long micros) {
    return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
  }

  private static String where(QosQuery query, List<Object> parameters) {
    parameters.add(query.side().name());
    query.service().ifPresent(parameters::add);
    query.operation().ifPresent(parameters::add);
    query.endpoint().ifPresent(parameters::add);
    parameters.addAll(RecordStore.windowParameters(query.from(), query.to()));
    return " WHERE "
        + RecordStore.targetCondition(
            query.service().isPresent(),
            query.operation().isPresent(),
            query.endpoint().isPresent())
        + " AND "
        + RecordStore.WINDOW;
  }

  private static PreparedStatement prepare(
      Connection connection, String sql, List<Object> parameters) throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql);
    try {
      for (int i = 0; i < parameters.size(); i++) {
        statement.setObject(i + 1, parameters.get(i));
      }
      return statement;
    } catch (SQLException e) {
      statement.close();
      throw e;
    }
  }

  /** A growable array of one column's non-null values. */
  private static final class Samples {
    private long[] values = new long[64];
    private int size;

    /** Adds the column's value and returns it, or returns -1 when it is NULL. */
    long add(ResultSet rows, int column) throws SQLException {
      long value = rows.getLong(column);
      if (rows.wasNull()) {
        return -1;
      }
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
      return value;
    }

    TimeStats stats() {
      return TimeStats.of(values, size);
    }
  }
}
