package io.wsqos.monitor.jdbc;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.Validity;
import io.wsqos.monitor.jdbc.internal.RecordPack;
import io.wsqos.monitor.jdbc.internal.RecordStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * Reads the records a {@link QosLog} wrote and computes the seed's Table 2 and Table 3 figures.
 *
 * <p>The database only filters: the packs ({@code qos_record_pack}) that overlap the window are
 * read, and the records they hold are filtered by target and time and summed up in Java (min, max,
 * mean, nearest-rank percentiles, buckets), so that H2 and PostgreSQL run the same plain SQL and
 * give the same exact figures. Memory is a few longs per record of the window, so it grows with the
 * window: analyse long runs window by window.
 */
public final class QosAnalysis {

  private static final String WINDOW_PACKS =
      "SELECT records FROM qos_record_pack WHERE " + RecordStore.WINDOW;

  /** Packs read per query when looking for the first or last record. */
  private static final int EDGE_PAGE = 16;

  private final DataSource dataSource;

  /** Analysis of the monitor's tables in {@code dataSource}'s default schema. */
  public QosAnalysis(DataSource dataSource) {
    this.dataSource = requireNonNull(dataSource, "dataSource");
  }

  /** The figures for {@code query}. */
  public QosStatistics analyze(QosQuery query) throws SQLException {
    requireNonNull(query, "query");
    Tally tally = new Tally(query.buckets());
    try (Connection connection = dataSource.getConnection()) {
      forEachRecord(connection, query, ids(targets(connection, query).keySet()), tally::add);
    }
    return tally.statistics(query);
  }

  /**
   * The distinct (service, operation, endpoint) of {@code query}'s side and window (and service, if
   * set), sorted by service, then operation, then endpoint: the rows of a report.
   */
  public List<QosQuery> breakdown(QosQuery query) throws SQLException {
    requireNonNull(query, "query");
    SortedSet<Names> found = new TreeSet<>(Names.ORDER);
    try (Connection connection = dataSource.getConnection()) {
      Map<Integer, Names> targets = targets(connection, query);
      forEachRecord(
          connection,
          query,
          ids(targets.keySet()),
          (pack, i) -> found.add(targets.get(pack.targetId(i))));
    }
    // A set of names, not of ids: two logs adding a target at once may leave two rows with the
    // same names.
    return found.stream()
        .map(
            names ->
                query.service(names.service).operation(names.operation).endpoint(names.endpoint))
        .toList();
  }

  /**
   * The window {@code [first, last + 1 us)} that holds every record of {@code side} (and {@code
   * service}, if given), or empty when there is none.
   *
   * <p>It reads the packs from the earliest on, and from the latest back, only until no further
   * pack can hold an earlier (later) record: usually one or two packs from each end instead of the
   * whole table. A side or service without a record among many packs still reads them all.
   */
  public Optional<QosQuery> everything(Side side, Optional<String> service) throws SQLException {
    requireNonNull(side, "side");
    requireNonNull(service, "service");
    try (Connection connection = dataSource.getConnection()) {
      BitSet targets =
          ids(targets(connection, side, service, Optional.empty(), Optional.empty()).keySet());
      if (targets.isEmpty()) {
        return Optional.empty();
      }
      OptionalLong first = edge(connection, Edge.FIRST, targets);
      if (first.isEmpty()) {
        return Optional.empty();
      }
      long last = edge(connection, Edge.LAST, targets).orElseThrow();
      QosQuery query = QosQuery.window(micros(first.getAsLong()), micros(last + 1)).side(side);
      return Optional.of(service.isPresent() ? query.service(service.get()) : query);
    }
  }

  /** A target's names. */
  private record Names(String service, String operation, String endpoint) {
    static final Comparator<Names> ORDER =
        Comparator.comparing(Names::service)
            .thenComparing(Names::operation)
            .thenComparing(Names::endpoint);
  }

  /** The targets of {@code query}'s side and names, by id. */
  private static Map<Integer, Names> targets(Connection connection, QosQuery query)
      throws SQLException {
    return targets(connection, query.side(), query.service(), query.operation(), query.endpoint());
  }

