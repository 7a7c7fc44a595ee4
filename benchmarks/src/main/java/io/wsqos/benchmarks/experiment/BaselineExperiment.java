package io.wsqos.benchmarks.experiment;

import com.sun.net.httpserver.HttpServer;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The bookstore alone, as the paper's figures measure it: {@code baseline-rate} (open loop, Figures
 * 51-52), {@code baseline-requesters} (N back-to-back requesters, Tables 2 and 3 of the Grid5000
 * paper), and {@code driver-limit} (the driver against a trivial in-process endpoint).
 */
final class BaselineExperiment implements Experiment {

  /** Which of the three. */
  enum Kind {
    RATE,
    REQUESTERS,
    DRIVER_LIMIT
  }

  static final List<Double> DEFAULT_RATES =
      List.of(
          500.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 7000.0, 8000.0, 10000.0, 12000.0);
  static final List<Double> DEFAULT_LIMIT_RATES =
      List.of(2000.0, 4000.0, 6000.0, 8000.0, 10000.0, 12000.0, 15000.0, 20000.0);

  static final Option<String> URL =
      Option.string("url", null, "load an already running server at this URL instead");
  static final Option<Boolean> KEEP_ALIVE =
      Option.flag("keep-alive", "reuse connections instead of one per request");

  private final Kind kind;

  BaselineExperiment(Kind kind) {
    this.kind = kind;
  }

  @Override
  public String name() {
    return switch (kind) {
      case RATE -> "baseline-rate";
      case REQUESTERS -> "baseline-requesters";
      case DRIVER_LIMIT -> "driver-limit";
    };
  }

  private Option<List<Double>> points() {
    return switch (kind) {
      case RATE -> Run.numbers("rates", DEFAULT_RATES, "offered rates (req/s)");
      case REQUESTERS ->
          Run.numbers("requesters", Run.GRID5000_REQUESTERS, "numbers of back-to-back requesters");
      case DRIVER_LIMIT -> Run.numbers("rates", DEFAULT_LIMIT_RATES, "offered rates (req/s)");
    };
  }

