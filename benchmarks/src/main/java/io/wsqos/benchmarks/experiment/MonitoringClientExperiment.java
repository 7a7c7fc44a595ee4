package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.experiment.MonitorLogs.check;
import static io.wsqos.benchmarks.experiment.MonitorLogs.number;
import static io.wsqos.benchmarks.experiment.MonitorLogs.per;
import static io.wsqos.benchmarks.experiment.MonitorLogs.stat;

import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosLog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
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
   * {@code --server-mode} value giving each client a server of its own mode: a plain client calls a
   * plain server, a monitored client a monitored one (monitoring on both sides against none).
   */
  static final String SAME_SERVER_MODE = "same";

  /**
   * Callers per client: enough to saturate the two cores, a few, and one call at a time; the most
   * first, so that the single caller's call times, which the latency section reads, come from the
   * best warmed-up JVMs.
   */
  static final Option<List<Integer>> CALLERS =
      Option.listOf(
          Option.integer("callers", null, 1, 1_000, "closed-loop callers per client"),
          List.of(16, 4, 1));

  static final Option<List<MonitoringMode>> VARIANTS =
      MonitoringMode.variants(MonitoringMode.CLIENT_MODES, MonitoringMode.CLIENT_MODES);
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
            if (!v.equals(SAME_SERVER_MODE)
                && MonitoringMode.fromToken(v)
                    .filter(MonitoringMode.CLIENT_MODES::contains)
                    .isEmpty()) {
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
        Run.timing(2, 2, 10),
        List.of(ServerWarmup.OPTION),
        Servers.OPTIONS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    int clients = options.get(VARIANTS).size();
    int servers = options.get(SERVER_MODE).equals(SAME_SERVER_MODE) ? clients : 1;
    Duration warmup = options.get(ServerWarmup.OPTION);
    return Estimates.jvmStarts(servers + clients)
        .plus(warmup.plus(settle(warmup)).multipliedBy(clients))
        .plus(Estimates.sweep(options, options.get(CALLERS).size(), clients));
  }

  /**
   * How long each client calls at one caller after the warm-up, unmeasured, before the sweep: while
   * the warm-up saturates the two cores the JIT compilers fall behind, and the variant with the
   * most code would pay for their catching up in its first measured runs.
   */
  static Duration settle(Duration warmup) {
    return warmup.dividedBy(2);
  }

  @Override
  public void run(Run run) throws IOException {
    List<Double> callers = run.get(CALLERS).stream().map(Integer::doubleValue).toList();
    List<MonitoringMode> modes = run.get(VARIANTS);
    List<String> tokens = modes.stream().map(MonitoringMode::token).toList();
    String transport = run.get(TRANSPORT);
    String serverMode = run.get(SERVER_MODE);
    boolean same = serverMode.equals(SAME_SERVER_MODE);
    Function<String, String> serverOf = token -> same ? token : serverMode;
    Duration warmup = run.get(ServerWarmup.OPTION);
    List<String> clientJvm =
        run.options().isSet(CLIENT_JVM_OPT) ? run.options().all(CLIENT_JVM_OPT) : Run.JVM_OPTIONS;
    Path work = MonitorLogs.workDirectory(run, NAME);
    Servers servers =
        run.servers(
            tokens.stream().map(serverOf).distinct().toList(),
            token ->
                MonitoringMode.of(token)
                    .serverArgs(List.of("--monitor-db-dir=" + work.resolve("server-db-" + token))));
    Map<String, ClientProcess> clients = new LinkedHashMap<>();
    for (String token : tokens) {
      List<String> args =
          List.of(
              "--mode=" + token,
              "--url=" + servers.address(serverOf.apply(token)),
              "--transport=" + transport,
              "--db-dir=" + work.resolve("client-db-" + token),
              "--stats-file=" + work.resolve("client-" + token + ".properties"));
      clients.put(
          token,
          run.hold(
              ClientProcess.start(
                  token, ChildProcess.javaCommand(clientJvm, MonitoringClient.class, args))));
    }
    warmUp(run, clients, ServerWarmup.REQUESTERS, warmup);
    warmUp(run, clients, 1, settle(warmup));
    List<RunWindow> clientWindows = new ArrayList<>();
    List<RunWindow> serverWindows = new ArrayList<>();
    PointRunner calls = (v, x, warm, measure) -> clients.get(v.name()).run((int) x, warm, measure);
    List<PointResult> results =
        run.sweep(
            callers,
            tokens.stream().map(Variant::selfDriven).toList(),
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
    Map<String, Properties> stats = MonitorLogs.readStats(run, work, "client-", tokens, settings);
    settings.add("callers per client " + callers + "; client transport `" + transport + "`");
    settings.addAll(
        same
            ? Template.items("reports/monitoring/client-servers.md", Map.of("jvm", serverJvm))
            : Template.items(
                "reports/monitoring/client-server.md",
                Map.of(
                    "jvm",
                    serverJvm,
                    "args",
                    String.join(" ", MonitoringMode.of(serverMode).serverArgs(List.of())))));
    for (MonitoringMode mode : modes) {
      settings.add(
          String.format(
              "variant %s: `MonitoringClient --mode=%1$s --transport=%s` in its own JVM (%s), one"
                  + " CXF JAX-WS proxy shared by its caller threads, connect timeout 5 s, receive"
                  + " timeout 30 s%s; it said: `%s`",
              mode,
              transport,
              String.join(" ", clientJvm),
              mode.describe(
                  "requester", QosLog.DEFAULT_STORE_INTERVAL_MILLIS, "an H2 file of its own"),
              clients.get(mode.token()).ready()));
    }
    settings.addAll(
        Template.items(
            "reports/monitoring/client-settings.md",
            Map.of(
                "isbn",
                MonitoringClient.ISBN,
                "warmup",
                warmup.toMillis(),
                "callers",
                ServerWarmup.REQUESTERS,
                "settle",
                settle(warmup).toMillis())));
    settings.add(run.timing().describe(run.options(), true));
    String baseline = tokens.get(0);
    String goal = tokens.contains(MonitoringMode.MONITORED.token()) ? "monitored" : baseline;
    // The fewest callers: the call time with the least queueing in client and server.
    double fewest = callers.stream().min(Double::compare).orElseThrow();
    run.writeSweep(
        "Monitoring: the requester-side monitor under load, through a real CXF client",
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

  private static void warmUp(
      Run run, Map<String, ClientProcess> clients, int callers, Duration duration) {
    if (!duration.isZero()) {
      clients.forEach(
          (name, client) -> {
            run.progress()
                .printf(
                    "[%s] warming client %s (and the server) up: %s with %d caller(s)%n",
                    NAME, name, duration, callers);
            run.progress()
                .printf("[%s]   %s%n", NAME, client.run(callers, Duration.ZERO, duration));
          });
    }
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
        MonitorLogs.recordsTable(
            stats,
            "client",
            List.of(
                stat("calls", s -> calls(s, o -> true)),
                stat("failed", s -> calls(s, o -> !o.succeeded()))),
            List.of(
                stat(
                    "written = calls",
                    s -> check(number(s, MonitorLogs.WRITTEN), calls(s, o -> true))),
                stat(
                    "JVM CPU us per call",
                    s -> per(number(s, "process.cpu.ns") / 1e3, calls(s, o -> true), 1))));
    return Report.section(
            "Records written against calls made",
            Template.text("reports/monitoring/client-records.md"),
            table)
        + (stats.isEmpty() ? "\nNo client wrote its counters (killed before it stopped?).\n" : "");
  }
}
