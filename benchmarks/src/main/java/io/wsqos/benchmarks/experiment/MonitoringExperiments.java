package io.wsqos.benchmarks.experiment;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.benchmarks.load.ClosedLoopDriver;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.monitor.QosAnalysis;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosQuery;
import io.wsqos.monitor.Side;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

/**
 * The monitoring experiments of issue 5: {@code monitoring-rate} (throughput and response time
 * against offered rate, unmonitored vs the provider-side monitor with its {@code QosLog} vs CXF's
 * {@code MetricsFeature}, interleaved, each against its own {@link MonitoringServer} JVM) and
 * {@code monitoring-requesters} (the Grid5000 sweep, closed loop, with Tables 2 and 3 built from
 * the provider's own records next to the paper's).
 */
final class MonitoringExperiments {

  static final List<Double> DEFAULT_RATES =
      List.of(1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 7000.0, 8000.0);

  /** The rate at which the added p99 is read: well below saturation on this machine. */
  static final double DEFAULT_MODERATE_RATE = 2000.0;

  static final String BASELINE = MonitoringMode.PLAIN.token();
  static final String MONITORED = MonitoringMode.MONITORED.token();

  static final Set<String> OPTIONS =
      Experiments.sweepOptionsAnd(
          "requesters",
          "variants",
          "moderate-rate",
          "timestamps",
          "keep-db",
          "monitor-jdbc-url",
          "monitor-jdbc-user",
          "monitor-flush-interval-ms",
          "monitor-store-interval-ms",
          "monitor-writer-priority");

  private MonitoringExperiments() {}

  /**
   * One measured run's window, on this JVM's wall clock (the server's shares the machine's), with
   * the responses the driver counted in it and its server's CPU over it by thread category (empty
   * where {@code /proc} could not be read).
   */
  record RunWindow(
      String variant,
      double x,
      int repetition,
      Instant from,
      Instant to,
      long responses,
      Map<CpuCategory, Long> cpuNanos) {

    RunWindow {
      cpuNanos = Map.copyOf(cpuNanos);
    }
  }

  static void monitoringRate(Args args, String command) {
    String name = "monitoring-rate";
    DriverOptions options = options(args, 5_000);
    OpenLoopDriver driver = OpenLoopDriver.create(options);
    List<Double> rates = args.numbers("rates", DEFAULT_RATES);
    double moderate = args.numbers("moderate-rate", List.of(DEFAULT_MODERATE_RATE)).get(0);
    List<MonitoringMode> modes =
        modes(
            args,
            List.of(MonitoringMode.PLAIN, MonitoringMode.MONITORED, MonitoringMode.CXF_METRICS));
    run(
        args,
        name,
        modes,
        rates,
        (v, x, w, m) -> driver.run(v.source(), x, w, m),
        (results, windows, stats, database, settings) -> {
          settings.add("rates " + rates + "; added latency read at " + moderate + " req/s");
          Path out =
              write(
                  args,
                  name,
                  "offered rate (req/s)",
                  "Monitoring: throughput and response time against offered rate",
                  "The bookstore's \"lite information for 1 book\" under an open-loop rate, each"
                      + " variant against its own server JVM, run interleaved: `plain` (no"
                      + " monitoring), `monitored` (provider-side `MonitoringFeature` with a"
                      + " `QosLog` writing to an H2 file database and to Micrometer timers) and"
                      + " `cxf-metrics` (CXF's `MetricsFeature` with its Micrometer provider).",
                  settings,
                  results);
          append(
              out,
              MonitoringTables.peakSection(results, BASELINE, MONITORED)
                  + MonitoringTables.latencySection(results, BASELINE, MONITORED, moderate)
                  + CpuTables.section(windows, BASELINE)
                  + MonitoringTables.recordsSection(stats));
        },
        options,
        command);
  }

