package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.experiment.MonitoringExperiments.RunWindow;
import io.wsqos.benchmarks.load.Outcome;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.monitor.QosLog;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The requester-side monitor under load (issue 5: "measure the requester-side monitor's own added
 * cost separately from the client's, and say which client transport the figures used"): {@code
 * monitoring-client}. One bookstore server JVM (by default with the provider-side monitor, records
 * discarded, so that every response carries t2 and t3 back); one {@link MonitoringClient} JVM per
 * client mode (plain, monitored, monitor-only, cxf-metrics), each calling {@code getBookInfo}
 * through a real CXF JAX-WS proxy from closed-loop caller threads. The variants run interleaved;
 * for each run the report gives the calls per second, the call time the callers measured, and the
 * client JVM's CPU per call by thread (caller threads, the JDK HTTP client's threads, the log's
 * writer, H2, GC, JIT): the monitor's cost is the difference to the plain client's.
 */
final class MonitoringClientExperiment {

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

  static final Set<String> OPTIONS =
      Experiments.sweepOptionsAnd(
          "callers",
          "variants",
          "transport",
          "server-mode",
          "client-jvm-opt",
          "monitor-flush-interval-ms",
          "monitor-store-interval-ms",
          "monitor-h2-settings",
          "monitor-jdbc-url",
          "monitor-jdbc-user",
          "keep-db");

  /**
   * After every client's warm-up at {@link ServerWarmup#REQUESTERS} callers, each calls at one
   * caller for this fraction of it, unmeasured, so that the JIT compilers catch up. While the
   * warm-up saturates the two cores they fall behind: a monitored bookstore server compiled about
   * 1,100 methods in its first 2 s at one caller and 400 in the next 2 s, and its JIT threads took
   * 46-236 us of CPU per call in the first measured run of four of five runs (1-7 us in later
   * runs), which the variant with the most code paid for in its first pairs. Settled, 4-5 us.
   */
  static final int SETTLE_DIVISOR = 2;

  private MonitoringClientExperiment() {}

  /** How long each client calls at one caller after the warm-up, before the sweep. */
  static Duration settle(Duration warmup) {
    return warmup.dividedBy(SETTLE_DIVISOR);
  }

  private static void warmUp(Map<String, ClientProcess> clients, int callers, Duration duration) {
    if (duration.isZero()) {
      return;
    }
    for (Map.Entry<String, ClientProcess> client : clients.entrySet()) {
      System.err.printf(
          Locale.ROOT,
          "[%s] warming client %s (and the server) up: %s with %d caller(s)%n",
          NAME,
          client.getKey(),
          duration,
          callers);
      System.err.printf(
          "[%s]   %s%n", NAME, client.getValue().run(callers, Duration.ZERO, duration));
    }
  }

