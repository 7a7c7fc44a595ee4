package io.wsqos.benchmarks.experiment;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.jdbc.JdbcPool;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.jdbc.QosAnalysis;
import io.wsqos.monitor.jdbc.QosQuery;
import io.wsqos.monitor.jdbc.report.QosReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * The provider-side monitoring experiment {@code monitoring-requesters}: the Grid5000 sweep, closed
 * loop, each mode against its own bookstore JVM, interleaved, with Tables 2 and 3 built from the
 * provider's own records next to the paper's.
 */
final class MonitoringExperiment implements Experiment {

  /** The {@code application_name} of the analysis's PostgreSQL connections. */
  static final String ANALYSIS_APPLICATION_NAME = "wsqos-monitoring-analysis";

  private static final String BASELINE = MonitoringMode.PLAIN.token();
  private static final String MONITORED = MonitoringMode.MONITORED.token();

  private final Option<List<Double>> points =
      Run.numbers("requesters", Run.GRID5000_REQUESTERS, "numbers of requesters");
  private final Option<List<MonitoringMode>> modes =
      MonitoringMode.variants(List.of(MonitoringMode.PLAIN, MonitoringMode.MONITORED));

  @Override
  public String name() {
    return "monitoring-requesters";
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(points, modes, Connections.OPTION, Run.REQUEST),
        List.of(MonitorLogs.JDBC_URL, MonitorLogs.JDBC_USER, MonitorLogs.STORE),
        Run.driverSweep(2, 1, 8, 30_000),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    int servers = options.get(modes).size();
    int variants = servers * options.get(Connections.OPTION).keepAlive().size();
    return Estimates.serverSweep(options, servers, options.get(points).size(), variants);
  }

  /**
   * Starts one server JVM per mode (the monitored one writing to a fresh temp directory), warms
   * each up, runs the sweep, stops the servers (so that the log writes what it holds and each
   * server writes its counters), then reports.
   */
  @Override
  public void run(Run run) throws IOException {
    boolean otlp = run.get(modes).stream().anyMatch(MonitoringMode::exportsOtlp);
    try (OtlpSink sink = otlp ? OtlpSink.start() : null) {
      run(run, sink);
    }
  }