  static void monitoringRequesters(Args args, String command) {
    String name = "monitoring-requesters";
    DriverOptions options = options(args, 30_000);
    ClosedLoopDriver driver = ClosedLoopDriver.create(options);
    List<Double> requesters = args.numbers("requesters", Experiments.GRID5000_REQUESTERS);
    List<MonitoringMode> modes =
        modes(args, List.of(MonitoringMode.PLAIN, MonitoringMode.MONITORED));
    run(
        args,
        name,
        modes,
        requesters,
        (v, x, w, m) -> driver.run(v.source(), (int) x, w, m),
        (results, windows, stats, database, settings) -> {
          settings.add("requesters " + requesters);
          List<MonitoringTables.ProviderWindow> provider =
              database == null ? List.of() : analyze(database, windows);
          Path out =
              write(
                  args,
                  name,
                  "requesters",
                  "Monitoring: the Grid5000 sweep (Tables 2 and 3 of 001_09b853a5d60af789.txt)",
                  "Closed loop as in the paper: N requesters each send their next request as soon"
                      + " as the previous one ended, against the bookstore with the provider-side"
                      + " monitor and its `QosLog` (`monitored`), interleaved with the unmonitored"
                      + " bookstore (`plain`) at the same N. Tables 2 and 3 below are built from"
                      + " the provider's own records where the records hold the figure, and from"
                      + " the driver otherwise; each column says which.",
                  settings,
                  results);
          if (database != null) {
            qosReport(database, out.resolve("qos-report-provider.txt"));
          }
          append(
              out,
              MonitoringTables.table2(results, MONITORED, provider)
                  + MonitoringTables.table2Comparison(results, MONITORED, provider)
                  + MonitoringTables.table3(results, MONITORED)
                  + CpuTables.section(windows, BASELINE)
                  + MonitoringTables.recordsSection(stats)
                  + "\nThe provider's whole database, as the monitor's command-line report prints"
                  + " it (`QosReport --side provider`, every record including warm-ups and"
                  + " pauses): `qos-report-provider.txt`.\n");
        },
        options,
        command);
  }

  @FunctionalInterface
  private interface Reporter {
    void report(
        List<PointResult> results,
        List<RunWindow> windows,
        Map<String, Properties> stats,
        LogDatabase database,
        List<String> settings);
  }