  static void run(Args args, String command) {
    List<Double> callers = args.numbers("callers", DEFAULT_CALLERS);
    for (double n : callers) {
      if (n < 1 || n != Math.rint(n)) {
        throw new IllegalArgumentException(
            "--callers: " + n + " (expected: whole numbers >= 1, comma-separated)");
      }
    }
    List<MonitoringMode> modes =
        MonitoringExperiments.modes(
            args,
            List.of(
                MonitoringMode.PLAIN,
                MonitoringMode.MONITORED,
                MonitoringMode.MONITOR_ONLY,
                MonitoringMode.CXF_METRICS));
    String transport = MonitoringClient.transport(args);
    String serverToken = args.string("server-mode", MonitoringMode.MONITOR_ONLY.token());
    boolean sameServerMode = serverToken.equals(SAME_SERVER_MODE);
    if (!sameServerMode && MonitoringMode.fromToken(serverToken).isEmpty()) {
      throw new IllegalArgumentException(
          "--server-mode: '"
              + serverToken
              + "' (expected: plain, monitored, monitor-only, cxf-metrics or "
              + SAME_SERVER_MODE
              + ")");
    }
    long storeMillis =
        args.millis("monitor-store-interval-ms", QosLog.DEFAULT_STORE_INTERVAL_MILLIS).toMillis();
    // Every monitored JVM's log, clients' and servers': where it goes (instead of an H2 file of its
    // own) and when it stores.
    List<String> logOptions = new ArrayList<>();
    logOptions.add("--store-interval-ms=" + storeMillis);
    String h2Settings = args.string("monitor-h2-settings", "");
    if (!h2Settings.isEmpty()) {
      // Each JVM's own H2 file; a shared --monitor-jdbc-url takes its settings in the URL.
      logOptions.add("--h2-settings=" + h2Settings);
    }
    if (args.has("monitor-jdbc-url")) {
      logOptions.add("--jdbc-url=" + args.string("monitor-jdbc-url", ""));
      logOptions.add("--jdbc-user=" + args.string("monitor-jdbc-user", ""));
    }
    // The server each client calls, by the client's mode.
    Function<String, String> serverOf = token -> sameServerMode ? token : serverToken;
    long flushMillis =
        args.millis("monitor-flush-interval-ms", QosLog.DEFAULT_FLUSH_INTERVAL_MILLIS).toMillis();
    Duration clientWarmup = args.seconds(ServerWarmup.OPTION, ServerWarmup.DEFAULT_SECONDS);
    RunTiming timing = RunTiming.of(args, 2, 2, 10);
    List<String> clientJvm =
        args.has("client-jvm-opt")
            ? args.all("client-jvm-opt")
            : CompressionExperiments.SERVER_JVM_OPTIONS;
    Path work;
    try {
      work = Files.createTempDirectory("wsqos-" + NAME + "-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String loadBefore = CompressionExperiments.loadAverage();
    List<RunWindow> clientWindows = new ArrayList<>();
    List<RunWindow> serverWindows = new ArrayList<>();
    List<PointResult> results;
    Map<String, String> conduits = new LinkedHashMap<>();
    String serverJvm;
    try (Servers servers =
        Servers.start(
            args,
            MonitoringServer.class,
            modes.stream().map(m -> serverOf.apply(m.token())).distinct().toList(),
            token ->
                Stream.concat(
                        Stream.of("--db-dir=" + work.resolve("server-db-" + token)),
                        logOptions.stream())
                    .toList())) {
      serverJvm = servers.launch();
      Map<String, ClientProcess> clients = new LinkedHashMap<>();
      try {
        for (MonitoringMode mode : modes) {
          String token = mode.token();
          List<String> launch = new ArrayList<>();
          launch.add(BookstoreProcess.javaCommand());
          launch.addAll(clientJvm);
          launch.addAll(
              List.of(
                  "-cp",
                  System.getProperty("java.class.path"),
                  MonitoringClient.class.getName(),
                  "--mode=" + token,
                  "--url=" + servers.address(serverOf.apply(token)),
                  "--transport=" + transport,
                  "--db-dir=" + work.resolve("client-db-" + token),
                  "--flush-interval-ms=" + flushMillis,
                  "--stats-file=" + work.resolve("client-" + token + ".properties")));
          launch.addAll(logOptions);
          ClientProcess client = ClientProcess.start(token, launch);
          conduits.put(token, client.ready());
          clients.put(token, client);
        }
        warmUp(clients, ServerWarmup.REQUESTERS, clientWarmup);
        warmUp(clients, 1, settle(clientWarmup));
        List<Variant> variants = modes.stream().map(m -> Variant.selfDriven(m.token())).toList();
        PointRunner calls =
            (v, x, warmup, measure) -> clients.get(v.name()).run((int) x, warmup, measure);
        results =
            timing
                .sweep(NAME)
                .points(callers)
                .variants(variants)
                .runner(
                    MonitoringExperiments.windowed(
                        clientWindows,
                        MonitoringExperiments.windowed(
                            serverWindows, calls, v -> servers.pid(serverOf.apply(v.name()))),
                        v -> clients.get(v.name()).pid()))
                .build()
                .run();
      } finally {
        clients.values().forEach(ClientProcess::close);
      }
    }
    Map<String, Properties> stats = readStats(work, modes);
    List<String> settings = new ArrayList<>();
    settings.add("callers per client " + callers + "; client transport `" + transport + "`");
    settings.add(
        sameServerMode
            ? "servers: one `MonitoringServer` per client variant, in the variant's mode (a plain"
                + " client calls a plain server, a monitored client a monitored one, whose"
                + " provider-side log writes to "
                + (args.has("monitor-jdbc-url")
                    ? "`" + args.string("monitor-jdbc-url", "") + "`"
                    : "an H2 file of its own")
                + "), each in its own JVM ("
                + serverJvm
                + ")"
            : "server: `MonitoringServer --mode="
                + serverToken
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
              + describe(
                  mode, flushMillis, storeMillis, args.string("monitor-jdbc-url", ""), h2Settings)
              + "; it said: `"
              + conduits.getOrDefault(mode.token(), "-")
              + "`");
    }
    settings.add(
        "each call: `getBookInfo(\""
            + MonitoringClient.DEFAULT_ISBN
            + "\")` (the lite-1 request), timed by its caller from the proxy call to its return");
    settings.add(
        "each client JVM warmed up "
            + clientWarmup.toMillis()
            + " ms by "
            + ServerWarmup.REQUESTERS
            + " callers, then (after every client's) "
            + settle(clientWarmup).toMillis()
            + " ms by one caller so that its compilers catch up, before the sweep (which also"
            + " warms the server)");
    settings.add(timing.describe(args, true).replaceFirst("; each server warmed up.*$", ""));
    settings.add(
        "machine load (/proc/loadavg) before: "
            + loadBefore
            + "; after: "
            + CompressionExperiments.loadAverage());
    settings.add("command: `" + command + "`");
    Path out =
        Experiments.write(
            args,
            NAME,
            "Monitoring: the requester-side monitor under load, through a real CXF client",
            "Each variant is a CXF JAX-WS client of the bookstore in a JVM of its own, calling"
                + " `getBookInfo` from closed-loop caller threads (`requesters` below are the"
                + " callers per client): `plain` (no monitor), `monitored` (the requester-side"
                + " `MonitoringFeature` with a `QosLog` writing to an H2 file and Micrometer"
                + " timers), `monitor-only` (the same monitor, records discarded) and"
                + " `cxf-metrics` (CXF's `MetricsFeature` on the client). All call one server"
                + " (with `--server-mode=same`, each a server of its own mode); the variants run"
                + " interleaved. What the monitor costs the client is its CPU per"
                + " call and its call time against `plain`'s.",
            "requesters",
            settings,
            results);
    String baseline = modes.get(0).token();
    String goal =
        modes.stream()
            .map(MonitoringMode::token)
            .filter(t -> t.equals(MonitoringExperiments.MONITORED))
            .findFirst()
            .orElse(baseline);
    StringBuilder md = new StringBuilder();
    md.append(MonitoringTables.peakSection(results, baseline, goal));
    // The fewest callers: the call time with the least queueing in client and server.
    double fewest = callers.stream().min(Double::compare).orElseThrow();
    md.append(
        MonitoringTables.latencySection(
            results,
            baseline,
            goal,
            fewest,
            CompressionExperiments.format(fewest) + " caller(s) per client",
            "with " + CompressionExperiments.format(fewest) + " caller(s)",
            "call time of successful calls, from the proxy call to its return, as the caller"
                + " measures it"));
    md.append(CpuTables.section(clientWindows, baseline, "Client"));
    md.append(CpuTables.section(serverWindows, baseline, "Server"));
    md.append(recordsSection(stats));
    try {
      Files.writeString(out.resolve("report.md"), md.toString(), StandardOpenOption.APPEND);
      Files.writeString(out.resolve("cpu.csv"), CpuTables.csv(clientWindows));
      Files.writeString(out.resolve("server-cpu.csv"), CpuTables.csv(serverWindows));
      for (String token : stats.keySet()) {
        Files.copy(
            work.resolve("client-" + token + ".properties"),
            out.resolve("client-" + token + ".properties"),
            StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (Boolean.parseBoolean(args.string("keep-db", "false"))) {
        System.err.println("kept the clients' databases and counters in " + work);
      } else {
        MonitoringExperiments.deleteRecursively(work);
      }
    }
  }

  private static String describe(
      MonitoringMode mode, long flushMillis, long storeMillis, String jdbcUrl, String h2Settings) {
    return switch (mode) {
      case PLAIN -> "";
      case MONITORED ->
          ", requester-side MonitoringFeature with a QosLog (queue 10,000, batches of up to 500,"
              + " flush interval "
              + flushMillis
              + " ms, store interval "
              + storeMillis
              + " ms) to "
              + (jdbcUrl.isEmpty()
                  ? "an H2 file of its own"
                      + (h2Settings.isEmpty() ? "" : " (`;" + h2Settings + "`)")
                  : "`" + jdbcUrl + "`")
              + ", Micrometer SimpleMeterRegistry";
      case MONITOR_ONLY -> ", requester-side MonitoringFeature with its records discarded";
      case CXF_METRICS ->
          ", CXF's MetricsFeature (MicrometerMetricsProvider, JAX-WS tags, SimpleMeterRegistry)";
    };
  }

  /**
   * Each client's calls over its whole life (warm-ups included) against the records its log wrote:
   * the requester-side monitor keeps one record per call, whatever its outcome.
   */
  static String recordsSection(Map<String, Properties> stats) {
    StringBuilder md = new StringBuilder("\n## Records written against calls made\n\n");
    md.append(
        "Counted by each client JVM over its whole life (warm-up, every run, pauses) and written"
            + " when it stopped, after closing its `QosLog` (which writes everything queued)."
            + " `calls` counts every call its callers made, whatever the outcome; the"
            + " requester-side monitor keeps one record per call, so `records written` must equal"
            + " it.\n\n");
    md.append(
        "| client | calls | failed | records written | dropped | lost | invalid |"
            + " written = calls | JVM CPU us per call |\n"
            + "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    stats.forEach(
        (mode, p) -> {
          long calls = 0;
          long failed = 0;
          for (Outcome outcome : Outcome.values()) {
            long n = Long.parseLong(p.getProperty("calls." + outcome, "0"));
            calls += n;
            failed += outcome.failed() ? n : 0;
          }
          String written = p.getProperty("wsqos.monitor.records.written", "-");
          String check =
              written.equals("-")
                  ? "-"
                  : Long.parseLong(written) == calls
                      ? "yes"
                      : "NO (" + (calls - Long.parseLong(written)) + " missing)";
          long cpu = Long.parseLong(p.getProperty("process.cpu.ns", "-1"));
          md.append(
              String.format(
                  Locale.ROOT,
                  "| %s | %d | %d | %s | %s | %s | %s | %s | %s |%n",
                  mode,
                  calls,
                  failed,
                  written,
                  p.getProperty("wsqos.monitor.records.dropped", "-"),
                  p.getProperty("wsqos.monitor.records.lost", "-"),
                  p.getProperty("wsqos.monitor.records.invalid", "-"),
                  check,
                  cpu < 0 || calls == 0
                      ? "-"
                      : String.format(Locale.ROOT, "%.1f", cpu / 1e3 / calls)));
        });
    if (stats.isEmpty()) {
      md.append("\nNo client wrote its counters (killed before it stopped?).\n");
    }
    return md.toString();
  }

  private static Map<String, Properties> readStats(Path work, List<MonitoringMode> modes) {
    Map<String, Properties> stats = new LinkedHashMap<>();
    for (MonitoringMode mode : modes) {
      Path file = work.resolve("client-" + mode.token() + ".properties");
      if (!Files.isRegularFile(file)) {
        System.err.println(
            "WARNING: client " + mode.token() + " wrote no counters on stop (killed?)");
        continue;
      }
      Properties p = new Properties();
      try (Reader in = Files.newBufferedReader(file)) {
        p.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      stats.put(mode.token(), p);
    }
    return stats;
  }
}
