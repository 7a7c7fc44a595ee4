package io.wsqos.monitor.jdbc.report;

import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.jdbc.JdbcPool;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.jdbc.QosAnalysis;
import io.wsqos.monitor.jdbc.QosQuery;
import io.wsqos.monitor.jdbc.QosStatistics;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Prints the seed's Table 2 (performance) and Table 3 (response-time distribution) for what a
 * monitor database holds, one row per service, operation and endpoint.
 *
 * <pre>
 * java -jar wsqos-report.jar --jdbc-url jdbc:h2:file:./wsqos-monitor
 *     [--user U --password P] [--service NAME] [--side auto|requester|provider]
 *     [--from 2026-11-22T15:00:00Z] [--to 2026-11-22T16:00:00Z]   (or --help)
 * </pre>
 *
 * Without {@code --from}/{@code --to} the window spans every record. Exit status: 0 printed, 1
 * nothing matched (no record of the side, the service or the window: stderr says which), 2 bad
 * arguments or database error.
 */
public final class QosReport {

  static final Option<String> JDBC_URL =
      Option.of("jdbc-url", "URL", null, "JDBC URL of the monitor database", text -> text)
          .required();
  static final Option<String> USER = Option.string("user", "", "Database user");
  static final Option<String> PASSWORD = Option.string("password", "", "Database password");
  static final Option<String> SERVICE =
      Option.string(
              "service",
              null,
              "Only this service: {namespace}localName, or its local name alone (default: every"
                  + " service)")
          .withMetavar("NAME");

  /** The {@code --side} that takes the side the database holds records of. */
  static final String AUTO_SIDE = "auto";

  static final Option<String> SIDE =
      Option.choice(
          "side",
          AUTO_SIDE,
          List.of(AUTO_SIDE, "requester", "provider"),
          "Whose records to report; auto: the requester's if the database holds any, else the"
              + " provider's");
  static final Option<Instant> FROM =
      Option.of(
          "from",
          "ISO-INSTANT",
          null,
          "Start of the window (default: the first record)",
          text -> instant(text));
  static final Option<Instant> TO =
      Option.of(
          "to",
          "ISO-INSTANT",
          null,
          "End of the window (default: the last record)",
          text -> instant(text));

  static final Options OPTIONS =
      Options.of(
          "wsqos-report",
          "Prints Table 2 (performance) and Table 3 (response-time distribution) for what a"
              + " monitor database holds.",
          JDBC_URL,
          USER,
          PASSWORD,
          SERVICE,
          SIDE,
          FROM,
          TO);

  /**
   * Longest run of one of the report's queries: a report reads every record of its window, and a
   * log of months holds millions, so this is far above a request path's, yet a database that hangs
   * still ends the command.
   */
  public static final Duration STATEMENT_TIMEOUT = Duration.ofMinutes(10);

  private QosReport() {}

