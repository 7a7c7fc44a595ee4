package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.experiment.MonitoringTables.check;
import static io.wsqos.benchmarks.experiment.MonitoringTables.dash;
import static io.wsqos.benchmarks.experiment.MonitoringTables.number;
import static io.wsqos.benchmarks.experiment.MonitoringTables.per;
import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.monitor.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The requester-side monitor under load, {@code monitoring-client}: one {@link MonitoringClient}
 * JVM per client mode calling one bookstore server JVM through a real CXF proxy, interleaved; the
 * monitor's cost is the client's CPU per call and call time against the plain client's.
 */
final class MonitoringClientExperiment implements Experiment {

  static final String NAME = "monitoring-client";

  /**
   * Callers per client: enough to saturate the two cores, a few, and one call at a time; the most
   * first, so that the single caller's call times, which the latency section reads, come from the
   * best warmed-up JVMs.
   */
  static final List<Double> DEFAULT_CALLERS = List.of(16.0, 4.0, 1.0);

  /**
   * {@code --server-mode} value giving each client a server of its own mode: a plain client calls a
   * plain server, a monitored client a monitored one (monitoring on both sides against none).
   */
  static final String SAME_SERVER_MODE = "same";

  /**
   * After every client's warm-up at {@link ServerWarmup#REQUESTERS} callers, each calls at one
   * caller for this fraction of it, unmeasured, so that the JIT compilers catch up: while the
   * warm-up saturates the two cores they fall behind, and the variant with the most code would pay
   * for their catching up in its first measured runs.
   */
  static final int SETTLE_DIVISOR = 2;

