package io.wsqos.monitor.jdbc;

import static java.util.Objects.requireNonNull;

import io.wsqos.jdbc.Database;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.Validity;
import io.wsqos.monitor.jdbc.internal.Codes;
import io.wsqos.monitor.jdbc.internal.RecordStore;
import io.wsqos.monitor.jdbc.internal.RowStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * Reads the records a {@link QosLog} wrote and computes the seed's Table 2 and Table 3 figures.
 *
 * <p>A window's figures take one pass over its rows (found through the time index): the database
 * sends each record's validity, outcome, execution and response time, a few thousand rows at a
 * time, and the figures are gathered here as they arrive, the same way whichever the database.
 * Percentiles are nearest-rank values of the sample, computed as {@link TimeStats#of} computes them
 * for the in-memory monitor, which needs every value: the analysis holds up to 24 bytes per
 * succeeded record of the window, and at most {@link #DEFAULT_MAX_SAMPLES} records' worth (about
 * 100 MB). A larger window's percentiles are asked of the database instead ({@code
 * PERCENTILE_DISC}, the same values, at a second pass's cost); everything else still comes from the
 * one pass.
 */
public final class QosAnalysis {

  /**
   * Succeeded records whose times a window's analysis keeps in memory for its percentiles (24 bytes
   * each): past them, the percentiles are computed by the database.
   */
  public static final int DEFAULT_MAX_SAMPLES = 1 << 22;

  /** The percentiles of {@link TimeStats}, in its order. */
  private static final int[] PERCENTS = {50, 95, 99};

  /**
   * The derived times, as SQL over a {@code qos_record} row {@code r}, in {@link WindowTally}'s
   * order.
   */
  private static final String DERIVED =
      "r.t3_us - r.t2_us AS e, (r.t4_us - r.t1_us) - (r.t3_us - r.t2_us) AS c,"
          + " r.t4_us - r.t1_us AS x";

  private static final String[] TIMES = {"e", "c", "x"};

  /** What a window's pass reads of each row: communication is the difference of the two times. */
  private static final String STREAMED =
      "SELECT r.validity, r.outcome, r.t3_us - r.t2_us, r.t4_us - r.t1_us FROM ";

  /** Where a window's rows are read from when the whole table is scanned rather than its index. */
  private static final String TABLE_SCAN = "qos_record r USE INDEX ()";

  private final DataSource dataSource;
  private final int maxSamples;

  /** Analysis of the monitor's tables in {@code dataSource}'s default schema. */
  public QosAnalysis(DataSource dataSource) {
    this(dataSource, DEFAULT_MAX_SAMPLES);
  }

  /**
   * As {@link #QosAnalysis(DataSource)}, keeping the times of at most {@code maxSamples} records.
   */
  QosAnalysis(DataSource dataSource, int maxSamples) {
    this.dataSource = requireNonNull(dataSource, "dataSource");
    if (maxSamples < 0) {
      throw new IllegalArgumentException("maxSamples: " + maxSamples + " (expected: >= 0)");
    }
    this.maxSamples = maxSamples;
  }

  /** The figures for {@code query}. */
  public QosStatistics analyze(QosQuery query) throws SQLException {
    requireNonNull(query, "query");
    WindowTally tally = new WindowTally(query.buckets(), maxSamples);
    try (Connection connection = dataSource.getConnection()) {
      Map<Integer, Names> targets = targets(connection, query);
      if (!targets.isEmpty()) {
        Filter window = Filter.window(query, targets.keySet());
        RowStream.forEach(
            connection,
            STREAMED + source(connection, query) + " WHERE " + window.condition,
            window.parameters,
            row -> {
              long execution = row.getLong(3);
              boolean hasExecution = !row.wasNull();
              long response = row.getLong(4);
              boolean hasResponse = !row.wasNull();
              tally.add(
                  row.getInt(1), row.getInt(2), execution, hasExecution, response, hasResponse);
            });
        if (tally.percentilesNeeded()) {
          tally.percentiles(percentiles(connection, window, tally.counts()));
        }
      }
    }
    return tally.statistics(query);
  }