  /** One read-only connection for the whole report. */
  private static HikariDataSource pool(Arguments options) {
    return JdbcPool.builder(options.get(JDBC_URL))
        .credentials(options.get(USER), options.get(PASSWORD))
        .poolName("wsqos-report")
        .maxPoolSize(1)
        .readOnly(true)
        .statementTimeout(STATEMENT_TIMEOUT)
        .build();
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the report for the command line {@code args}, printing to {@code out} and {@code err}
   * instead of the process's streams.
   *
   * @return the exit status {@link #main} would exit with
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Arguments options;
    try {
      options = OPTIONS.parse(args);
      if (options.helpRequested()) {
        out.print(OPTIONS.usage());
        return 0;
      }
      Optional<Instant> from = options.optional(FROM);
      Optional<Instant> to = options.optional(TO);
      if (from.isPresent() && to.isPresent() && !from.get().isBefore(to.get())) {
        throw new IllegalArgumentException(
            "--from " + from.get() + " --to " + to.get() + " (expected: from < to)");
      }
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.print(OPTIONS.usage());
      return 2;
    }
    try (HikariDataSource dataSource = pool(options)) {
      QosAnalysis analysis = new QosAnalysis(dataSource);
      Optional<Side> side = side(analysis, options.get(SIDE), err);
      if (side.isEmpty()) {
        return 1;
      }
      return report(
          analysis,
          side.get(),
          options.optional(SERVICE),
          options.optional(FROM),
          options.optional(TO),
          out,
          err);
    } catch (SQLException | RuntimeException e) {
      err.println("Report failed: " + e);
      return 2;
    }
  }

  /**
   * The side to report: the one asked for if the database holds records of it; for {@code auto},
   * the requester's if it holds any (only they have response times), else the provider's. Empty,
   * with the reason on {@code err}, when there is none.
   */
  private static Optional<Side> side(QosAnalysis analysis, String asked, PrintStream err)
      throws SQLException {
    List<Side> held = new ArrayList<>();
    try {
      for (Side side : List.of(Side.REQUESTER, Side.PROVIDER)) {
        if (!analysis.services(side).isEmpty()) {
          held.add(side);
        }
      }
    } catch (SQLException e) {
      // Class 42 is a syntax error or a missing table: the monitor's tables are not there.
      if (e.getSQLState() != null && e.getSQLState().startsWith("42")) {
        err.println(
            "No monitor tables (qos_target, qos_record) in the database: is --jdbc-url the"
                + " monitor's database?");
        return Optional.empty();
      }
      throw e;
    }
    if (held.isEmpty()) {
      err.println("No records in the database: is --jdbc-url the monitor's database?");
      return Optional.empty();
    }
    if (asked.equals(AUTO_SIDE)) {
      return Optional.of(held.get(0));
    }
    Side side = Side.valueOf(asked.toUpperCase(Locale.ROOT));
    if (!held.contains(side)) {
      String other = held.get(0).name().toLowerCase(Locale.ROOT);
      err.println(
          "No "
              + asked
              + " records in the database; it holds "
              + other
              + " records (--side "
              + other
              + ")");
      return Optional.empty();
    }
    return Optional.of(side);
  }

  /**
   * Prints Tables 2 and 3 for {@code side}'s records of {@code service} (every service if empty)
   * between {@code from} and {@code to} (the first and last record if empty) to {@code out}, or to
   * {@code err} why there is nothing to print. {@code service} is a service's name as the monitor
   * records it, {@code {namespace}localName}, or its local name alone when no other service has
   * that local name.
   *
   * @return 0 when the tables were printed, 1 when the window or the service holds no record, 2
   *     when {@code service} is the local name of several services
   * @throws SQLException if the database cannot be read
   */
  public static int report(
      QosAnalysis analysis,
      Side side,
      Optional<String> service,
      Optional<Instant> from,
      Optional<Instant> to,
      PrintStream out,
      PrintStream err)
      throws SQLException {
    String sideName = side.name().toLowerCase(Locale.ROOT);
    Optional<String> named = Optional.empty();
    if (service.isPresent()) {
      List<String> known = analysis.services(side);
      List<String> matches = ServiceName.matches(service.get(), known);
      if (matches.isEmpty()) {
        err.println(
            "No service "
                + service.get()
                + " among the "
                + sideName
                + " records"
                + (known.isEmpty() ? "" : "; services: " + String.join(", ", known)));
        return 1;
      }
      if (matches.size() > 1) {
        err.println(
            "--service "
                + service.get()
                + " names several services ("
                + String.join(", ", matches)
                + "); give one as {namespace}localName");
        return 2;
      }
      named = Optional.of(matches.get(0));
    }
    Optional<QosQuery> window = window(analysis, side, named, from, to);
    if (window.isEmpty()) {
      err.println("No " + sideName + " records in the database");
      return 1;
    }
    List<QosQuery> rows = analysis.breakdown(window.get());
    if (rows.isEmpty()) {
      Optional<QosQuery> all = analysis.everything(side, named);
      err.println(
          "No records in "
              + window.get().from()
              + " .. "
              + window.get().to()
              + all.map(q -> "; the " + sideName + " records span " + q.from() + " .. " + q.to())
                  .orElse(""));
      return 1;
    }
    List<QosStatistics> statistics = new ArrayList<>();
    for (QosQuery row : rows) {
      statistics.add(analysis.analyze(row));
    }
    print(out, window.get(), statistics);
    return 0;
  }

  private static Optional<QosQuery> window(
      QosAnalysis analysis,
      Side side,
      Optional<String> service,
      Optional<Instant> from,
      Optional<Instant> to)
      throws SQLException {
    Optional<QosQuery> all = analysis.everything(side, service);
    if (from.isEmpty() && to.isEmpty()) {
      return all;
    }
    Instant start = from.orElse(all.map(QosQuery::from).orElse(null));
    Instant end = to.orElse(all.map(QosQuery::to).orElse(null));
    if (start == null || end == null) {
      return Optional.empty();
    }
    QosQuery query = QosQuery.window(start, end).side(side);
    return Optional.of(service.isPresent() ? query.service(service.get()) : query);
  }

  private static Instant instant(String value) {
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("an ISO-8601 instant, e.g. 2026-11-22T15:00:00Z", e);
    }
  }