  /** The run, with {@code otlp} receiving the exports of the modes that make them, or null. */
  private void run(Run run, OtlpSink otlp) throws IOException {
    Path work = MonitorLogs.workDirectory(run, name());
    boolean jdbc = run.options().isSet(MonitorLogs.JDBC_URL);
    String url = jdbc ? run.get(MonitorLogs.JDBC_URL) : MonitorLogs.h2Url(work.resolve("db"));
    String user = run.get(MonitorLogs.JDBC_USER);
    long storeMillis = run.get(MonitorLogs.STORE).toMillis();
    // Each logging server its own H2 file (H2 opens a file in one process); the analysis reads
    // the monitored one's.
    Function<String, List<String>> logOf =
        token -> {
          List<String> log =
              new ArrayList<>(
                  List.of(
                      "--monitor-db-dir="
                          + work.resolve(token.equals(MONITORED) ? "db" : "db-" + token),
                      "--monitor-store-interval=" + storeMillis + "ms"));
          if (jdbc) {
            log.addAll(List.of("--monitor-jdbc=" + url, "--monitor-jdbc-user=" + user));
          }
          return log;
        };
    // The t1 a monitored requester would send: the provider reads it, echoes it and keeps it.
    byte[] body =
        QosEnvelopes.withTimestamps(
            Run.read(run.get(Run.REQUEST)),
            ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()));
    List<MonitoringMode> modes = run.get(this.modes);
    List<String> tokens = modes.stream().map(MonitoringMode::token).toList();
    Servers servers =
        run.servers(
            tokens,
            token -> {
              MonitoringMode mode = MonitoringMode.of(token);
              List<String> args = new ArrayList<>(mode.serverArgs(logOf.apply(token)));
              if (mode.exportsOtlp()) {
                args.add("--monitor-otlp=" + otlp.endpoint());
              }
              args.add("--stats-file=" + work.resolve("server-" + token + ".properties"));
              return args;
            });
    Connections connections = run.get(Connections.OPTION);
    List<Variant> variants = new ArrayList<>();
    Map<String, String> serverOf = new LinkedHashMap<>();
    for (boolean keepAlive : connections.keepAlive()) {
      for (String token : tokens) {
        String name = Connections.variantName(token, keepAlive);
        serverOf.put(name, token);
        variants.add(
            new Variant(
                name,
                RequestSource.of(
                    Variant.soapPost(servers.address(token), body).keepAlive(keepAlive).build())));
      }
    }
    List<RunWindow> windows = new ArrayList<>();
    List<Double> points = run.get(this.points);
    List<PointResult> results =
        run.sweep(
            points,
            variants,
            RunWindow.windowed(
                windows,
                run.driver(true),
                v -> servers.pid(serverOf.get(v.name())),
                run.progress()),
            true);
    String jvm = servers.launch();
    servers.close();
    List<String> settings = new ArrayList<>();
    if (otlp != null) {
      // After the servers stopped: each exported what it held as it stopped.
      settings.add(otlp.describe());
    }
    Map<String, Properties> stats = MonitorLogs.readStats(run, work, "server-", tokens, settings);
    String target = "`" + (jdbc ? url : "jdbc:h2:file:<temp>/db/qos") + "`";
    for (MonitoringMode mode : modes) {
      settings.add(
          String.format(
              "variant %s: `BookstoreServer %s` in its own JVM (%s)%s",
              mode,
              String.join(" ", mode.serverArgs(List.of())),
              jvm,
              mode.describe("provider", storeMillis, target)));
    }
    settings.addAll(
        Template.items(
            "reports/monitoring/request.md",
            Map.of("request", run.get(Run.REQUEST), "connections", connections.describe())));
    settings.add(run.timing().describe(run.options(), true));
    settings.add(run.describeTimeouts());
    settings.add("requesters " + points);
    List<String> sections = new ArrayList<>();
    for (boolean keepAlive : connections.keepAlive()) {
      String monitored = Connections.variantName(MONITORED, keepAlive);
      List<String> names =
          tokens.stream().map(token -> Connections.variantName(token, keepAlive)).toList();
      List<PointResult> mode = results.stream().filter(r -> names.contains(r.variant())).toList();
      List<RunWindow> modeWindows =
          windows.stream().filter(w -> names.contains(w.variant())).toList();
      List<MonitoringTables.ProviderWindow> provider =
          analyze(
              url, user, modeWindows.stream().filter(w -> w.variant().equals(monitored)).toList());
      sections.add(MonitoringTables.table2(mode, monitored, provider));
      sections.add(MonitoringTables.table2Comparison(mode, monitored, provider));
      sections.add(MonitoringTables.table3(mode, monitored));
      sections.add(CpuTables.section(modeWindows, Connections.variantName(BASELINE, keepAlive)));
    }
    if (tokens.contains(MONITORED)) {
      report(url, user, run.out().resolve("qos-report-provider.txt"));
    }
    sections.add(MonitoringTables.recordsSection(stats));
    sections.add("\n" + Template.text("reports/monitoring/qos-report.md") + "\n");
    run.writeSweep(
        "Monitoring: the Grid5000 sweep (Tables 2 and 3 of 001_09b853a5d60af789.txt)",
        "requesters",
        settings,
        results,
        sections);
    CpuTables.csv(windows).writeCsv(run.out().resolve("cpu.csv"));
  }

  /** The provider's figures in each of {@code windows}, from the database the server wrote. */
  static List<MonitoringTables.ProviderWindow> analyze(
      String url, String user, List<RunWindow> windows) {
    if (windows.isEmpty()) {
      return List.of();
    }
    List<MonitoringTables.ProviderWindow> rows = new ArrayList<>();
    try (HikariDataSource dataSource = analysisSource(url, user)) {
      QosAnalysis analysis = new QosAnalysis(dataSource);
      for (RunWindow w : windows) {
        QosQuery query = QosQuery.window(w.from(), w.to()).side(Side.PROVIDER);
        rows.add(
            new MonitoringTables.ProviderWindow(w.x(), w.repetition(), analysis.analyze(query)));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("analysing " + url + ": " + e, e);
    }
    return rows;
  }

  /** The whole database as the monitor's command-line report prints it, into {@code report}. */
  static void report(String url, String user, Path report) throws IOException {
    Files.createDirectories(report.toAbsolutePath().getParent());
    try (HikariDataSource dataSource = analysisSource(url, user);
        PrintStream out = new PrintStream(Files.newOutputStream(report), true, UTF_8)) {
      QosReport.report(
          new QosAnalysis(dataSource),
          Side.PROVIDER,
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          out,
          out);
    } catch (SQLException e) {
      throw new IllegalStateException("reporting " + url + ": " + e, e);
    }
  }

  static HikariDataSource analysisSource(String url, String user) {
    JdbcPool.Builder pool =
        JdbcPool.builder(url)
            .credentials(user, "")
            .maxPoolSize(1)
            .poolName(ANALYSIS_APPLICATION_NAME)
            .statementTimeout(QosReport.STATEMENT_TIMEOUT);
    if (url.startsWith("jdbc:postgresql:")) {
      // A name of its own, whatever the log's URL names its connections: the log's backends can
      // then be told apart from the report's, and their CPU read alone.
      pool.initSql("SET application_name = '" + ANALYSIS_APPLICATION_NAME + "'");
    }
    return pool.build();
  }
}