  /** The targets of a side and, where given, names, by id. */
  private static Map<Integer, Names> targets(
      Connection connection,
      Side side,
      Optional<String> service,
      Optional<String> operation,
      Optional<String> endpoint)
      throws SQLException {
    List<Object> parameters = new ArrayList<>();
    parameters.add(side.name());
    service.ifPresent(parameters::add);
    operation.ifPresent(parameters::add);
    endpoint.ifPresent(parameters::add);
    String sql =
        RecordStore.targetQuery(service.isPresent(), operation.isPresent(), endpoint.isPresent());
    Map<Integer, Names> targets = new HashMap<>();
    try (PreparedStatement select = prepare(connection, sql, parameters);
        ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        targets.put(
            rows.getInt(1), new Names(rows.getString(2), rows.getString(3), rows.getString(4)));
      }
    }
    return targets;
  }

  private static BitSet ids(Iterable<Integer> ids) {
    BitSet set = new BitSet();
    ids.forEach(set::set);
    return set;
  }

  /** What {@link #forEachRecord} does with record {@code i} of a pack. */
  @FunctionalInterface
  private interface RecordVisitor {
    void visit(RecordPack pack, int i);
  }

  /** Hands each record of {@code query}'s window whose target is in {@code targets} to visitor. */
  private static void forEachRecord(
      Connection connection, QosQuery query, BitSet targets, RecordVisitor visitor)
      throws SQLException {
    if (targets.isEmpty()) {
      return;
    }
    long from = RecordStore.toMicros(query.from());
    long to = RecordStore.toMicros(query.to());
    List<Object> parameters =
        new ArrayList<>(RecordStore.windowParameters(query.from(), query.to()));
    try (PreparedStatement select = prepare(connection, WINDOW_PACKS, parameters);
        ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        RecordPack pack = RecordPack.of(rows.getBytes(1));
        for (int i = 0; i < pack.size(); i++) {
          long at = pack.recordedAt(i);
          if (at >= from && at < to && targets.get(pack.targetId(i))) {
            visitor.visit(pack, i);
          }
        }
      }
    }
  }

  /** Which end of the records {@link #edge} looks for, and how. */
  private enum Edge {
    FIRST("first_recorded_us", "first_recorded_us, id"),
    LAST("last_recorded_us", "last_recorded_us DESC, id DESC");

    final String packs;

    Edge(String bound, String order) {
      this.packs =
          "SELECT "
              + bound
              + ", records FROM qos_record_pack ORDER BY "
              + order
              + " OFFSET ? ROWS FETCH NEXT "
              + EDGE_PAGE
              + " ROWS ONLY";
    }

    /** Whether a time of {@code micros} is nearer this end than {@code bestMicros}. */
    boolean beats(long micros, long bestMicros) {
      return this == FIRST ? micros < bestMicros : micros > bestMicros;
    }
  }

  /**
   * The earliest (latest) time of the records of {@code targets}: packs in order of their earliest
   * (latest) time, a page at a time, until the next pack cannot hold a nearer time than the best
   * found. The index on the bound lets the database read only the pages asked for.
   */
  private static OptionalLong edge(Connection connection, Edge edge, BitSet targets)
      throws SQLException {
    OptionalLong best = OptionalLong.empty();
    try (PreparedStatement packs = connection.prepareStatement(edge.packs)) {
      for (int offset = 0; ; offset += EDGE_PAGE) {
        packs.setInt(1, offset);
        int read = 0;
        try (ResultSet pack = packs.executeQuery()) {
          while (pack.next()) {
            read++;
            if (best.isPresent() && !edge.beats(pack.getLong(1), best.getAsLong())) {
              return best;
            }
            RecordPack records = RecordPack.of(pack.getBytes(2));
            for (int i = 0; i < records.size(); i++) {
              long micros = records.recordedAt(i);
              if (targets.get(records.targetId(i))
                  && (best.isEmpty() || edge.beats(micros, best.getAsLong()))) {
                best = OptionalLong.of(micros);
              }
            }
          }
        }
        if (read < EDGE_PAGE) {
          return best;
        }
      }
    }
  }

  private static Instant micros(long micros) {
    return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
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

  /** The counts and samples of the records of one query, as they are read. */
  private static final class Tally {
    private final ResponseTimeBuckets buckets;
    private final EnumMap<Outcome, Long> failed = new EnumMap<>(Outcome.class);
    private final EnumMap<Validity, Long> invalid = new EnumMap<>(Validity.class);
    private final Samples execution = new Samples();
    private final Samples communication = new Samples();
    private final Samples response = new Samples();
    private final long[] distribution;
    private long requests;
    private long succeeded;

    Tally(ResponseTimeBuckets buckets) {
      this.buckets = buckets;
      distribution = new long[buckets.size()];
      for (Outcome outcome : Outcome.values()) {
        if (!outcome.succeeded()) {
          failed.put(outcome, 0L);
        }
      }
    }

    void add(RecordPack pack, int i) {
      Validity validity = pack.validity(i);
      if (!validity.isValid()) {
        invalid.merge(validity, 1L, Long::sum);
        return;
      }
      requests++;
      Outcome outcome = pack.outcome(i);
      if (!outcome.succeeded()) {
        failed.merge(outcome, 1L, Long::sum);
        return;
      }
      succeeded++;
      execution.add(pack.executionMicros(i));
      communication.add(pack.communicationMicros(i));
      long responseMicros = pack.responseMicros(i);
      if (response.add(responseMicros)) {
        distribution[buckets.indexOf(responseMicros)]++;
      }
    }

    QosStatistics statistics(QosQuery query) {
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
  }

  /** A growable array of one figure's values. */
  private static final class Samples {
    private long[] values = new long[64];
    private int size;

    /** Adds {@code value} unless it is {@link QosRecord#ABSENT}; returns whether it did. */
    boolean add(long value) {
      if (value == QosRecord.ABSENT) {
        return false;
      }
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
      return true;
    }

    TimeStats stats() {
      return TimeStats.of(values, size);
    }
  }
}