  /** Prints both tables; package-private so that tests read exactly what a user sees. */
  static void print(PrintStream out, QosQuery window, List<QosStatistics> rows) {
    out.printf(
        Locale.ROOT,
        "QoS report, %s side, %s .. %s (%d s)%n%n",
        window.side().name().toLowerCase(Locale.ROOT),
        window.from(),
        window.to(),
        rows.get(0).duration().toSeconds());
    out.println("Table 2. Performance (times in ms over succeeded requests)");
    out.printf(
        Locale.ROOT,
        "%-24s %-16s %-36s %8s %9s %6s %-40s %9s %9s %9s %9s %9s %9s %9s %9s %7s %7s%n",
        "service",
        "operation",
        "endpoint",
        "requests",
        "succeeded",
        "failed",
        "failed by cause",
        "exec min",
        "exec max",
        "exec avg",
        "comm min",
        "comm max",
        "comm avg",
        "resp p95",
        "resp p99",
        "thr/s",
        "avail");
    for (QosStatistics s : rows) {
      out.printf(
          Locale.ROOT,
          "%-24s %-16s %-36s %8d %9d %6d %-40s %s %s %9s %9s %7.2f %7s%n",
          s.query().service().orElse("*"),
          s.query().operation().orElse("*"),
          s.query().endpoint().orElse("*"),
          s.requests(),
          s.succeeded(),
          s.failed(),
          causes(s),
          minMaxMean(s.execution()),
          minMaxMean(s.communication()),
          millis(s.response().count(), s.response().p95Micros()),
          millis(s.response().count(), s.response().p99Micros()),
          s.throughputPerSecond(),
          Double.isNaN(s.availability())
              ? "-"
              : String.format(Locale.ROOT, "%.2f%%", 100 * s.availability()));
    }
    out.println();
    out.println("Table 3. Response-time distribution (share of succeeded requests)");
    List<String> labels = window.buckets().labels();
    StringBuilder header =
        new StringBuilder(
            String.format(Locale.ROOT, "%-24s %-16s %-36s", "service", "operation", "endpoint"));
    labels.forEach(label -> header.append(String.format(Locale.ROOT, " %7s", label)));
    out.println(header);
    boolean withoutResponseTimes = false;
    for (QosStatistics s : rows) {
      StringBuilder line =
          new StringBuilder(
              String.format(
                  Locale.ROOT,
                  "%-24s %-16s %-36s",
                  s.query().service().orElse("*"),
                  s.query().operation().orElse("*"),
                  s.query().endpoint().orElse("*")));
      if (s.response().count() == 0) {
        // Zeros would claim no request ended in any bucket; these records have no response time.
        labels.forEach(label -> line.append(String.format(Locale.ROOT, " %7s", "-")));
        withoutResponseTimes = true;
      } else {
        s.distributionShares()
            .forEach(share -> line.append(String.format(Locale.ROOT, " %6.2f%%", 100 * share)));
      }
      out.println(line);
    }
    if (withoutResponseTimes) {
      out.println(
          "- : no response time in these records"
              + (window.side() == Side.PROVIDER
                  ? " (a provider never sees t1 and t4 on its own clock; report --side requester"
                      + " for Table 3)"
                  : ""));
    }
    long invalid =
        rows.stream()
            .flatMap(s -> s.invalidByReason().values().stream())
            .mapToLong(Long::longValue)
            .sum();
    if (invalid > 0) {
      out.println();
      out.println("Invalid records (not counted above): " + invalid);
    }
  }

  private static String causes(QosStatistics s) {
    StringBuilder causes = new StringBuilder();
    for (Outcome outcome : Outcome.values()) {
      long n = s.failedByOutcome().getOrDefault(outcome, 0L);
      if (n > 0) {
        causes
            .append(causes.length() == 0 ? "" : ",")
            .append(outcome.name().toLowerCase(Locale.ROOT))
            .append('=')
            .append(n);
      }
    }
    return causes.length() == 0 ? "-" : causes.toString();
  }

  private static String minMaxMean(TimeStats t) {
    if (t.count() == 0) {
      return String.format(Locale.ROOT, "%9s %9s %9s", "-", "-", "-");
    }
    return String.format(
        Locale.ROOT,
        "%9.3f %9.3f %9.3f",
        t.minMicros() / 1e3,
        t.maxMicros() / 1e3,
        t.meanMicros() / 1e3);
  }

  private static String millis(long count, long micros) {
    return count == 0 ? "-" : String.format(Locale.ROOT, "%.3f", micros / 1e3);
  }
}