  static final Option<List<Double>> CALLERS =
      Option.listOf(
          Option.of(
              "callers",
              "N",
              (Double) null,
              "closed-loop callers per client",
              v -> {
                double n = Double.parseDouble(v);
                if (n < 1 || n != Math.rint(n)) {
                  throw new IllegalArgumentException("a whole number >= 1");
                }
                return n;
              }),
          DEFAULT_CALLERS);
  static final Option<List<MonitoringMode>> VARIANTS =
      MonitorLogs.variants(List.of(MonitoringMode.values()));
  static final Option<String> TRANSPORT =
      Option.choice(
          "transport",
          MonitoringClient.TRANSPORTS.get(0),
          MonitoringClient.TRANSPORTS,
          "the clients' CXF conduit: the JDK HttpClient or HttpURLConnection");
  static final Option<String> SERVER_MODE =
      Option.of(
          "server-mode",
          "MODE",
          MonitoringMode.MONITOR_ONLY.token(),
          "the server every client calls, or same: each client a server of its own mode",
          v -> {
            if (!v.equals(SAME_SERVER_MODE) && MonitoringMode.fromToken(v).isEmpty()) {
              throw new IllegalArgumentException(
                  "plain, monitored, monitor-only, cxf-metrics or same");
            }
            return v;
          });
  static final Option<String> CLIENT_JVM_OPT =
      Option.string(
              "client-jvm-opt",
              null,
              "a client JVM option (replaces the defaults: "
                  + String.join(" ", Run.JVM_OPTIONS)
                  + ")")
          .repeatable();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(CALLERS, VARIANTS, TRANSPORT, SERVER_MODE, CLIENT_JVM_OPT),
        List.of(
            MonitorLogs.FLUSH,
            MonitorLogs.STORE,
            MonitorLogs.JDBC_URL,
            MonitorLogs.JDBC_USER,
            MonitorLogs.KEEP_DB),
        Run.timing(2, 2, 10),
        List.of(ServerWarmup.OPTION),
        Servers.OPTIONS);
  }

  /** How long each client calls at one caller after the warm-up, before the sweep. */
  static Duration settle(Duration warmup) {
    return warmup.dividedBy(SETTLE_DIVISOR);
  }

  @Override
  public void run(Run run) throws IOException {
    List<Double> callers = run.get(CALLERS);
    List<MonitoringMode> modes = run.get(VARIANTS);
    String transport = run.get(TRANSPORT);
    String serverToken = run.get(SERVER_MODE);
    boolean sameServerMode = serverToken.equals(SAME_SERVER_MODE);
    long storeMillis = run.get(MonitorLogs.STORE).toMillis();
    long flushMillis = run.get(MonitorLogs.FLUSH).toMillis();
    String jdbcUrl = run.get(MonitorLogs.JDBC_URL);
    // Every monitored JVM's log, clients' and servers': where it goes and when it stores.
    List<String> logOptions = new ArrayList<>();
    logOptions.add("--store-interval-ms=" + storeMillis);
    if (jdbcUrl != null) {
      logOptions.add("--jdbc-url=" + jdbcUrl);
      logOptions.add("--jdbc-user=" + run.get(MonitorLogs.JDBC_USER));
    }
    Function<String, String> serverOf = token -> sameServerMode ? token : serverToken;
    Duration clientWarmup = run.get(ServerWarmup.OPTION);
    List<String> clientJvm =
        run.options().isSet(CLIENT_JVM_OPT) ? run.options().all(CLIENT_JVM_OPT) : Run.JVM_OPTIONS;
    Path work = MonitorLogs.workDirectory(run, NAME);
    Servers servers =
        run.servers(
            modes.stream().map(m -> serverOf.apply(m.token())).distinct().toList(),
            token ->
                MonitoringMode.parse("server-mode", token).serverArgs(serverLog(run, work, token)));
    Map<String, ClientProcess> clients = new LinkedHashMap<>();
    for (MonitoringMode mode : modes) {
      String token = mode.token();
      List<String> args =
          new ArrayList<>(
              List.of(
                  "--mode=" + token,
                  "--url=" + servers.address(serverOf.apply(token)),
                  "--transport=" + transport,
                  "--db-dir=" + work.resolve("client-db-" + token),
                  "--flush-interval-ms=" + flushMillis,
                  "--stats-file=" + work.resolve("client-" + token + ".properties")));
      args.addAll(logOptions);
      clients.put(
          token,
          run.hold(
              ClientProcess.start(
                  token, ChildProcess.javaCommand(clientJvm, MonitoringClient.class, args))));
    }
    warmUp(run, clients, ServerWarmup.REQUESTERS, clientWarmup);
    warmUp(run, clients, 1, settle(clientWarmup));
    List<RunWindow> clientWindows = new ArrayList<>();
    List<RunWindow> serverWindows = new ArrayList<>();
    PointRunner calls =
        (v, x, warmup, measure) -> clients.get(v.name()).run((int) x, warmup, measure);
    List<PointResult> results =
        run.sweep(
            callers,
            modes.stream().map(m -> Variant.selfDriven(m.token())).toList(),
            RunWindow.windowed(
                clientWindows,
                RunWindow.windowed(
                    serverWindows,
                    calls,
                    v -> servers.pid(serverOf.apply(v.name())),
                    run.progress()),
                v -> clients.get(v.name()).pid(),
                run.progress()),
            false);
    clients.values().forEach(ClientProcess::close);
    String serverJvm = servers.launch();
    servers.close();
    List<String> settings = new ArrayList<>();
    Map<String, Properties> stats =
        MonitorLogs.readStats(
            run, work, "client-", modes.stream().map(MonitoringMode::token).toList(), settings);
    settings.add("callers per client " + callers + "; client transport `" + transport + "`");
    settings.add(
        sameServerMode
            ? "servers: one `BookstoreServer` per client variant, in the variant's mode (a plain"
                + " client calls a plain server, a monitored client a monitored one, whose"
                + " provider-side log writes to "
                + (jdbcUrl != null ? "`" + jdbcUrl + "`" : "an H2 file of its own")
                + "), each in its own JVM ("
                + serverJvm
                + ")"
            : "server: `BookstoreServer "
                + String.join(
                    " ", MonitoringMode.parse("server-mode", serverToken).serverArgs(List.of()))
                + "` in its own JVM ("
                + serverJvm
                + "), shared by every client");
    for (MonitoringMode mode : modes) {
      settings.add(
          "variant "
              + mode.token()
              + ": `MonitoringClient --mode="
              + mode.token()
              + " --transport="
              + transport
              + "` in its own JVM ("
              + String.join(" ", clientJvm)
              + "), one CXF JAX-WS proxy shared by its caller threads, connect timeout 5 s,"
              + " receive timeout 30 s"
              + mode.describe(
                  "requester",
                  MonitoringMode.log(flushMillis, storeMillis, -1),
                  jdbcUrl == null ? "an H2 file of its own" : "`" + jdbcUrl + "`")
              + "; it said: `"
              + clients.get(mode.token()).ready()
              + "`");
    }
    settings.addAll(
        Template.items(
            "reports/monitoring/client-settings.md",
            Map.of(
                "isbn",
                MonitoringClient.DEFAULT_ISBN,
                "warmup",
                clientWarmup.toMillis(),
                "callers",
                ServerWarmup.REQUESTERS,
                "settle",
                settle(clientWarmup).toMillis())));
    settings.add(run.timing().describe(run.options(), true));
    String baseline = modes.get(0).token();
    String goal =
        modes.contains(MonitoringMode.MONITORED) ? MonitoringMode.MONITORED.token() : baseline;
    // The fewest callers: the call time with the least queueing in client and server.
    double fewest = callers.stream().min(Double::compare).orElseThrow();
    run.writeSweep(
        "Monitoring: the requester-side monitor under load, through a real CXF client",
        summary(),
        "requesters",
        settings,
        results,
        List.of(
            MonitoringTables.peakSection(results, baseline, goal),
            MonitoringTables.latencySection(
                results,
                baseline,
                goal,
                fewest,
                Table.point(fewest) + " caller(s) per client",
                "with " + Table.point(fewest) + " caller(s)",
                "call time of successful calls, from the proxy call to its return, as the caller"
                    + " measures it"),
            CpuTables.section(clientWindows, baseline, "Client"),
            CpuTables.section(serverWindows, baseline, "Server"),
            recordsSection(stats)));
    CpuTables.csv(clientWindows).writeCsv(run.out().resolve("cpu.csv"));
    CpuTables.csv(serverWindows).writeCsv(run.out().resolve("server-cpu.csv"));
  }

  /**
   * The log options of the server of {@code token}: an H2 file of its own in {@code work}, or the
   * shared {@code --monitor-jdbc-url}; the store interval the clients' logs get.
   */
  private static List<String> serverLog(Run run, Path work, String token) {
    List<String> log = new ArrayList<>();
    log.add("--monitor-db-dir=" + work.resolve("server-db-" + token));
    log.add("--monitor-store-interval=" + run.get(MonitorLogs.STORE).toMillis() + "ms");
    if (run.options().isSet(MonitorLogs.JDBC_URL)) {
      log.add("--monitor-jdbc=" + run.get(MonitorLogs.JDBC_URL));
      log.add("--monitor-jdbc-user=" + run.get(MonitorLogs.JDBC_USER));
    }
    return log;
  }

  private static void warmUp(
      Run run, Map<String, ClientProcess> clients, int callers, Duration duration) {
    if (duration.isZero()) {
      return;
    }
    clients.forEach(
        (name, client) -> {
          run.progress()
              .printf(
                  Locale.ROOT,
                  "[%s] warming client %s (and the server) up: %s with %d caller(s)%n",
                  NAME,
                  name,
                  duration,
                  callers);
          run.progress().printf("[%s]   %s%n", NAME, client.run(callers, Duration.ZERO, duration));
        });
  }

  /** The calls a client counted whose outcome {@code counted} accepts. */
  private static long calls(Properties stats, Predicate<Outcome> counted) {
    return Arrays.stream(Outcome.values())
        .filter(counted)
        .mapToLong(o -> Long.parseLong(stats.getProperty("calls." + o, "0")))
        .sum();
  }

  /**
   * Each client's calls over its whole life (warm-ups included) against the records its log wrote:
   * the requester-side monitor keeps one record per call, whatever its outcome.
   */
  static String recordsSection(Map<String, Properties> stats) {
    Table table =
        Table.of(
            stats.entrySet(),
            column("client", Map.Entry::getKey),
            column("calls", e -> calls(e.getValue(), o -> true)),
            column("failed", e -> calls(e.getValue(), outcome -> !outcome.succeeded())),
            column("records written", e -> dash(e.getValue(), "wsqos.monitor.records.written")),
            column("dropped", e -> dash(e.getValue(), "wsqos.monitor.records.dropped")),
            column("lost", e -> dash(e.getValue(), "wsqos.monitor.records.lost")),
            column("invalid", e -> dash(e.getValue(), "wsqos.monitor.records.invalid")),
            column(
                "written = calls",
                e ->
                    check(
                        number(e.getValue(), "wsqos.monitor.records.written"),
                        calls(e.getValue(), o -> true))),
            column(
                "JVM CPU us per call",
                e ->
                    per(
                        number(e.getValue(), "process.cpu.ns") / 1e3,
                        calls(e.getValue(), o -> true),
                        1)));
    return Report.section(
            "Records written against calls made",
            Template.text("reports/monitoring/client-records.md"),
            table)
        + (stats.isEmpty() ? "\nNo client wrote its counters (killed before it stopped?).\n" : "");
  }
}