  /**
   * Where a window's pass reads {@code qos_record r} from. H2 plans a window through the time index
   * whatever its width, since its bounds are parameters, and a row fetched through an index entry
   * costs more than a row read in a table scan: a window covering at least half of the table's time
   * span scans the table instead. H2 finds the table's first and last time in its index directly.
   * PostgreSQL's planner weighs the window against its statistics itself.
   */
  private static String source(Connection connection, QosQuery query) throws SQLException {
    if (Database.of(connection) != Database.H2) {
      return "qos_record r";
    }
    try (Statement select = connection.createStatement();
        ResultSet edges =
            select.executeQuery(
                "SELECT MIN(recorded_at_us), MAX(recorded_at_us) FROM qos_record")) {
      edges.next();
      long first = edges.getLong(1);
      if (edges.wasNull()) {
        return "qos_record r";
      }
      long end = edges.getLong(2) + 1;
      long covered =
          Math.min(end, RecordStore.toMicros(query.to()))
              - Math.max(first, RecordStore.toMicros(query.from()));
      return 2 * covered >= end - first ? TABLE_SCAN : "qos_record r";
    }
  }

  /**
   * The distinct (service, operation, endpoint) of {@code query}'s side and window (and service,
   * operation, endpoint, if set), sorted by service, then operation, then endpoint: the rows of a
   * report.
   */
  public List<QosQuery> breakdown(QosQuery query) throws SQLException {
    requireNonNull(query, "query");
    // A set of names, sorted here rather than by the database, whose collation may differ; two
    // logs adding a target at once may leave two rows with the same names.
    SortedSet<Names> found = new TreeSet<>(Names.ORDER);
    try (Connection connection = dataSource.getConnection()) {
      Map<Integer, Names> targets = targets(connection, query);
      if (!targets.isEmpty()) {
        Filter window = Filter.window(query, targets.keySet());
        String sql = "SELECT DISTINCT r.target_id FROM qos_record r WHERE " + window.condition;
        try (PreparedStatement select = prepare(connection, sql, window.parameters);
            ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            found.add(targets.get(rows.getInt(1)));
          }
        }
      }
    }
    return found.stream()
        .map(
            names ->
                query.service(names.service).operation(names.operation).endpoint(names.endpoint))
        .toList();
  }

  /**
   * The window {@code [first, last + 1 us)} that holds every record of {@code side} (and {@code
   * service}, if given), or empty when there is none. It reads every record of the table once.
   */
  public Optional<QosQuery> everything(Side side, Optional<String> service) throws SQLException {
    requireNonNull(side, "side");
    requireNonNull(service, "service");
    try (Connection connection = dataSource.getConnection()) {
      Map<Integer, Names> targets =
          targets(connection, side, service, Optional.empty(), Optional.empty());
      if (targets.isEmpty()) {
        return Optional.empty();
      }
      String sql =
          "SELECT MIN(r.recorded_at_us), MAX(r.recorded_at_us) FROM qos_record r WHERE "
              + Filter.targetIds(targets.keySet());
      try (PreparedStatement select = connection.prepareStatement(sql);
          ResultSet edges = select.executeQuery()) {
        edges.next();
        long first = edges.getLong(1);
        if (edges.wasNull()) {
          return Optional.empty();
        }
        long last = edges.getLong(2);
        QosQuery query = QosQuery.window(micros(first), micros(last + 1)).side(side);
        return Optional.of(service.isPresent() ? query.service(service.get()) : query);
      }
    }
  }

  /**
   * The names of the services {@code side} has records of, sorted, each once: as the monitor wrote
   * them, a service's QName in its {@code {namespace}localName} form. It reads the targets only,
   * not the records, so a service whose every record was lost may be named too.
   */
  public List<String> services(Side side) throws SQLException {
    requireNonNull(side, "side");
    try (Connection connection = dataSource.getConnection()) {
      return targets(connection, side, Optional.empty(), Optional.empty(), Optional.empty())
          .values()
          .stream()
          .map(Names::service)
          .distinct()
          .sorted()
          .toList();
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

  /**
   * The targets of a side and, where given, names, by id: read first, so that the records are
   * selected by a list of ids, which both databases check per row in constant time, instead of a
   * subquery.
   */
  private static Map<Integer, Names> targets(
      Connection connection,
      Side side,
      Optional<String> service,
      Optional<String> operation,
      Optional<String> endpoint)
      throws SQLException {
    StringBuilder sql =
        new StringBuilder("SELECT id, service, operation, endpoint FROM qos_target WHERE side = ?");
    List<Object> parameters = new ArrayList<>();
    parameters.add(side.name());
    for (Map.Entry<String, Optional<String>> name :
        List.of(
            Map.entry("service", service),
            Map.entry("operation", operation),
            Map.entry("endpoint", endpoint))) {
      if (name.getValue().isPresent()) {
        sql.append(" AND ").append(name.getKey()).append(" = ?");
        parameters.add(name.getValue().get());
      }
    }
    Map<Integer, Names> targets = new HashMap<>();
    try (PreparedStatement select = prepare(connection, sql.toString(), parameters);
        ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        targets.put(
            rows.getInt(1), new Names(rows.getString(2), rows.getString(3), rows.getString(4)));
      }
    }
    return targets;
  }

  /**
   * The rows of {@code qos_record r} a query selects: a condition on {@code r} and its parameters.
   */
  private record Filter(String condition, List<Object> parameters) {

    /** The records of the query's window whose target is one of {@code targetIds}. */
    static Filter window(QosQuery query, Collection<Integer> targetIds) {
      return new Filter(
          "r.recorded_at_us >= ? AND r.recorded_at_us < ? AND " + targetIds(targetIds),
          List.of(RecordStore.toMicros(query.from()), RecordStore.toMicros(query.to())));
    }

    /**
     * The condition that a record's target is one of {@code ids}, which are read from the table.
     */
    static String targetIds(Collection<Integer> ids) {
      return ids.stream()
          .sorted()
          .map(String::valueOf)
          .collect(Collectors.joining(", ", "r.target_id IN (", ")"));
    }
  }

  /**
   * The percentiles of each derived time of the window's succeeded valid records, {@code [time][i]}
   * for {@link #PERCENTS}{@code [i]}, given how many values each time has.
   *
   * <p>H2 and PostgreSQL read {@code PERCENTILE_DISC}'s fraction differently (H2 takes the value
   * nearest to position {@code (n - 1) * p}, PostgreSQL the first whose cumulative share reaches
   * {@code p}), so the value of nearest rank {@code k} (from 1) is asked for by the fraction {@code
   * (k - 1) / (n - 1)}, which both map to that rank.
   */
  private static long[][] percentiles(Connection connection, Filter window, long[] counts)
      throws SQLException {
    long[][] percentiles = new long[TIMES.length][PERCENTS.length];
    if (counts[0] == 0 && counts[1] == 0 && counts[2] == 0) {
      return percentiles;
    }
    StringBuilder sql = new StringBuilder("SELECT ");
    List<Object> parameters = new ArrayList<>();
    for (int t = 0; t < TIMES.length; t++) {
      for (int percent : PERCENTS) {
        sql.append(parameters.isEmpty() ? "" : ", ")
            .append("PERCENTILE_DISC(CAST(? AS DOUBLE PRECISION)) WITHIN GROUP (ORDER BY ")
            .append(TIMES[t])
            .append(')');
        parameters.add(fraction(percent, counts[t]));
      }
    }
    sql.append(" FROM (SELECT ")
        .append(DERIVED)
        .append(" FROM qos_record r WHERE r.validity = ? AND r.outcome = ? AND ")
        .append(window.condition)
        .append(") w");
    parameters.add(Codes.of(Validity.VALID));
    parameters.add(Codes.of(Outcome.SUCCESS));
    parameters.addAll(window.parameters);
    try (PreparedStatement select = prepare(connection, sql.toString(), parameters);
        ResultSet row = select.executeQuery()) {
      row.next();
      for (int t = 0; t < TIMES.length; t++) {
        for (int i = 0; i < PERCENTS.length; i++) {
          percentiles[t][i] = row.getLong(1 + t * PERCENTS.length + i);
        }
      }
    }
    return percentiles;
  }

  /** The fraction that selects the nearest-rank {@code percent}-th of {@code n} values. */
  private static double fraction(int percent, long n) {
    if (n <= 1) {
      return 0;
    }
    long rank = Math.max(1, (long) Math.ceil(percent / 100.0 * n));
    return (rank - 1) / (double) (n - 1);
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
}
