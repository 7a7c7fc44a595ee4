package io.wsqos.monitor.report;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosAnalysis;
import io.wsqos.monitor.QosQuery;
import io.wsqos.monitor.QosStatistics;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TimeStats;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Prints the seed's Table 2 (performance) and Table 3 (response-time distribution) for what a
 * monitor database holds, one row per service, operation and endpoint.
 *
 * <pre>
 * java -cp ... io.wsqos.monitor.report.QosReport --jdbc-url jdbc:h2:file:./wsqos-monitor
 *     [--user U --password P] [--service S] [--side requester|provider]
 *     [--from 2026-11-22T15:00:00Z --to 2026-11-22T16:00:00Z]
 * </pre>
 *
 * Without {@code --from}/{@code --to} the window spans every record. Exit status: 0 printed, 1 no
 * record in the window, 2 bad arguments or database error.
 */
public final class QosReport {

  private QosReport() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the report; returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Map<String, String> options;
    try {
      options = parse(args);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.println(
          "usage: QosReport --jdbc-url URL [--user U] [--password P] [--service S]"
              + " [--side requester|provider] [--from ISO-INSTANT --to ISO-INSTANT]");
      return 2;
    }
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(options.get("--jdbc-url"));
    config.setUsername(options.getOrDefault("--user", ""));
    config.setPassword(options.getOrDefault("--password", ""));
    config.setMaximumPoolSize(1);
    config.setReadOnly(true);
    config.setPoolName("wsqos-report");
    try (HikariDataSource dataSource = new HikariDataSource(config)) {
      QosAnalysis analysis = new QosAnalysis(dataSource);
      Side side =
          Side.valueOf(options.getOrDefault("--side", "requester").toUpperCase(Locale.ROOT));
      Optional<String> service = Optional.ofNullable(options.get("--service"));
      Optional<QosQuery> window = window(analysis, options, side, service);
      if (window.isEmpty()) {
        err.println("No " + side.name().toLowerCase(Locale.ROOT) + " records in the database");
        return 1;
      }
      List<QosQuery> rows = analysis.breakdown(window.get());
      if (rows.isEmpty()) {
        err.println("No records in " + window.get().from() + " .. " + window.get().to());
        return 1;
      }
      List<QosStatistics> statistics = new ArrayList<>();
      for (QosQuery row : rows) {
        statistics.add(analysis.analyze(row));
      }
      print(out, window.get(), statistics);
      return 0;
    } catch (SQLException | RuntimeException e) {
      err.println("Report failed: " + e);
      return 2;
    }
  }

  private static Optional<QosQuery> window(
      QosAnalysis analysis, Map<String, String> options, Side side, Optional<String> service)
      throws SQLException {
    String from = options.get("--from");
    String to = options.get("--to");
    if (from == null && to == null) {
      return analysis.everything(side, service);
    }
    Optional<QosQuery> all = analysis.everything(side, service);
    Instant start = from != null ? instant("--from", from) : all.map(QosQuery::from).orElse(null);
    Instant end = to != null ? instant("--to", to) : all.map(QosQuery::to).orElse(null);
    if (start == null || end == null) {
      return Optional.empty();
    }
    QosQuery query = QosQuery.window(start, end).side(side);
    return Optional.of(service.isPresent() ? query.service(service.get()) : query);
  }

  private static Instant instant(String option, String value) {
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          option + ": '" + value + "' (expected: an ISO-8601 instant, e.g. 2026-11-22T15:00:00Z)");
    }
  }

  private static Map<String, String> parse(String[] args) {
    List<String> known =
        List.of("--jdbc-url", "--user", "--password", "--service", "--side", "--from", "--to");
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      if (!known.contains(args[i])) {
        throw new IllegalArgumentException(
            "Unknown option: " + args[i] + " (expected: " + known + ")");
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("Missing value for " + args[i]);
      }
      options.put(args[i], args[i + 1]);
    }
    if (!options.containsKey("--jdbc-url")) {
      throw new IllegalArgumentException("Missing --jdbc-url");
    }
    String side = options.getOrDefault("--side", "requester");
    if (!side.equals("requester") && !side.equals("provider")) {
      throw new IllegalArgumentException(
          "--side: '" + side + "' (expected: requester or provider)");
    }
    if (options.containsKey("--from") && options.containsKey("--to")) {
      Instant from = instant("--from", options.get("--from"));
      Instant to = instant("--to", options.get("--to"));
      if (!from.isBefore(to)) {
        throw new IllegalArgumentException(
            "--from " + from + " --to " + to + " (expected: from < to)");
      }
    }
    return options;
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