  @Override
  public List<Option<?>> options() {
    List<Option<?>> common =
        Run.join(
            List.of(points()), Run.driverSweep(3, 2, 8, kind == Kind.REQUESTERS ? 30_000 : 5_000));
    if (kind == Kind.DRIVER_LIMIT) {
      return Run.join(
          common,
          List.of(
              Run.seconds("server-warmup", 5, "the driver's warm-up, at 2000 req/s"), KEEP_ALIVE));
    }
    return Run.join(common, List.of(Run.REQUEST, URL), ServerWarmup.OPTIONS, Servers.OPTIONS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    Duration sweep = Estimates.sweep(options, options.get(points()).size(), 1);
    if (kind == Kind.DRIVER_LIMIT) {
      return options.get(ServerWarmup.OPTION).plus(sweep);
    }
    Duration warmed = sweep.plus(Estimates.serverWarmups(options, 1));
    return options.isSet(URL) ? warmed : warmed.plus(Estimates.jvmStarts(1));
  }

  @Override
  public void run(Run run) throws Exception {
    List<Double> points = run.get(points());
    DriverOptions driverOptions = run.driverOptions();
    PointRunner driver = run.driver(kind == Kind.REQUESTERS);
    PointRunner runner =
        (v, x, w, m) -> withDriverCpu(run.progress(), () -> driver.run(v, x, w, m));
    if (kind == Kind.DRIVER_LIMIT) {
      driverLimit(run, points, runner, driverOptions);
      return;
    }
    URI url;
    String serverNote;
    if (run.options().isSet(URL)) {
      url = URI.create(run.get(URL));
      serverNote = "an already running server at the given URL";
    } else {
      Servers servers = run.servers(List.of("plain"), token -> List.of());
      url = servers.address("plain");
      serverNote = "`BookstoreServer --port=0` in its own JVM (" + servers.launch() + ")";
    }
    Path requestFile = run.get(Run.REQUEST);
    HttpRequest.Builder request = Variant.soapPost(url, Run.read(requestFile));
    String file = requestFile.getFileName().toString();
    Variant variant =
        new Variant(
            file.endsWith(".xml") ? file.substring(0, file.length() - 4) : file,
            RequestSource.of(request.build()));
    List<String> settings =
        Template.items(
            "reports/baseline/settings.md",
            Map.of(
                "server",
                serverNote,
                "url",
                url,
                "request",
                requestFile,
                "connections",
                "one connection per request",
                "axis",
                points().name(),
                "points",
                points,
                "timing",
                run.timing().describe(run.options(), false),
                "timeouts",
                run.describeTimeouts()));
    boolean rate = kind == Kind.RATE;
    run.writeSweep(
        rate
            ? "Bookstore throughput and response time against offered rate"
            : "Bookstore under N back-to-back requesters (Tables 2 and 3 of the Grid5000 paper)",
        rate ? "offered rate (req/s)" : "requesters",
        settings,
        run.sweep(points, List.of(variant), runner, true),
        List.of());
  }

  private void driverLimit(
      Run run, List<Double> rates, PointRunner runner, DriverOptions driverOptions)
      throws IOException {
    // The JDK server writes a response's headers and body apart; with Nagle's algorithm on its
    // sockets the body waits for the driver's delayed ACK on every kept-alive response (closing
    // the connection flushes it otherwise). Read when the server's configuration is first loaded.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
    byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
    server.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          exchange.sendResponseHeaders(200, ok.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(ok);
          }
        });
    ExecutorService executor = Executors.newSingleThreadExecutor();
    server.setExecutor(executor);
    server.start();
    run.hold(
        () -> {
          server.stop(0);
          executor.shutdownNow();
        });
    URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/trivial");
    boolean keepAlive = run.get(KEEP_ALIVE);
    RequestSource trivial =
        RequestSource.of(
            HttpRequest.post(url, new byte[] {'x'})
                .header("Content-Type", "text/plain")
                .keepAlive(keepAlive)
                .build());
    OpenLoopDriver.create(driverOptions)
        .run(trivial, 2000, Duration.ZERO, run.options().get(ServerWarmup.OPTION));
    RunTiming timing = run.timing();
    run.writeSweep(
        "The driver's own limit against a trivial endpoint",
        "offered rate (req/s)",
        Template.items(
            "reports/baseline/driver-limit.md",
            Map.of(
                "connections",
                    keepAlive ? "connections kept alive and reused" : "Connection: close",
                "warmup", timing.warmup().toMillis(),
                "measure", timing.measure().toMillis(),
                "reps", timing.repetitions(),
                "timeouts", run.describeTimeouts(),
                "rates", rates)),
        run.sweep(rates, List.of(new Variant("trivial", trivial)), runner, false),
        List.of());
  }

  /**
   * Runs {@code run} and prints the CPU time this JVM (the driver's; the bookstore runs in its own)
   * spent per request sent, warm-up included: the driver's own cost, to compare with the server's.
   */
  private static RunResult withDriverCpu(PrintStream progress, Supplier<RunResult> run) {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpuBefore = os.getProcessCpuTime();
    long wallBefore = System.nanoTime();
    RunResult result = run.get();
    long cpu = os.getProcessCpuTime() - cpuBefore;
    long wall = System.nanoTime() - wallBefore;
    double sent = result.offeredPerSecond() * wall / 1e9;
    progress.printf(
        Locale.ROOT,
        "[driver]   JVM CPU ~%.1f us per request, %.0f%% of one core; send lag mean %.0f us,"
            + " max %d us; max in flight %d%n",
        sent == 0 ? 0 : cpu / 1000.0 / sent,
        100.0 * cpu / wall,
        result.meanSendLagMicros(),
        result.maxSendLagMicros(),
        result.maxInFlight());
    return result;
  }
}