  /**
   * Starts one server JVM per mode (the monitored one writing to a fresh temp directory), warms
   * each up, runs the sweep over {@code points} with {@code runner}, stops the servers (so that the
   * log writes what it holds and each server writes its counters), then reports; the temp directory
   * is deleted unless {@code --keep-db=true}.
   */
  private static void run(
      Args args,
      String name,
      List<MonitoringMode> modes,
      List<Double> points,
      PointRunner runner,
      Reporter reporter,
      DriverOptions options,
      String command) {
    Path work;
    try {
      work = Files.createTempDirectory("wsqos-" + name + "-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Path dbDir = work.resolve("db");
    LogDatabase database =
        args.has("monitor-jdbc-url")
            ? new LogDatabase(
                args.string("monitor-jdbc-url", ""), args.string("monitor-jdbc-user", ""))
            : LogDatabase.h2(dbDir);
    long flushMillis =
        args.millis("monitor-flush-interval-ms", QosLog.DEFAULT_FLUSH_INTERVAL_MILLIS).toMillis();
    long storeMillis =
        args.millis("monitor-store-interval-ms", QosLog.DEFAULT_STORE_INTERVAL_MILLIS).toMillis();
    int writerPriority = args.integer("monitor-writer-priority", QosLog.DEFAULT_WRITER_PRIORITY);
    boolean timestamps = Boolean.parseBoolean(args.string("timestamps", "true"));
    Path requestFile = Path.of(args.string("request", "examples/bookstore/requests/lite-1.xml"));
    byte[] body = CompressionExperiments.read(requestFile);
    if (timestamps) {
      // The t1 a monitored requester would send: the provider reads it, echoes it and keeps it.
      body =
          QosEnvelopes.withTimestamps(
              body, ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()));
    }
    List<String> tokens = modes.stream().map(MonitoringMode::token).toList();
    List<RunWindow> windows = new ArrayList<>();
    List<PointResult> results;
    List<String> settings = new ArrayList<>();
    String loadBefore = CompressionExperiments.loadAverage();
    String jvm;
    try (Servers servers =
        Servers.start(
            args,
            MonitoringServer.class,
            tokens,
            token ->
                List.of(
                    "--db-dir=" + dbDir,
                    "--jdbc-url=" + database.url(),
                    "--jdbc-user=" + database.user(),
                    "--flush-interval-ms=" + flushMillis,
                    "--store-interval-ms=" + storeMillis,
                    "--writer-priority=" + writerPriority,
                    "--stats-file=" + work.resolve(token + ".properties")))) {
      jvm = servers.launch();
      List<Variant> variants = new ArrayList<>();
      for (String token : tokens) {
        variants.add(
            new Variant(
                token,
                RequestSource.of(
                    HttpRequest.post(servers.address(token), body)
                        .header("Content-Type", "text/xml; charset=UTF-8")
                        .header("SOAPAction", "\"\"")
                        .build())));
      }
      ServerWarmup.run(name, args, options, variants);
      results =
          timing(args, name)
              .sweep(name)
              .points(points)
              .variants(variants)
              .runner(windowed(windows, runner, v -> servers.pid(v.name())))
              .build()
              .run();
    }
    Map<String, Properties> stats = new LinkedHashMap<>();
    for (String token : tokens) {
      Path file = work.resolve(token + ".properties");
      if (Files.isRegularFile(file)) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
          p.load(in);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        stats.put(token, p);
      } else {
        // The server did not stop by itself in time (killed) or failed while stopping: its
        // counters, and for the monitored one the records still queued, are missing.
        String missing =
            "server "
                + token
                + " wrote no counters on stop (killed after "
                + BookstoreProcess.STOP_TIMEOUT_SECONDS
                + " s, or failed while stopping): its CPU and records-written figures are missing";
        System.err.println("WARNING: " + missing);
        settings.add("**" + missing + "**");
      }
    }
    for (MonitoringMode mode : modes) {
      settings.add(
          "variant "
              + mode.token()
              + ": `MonitoringServer --mode="
              + mode.token()
              + "` in its own JVM ("
              + jvm
              + ")"
              + (mode == MonitoringMode.MONITORED
                  ? ", QosLog (queue 10,000, batches of up to 500, flush interval "
                      + flushMillis
                      + " ms, store interval "
                      + storeMillis
                      + " ms, writer priority "
                      + writerPriority
                      + ") to `"
                      + (args.has("monitor-jdbc-url")
                          ? database.url()
                          : "jdbc:h2:file:<temp>/db/qos")
                      + "`, Micrometer SimpleMeterRegistry"
                  : "")
              + (mode == MonitoringMode.MONITOR_ONLY
                  ? ", the provider-side monitor with its records discarded (no QosLog)"
                  : "")
              + (mode == MonitoringMode.CXF_METRICS
                  ? ", MicrometerMetricsProvider with StandardTags, JAX-WS operation and fault-code"
                      + " tags, SimpleMeterRegistry"
                  : ""));
    }
    settings.add(
        "request: POST of `"
            + requestFile
            + "`"
            + (timestamps
                ? " with a WS-QoS `Timestamps` header carrying a fixed t1 (what a monitored"
                    + " requester sends; the provider reads and echoes it), the same bytes for"
                    + " every variant"
                : " without WS-QoS header")
            + ", one connection per request");
    settings.add(timing(args, name).describe(args, true));
    settings.add(Experiments.timeouts(options));
    settings.add(
        "machine load (/proc/loadavg) before: "
            + loadBefore
            + "; after: "
            + CompressionExperiments.loadAverage()
            + " (the machine is shared: other builds and tests ran meanwhile; variants are"
            + " interleaved so that drift touches all alike)");
    settings.add("command: `" + command + "`");
    try {
      reporter.report(
          results, windows, stats, tokens.contains(MONITORED) ? database : null, settings);
      Path out = Path.of(args.string("out", "benchmarks/results/" + name));
      Files.writeString(out.resolve("cpu.csv"), CpuTables.csv(windows));
      for (String token : stats.keySet()) {
        Files.copy(
            work.resolve(token + ".properties"),
            out.resolve("server-" + token + ".properties"),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (Boolean.parseBoolean(args.string("keep-db", "false"))) {
        System.err.println("kept the monitor's database and counters in " + work);
      } else {
        deleteRecursively(work);
      }
    }
  }

  /**
   * Records each run's measured window (after its warm-up) for the provider's analysis, and reads
   * the threads' CPU of the process {@code pid} gives for the variant (its server, or its client)
   * at the window's start and end.
   */
  static PointRunner windowed(
      List<RunWindow> windows, PointRunner runner, ToLongFunction<Variant> pid) {
    Map<String, Integer> repetitions = new HashMap<>();
    return (v, x, warmup, measure) -> {
      long processId = pid.applyAsLong(v);
      Instant start = Instant.now();
      ScheduledExecutorService clock =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "wsqos-cpu-reader");
                t.setDaemon(true);
                return t;
              });
      try {
        Future<Optional<ThreadCpu>> atStart =
            clock.schedule(() -> ThreadCpu.read(processId), warmup.toNanos(), TimeUnit.NANOSECONDS);
        Future<Optional<ThreadCpu>> atEnd =
            clock.schedule(
                () -> ThreadCpu.read(processId),
                warmup.plus(measure).toNanos(),
                TimeUnit.NANOSECONDS);
        RunResult result = runner.run(v, x, warmup, measure);
        Map<CpuCategory, Long> cpu = cpuBetween(atStart, atEnd);
        int rep = repetitions.merge(v.name() + "@" + x, 1, Integer::sum);
        Instant from = start.plus(warmup);
        windows.add(
            new RunWindow(v.name(), x, rep, from, from.plus(measure), result.requests(), cpu));
        return result;
      } finally {
        clock.shutdownNow();
      }
    };
  }

  private static Map<CpuCategory, Long> cpuBetween(
      Future<Optional<ThreadCpu>> atStart, Future<Optional<ThreadCpu>> atEnd) {
    try {
      Optional<ThreadCpu> start = atStart.get(10, TimeUnit.SECONDS);
      Optional<ThreadCpu> end = atEnd.get(10, TimeUnit.SECONDS);
      return start.isPresent() && end.isPresent() ? end.get().since(start.get()) : Map.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Map.of();
    } catch (ExecutionException | TimeoutException e) {
      System.err.println("WARNING: could not read a process's CPU around a run: " + e);
      return Map.of();
    }
  }

  /** The provider's figures per monitored run, from the database the server wrote and closed. */
  static List<MonitoringTables.ProviderWindow> analyze(
      LogDatabase database, List<RunWindow> windows) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(database.url());
    config.setUsername(database.user());
    config.setMaximumPoolSize(1);
    config.setPoolName("wsqos-monitoring-analysis");
    List<MonitoringTables.ProviderWindow> rows = new ArrayList<>();
    try (HikariDataSource dataSource = new HikariDataSource(config)) {
      QosAnalysis analysis = new QosAnalysis(dataSource);
      for (RunWindow w : windows) {
        if (!w.variant().equals(MONITORED)) {
          continue;
        }
        rows.add(
            new MonitoringTables.ProviderWindow(
                w.x(),
                w.repetition(),
                analysis.analyze(QosQuery.window(w.from(), w.to()).side(Side.PROVIDER))));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("analysing " + database.url() + ": " + e, e);
    }
    return rows;
  }

  /** Runs the monitor's own command-line report on the database, into {@code file}. */
  private static void qosReport(LogDatabase database, Path file) {
    List<String> command =
        List.of(
            BookstoreProcess.javaCommand(),
            "-cp",
            System.getProperty("java.class.path"),
            "io.wsqos.monitor.report.QosReport",
            "--jdbc-url",
            database.url(),
            "--user",
            database.user(),
            "--side",
            "provider");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(file.toFile())
              .start();
      if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
        p.destroyForcibly();
        System.err.println("QosReport did not finish within 120 s; killed");
      }
    } catch (IOException e) {
      System.err.println("QosReport failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static List<MonitoringMode> modes(Args args, List<MonitoringMode> defaults) {
    if (!args.has("variants")) {
      return defaults;
    }
    List<MonitoringMode> modes = new ArrayList<>();
    for (String token : args.string("variants", "").split(",")) {
      modes.add(
          MonitoringMode.fromToken(token.trim())
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "--variants: '"
                              + token
                              + "' (expected: a comma-separated subset of plain, monitored,"
                              + " monitor-only, cxf-metrics; the first is the baseline)")));
    }
    return modes;
  }

  /** 2 repetitions of 1 s + 5 s (rate) or 1 s + 8 s (requesters). */
  private static RunTiming timing(Args args, String name) {
    return RunTiming.of(args, 2, 1, name.endsWith("rate") ? 5 : 8);
  }

  private static DriverOptions options(Args args, long defaultResponseTimeoutMillis) {
    return DriverOptions.builder()
        .connectTimeout(
            args.millis("connect-timeout-ms", DriverOptions.DEFAULT_CONNECT_TIMEOUT_MILLIS))
        .responseTimeout(args.millis("response-timeout-ms", defaultResponseTimeoutMillis))
        .build();
  }

  /** results.csv, report.md and the plots, with {@code xName} as the points' name. */
  private static Path write(
      Args args,
      String name,
      String xName,
      String title,
      String description,
      List<String> settings,
      List<PointResult> results) {
    return Experiments.write(args, name, title, description, xName, settings, results);
  }

  private static void append(Path out, String markdown) {
    try {
      Files.writeString(out.resolve("report.md"), markdown, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void deleteRecursively(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      System.err.println("could not delete " + root + ": " + e);
    }
  }
}
