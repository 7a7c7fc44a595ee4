package io.wsqos.benchmarks.experiment;

import com.sun.net.httpserver.HttpServer;
import io.wsqos.benchmarks.load.ClosedLoopDriver;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.CsvWriter;
import io.wsqos.benchmarks.report.MachineInfo;
import io.wsqos.benchmarks.report.MarkdownReport;
import io.wsqos.benchmarks.report.Plots;
import io.wsqos.benchmarks.report.PointResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The command line of the load experiments: {@code Experiments NAME [--option=value ...]}, run from
 * the repository root (see {@code benchmarks/README.md}). Each experiment writes its CSV, Markdown
 * report and PNG plots to {@code benchmarks/results/NAME/}.
 */
public final class Experiments {

  static final String CORE_WAKE_CONVENTION =
      "none: no keeper thread spins; the driver's I/O thread blocks in epoll and its waker"
          + " thread parks between sends, so at low rates an idle core may sleep and its wake-up"
          + " time is part of the measured latency, the same for every variant and point";

  static final List<Double> DEFAULT_RATES =
      List.of(
          500.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 7000.0, 8000.0, 10000.0, 12000.0);
  static final List<Double> GRID5000_REQUESTERS =
      List.of(1.0, 3.0, 5.0, 10.0, 25.0, 50.0, 75.0, 100.0, 200.0, 350.0, 500.0);
  static final List<Double> DEFAULT_LIMIT_RATES =
      List.of(2000.0, 4000.0, 6000.0, 8000.0, 10000.0, 12000.0, 15000.0, 20000.0);

  /** The options every sweep of this package takes; each experiment adds its own. */
  static final Set<String> SWEEP_OPTIONS =
      Set.of(
          "request",
          "out",
          "rates",
          "reps",
          "warmup",
          "measure",
          "pause-ms",
          "connect-timeout-ms",
          "response-timeout-ms",
          "server-warmup",
          ServerWarmup.REQUESTERS_OPTION,
          "server-jvm-opt",
          Servers.CPUS_OPTION);

  private static final Set<String> OPTIONS =
      sweepOptionsAnd("jar", "url", "header", "requesters", "keep-alive");

  /** {@link #SWEEP_OPTIONS} and {@code extra}. */
  static Set<String> sweepOptionsAnd(String... extra) {
    Set<String> options = new HashSet<>(SWEEP_OPTIONS);
    options.addAll(Arrays.asList(extra));
    return Set.copyOf(options);
  }

  /** Every experiment this command line runs, for its usage and errors. */
  static final List<String> EXPERIMENTS =
      List.of(
          "baseline-rate",
          "baseline-requesters",
          "driver-limit",
          "compression-rate",
          "compression-requesters",
          "slow-client",
          "monitoring-rate",
          "monitoring-requesters",
          MonitoringClientExperiment.NAME);

  private Experiments() {}

  public static void main(String[] argv) {
    if (argv.length == 0) {
      System.err.println(
          "usage: Experiments "
              + String.join("|", EXPERIMENTS)
              + " [--option=value ...]"
              + "\n  options: --"
              + String.join(", --", OPTIONS.stream().sorted().toList()));
      System.exit(2);
    }
    String name = argv[0];
    String command0 = "benchmarks/run-experiment.sh " + String.join(" ", argv);
    List<String> rest = Arrays.asList(argv).subList(1, argv.length);
    switch (name) {
      case "compression-rate" -> {
        CompressionExperiments.compressionRate(
            Args.parse(rest, CompressionExperiments.OPTIONS), command0);
        return;
      }
      case "compression-requesters" -> {
        CompressionExperiments.compressionRequesters(
            Args.parse(rest, CompressionExperiments.OPTIONS), command0);
        return;
      }
      case "monitoring-rate" -> {
        MonitoringExperiments.monitoringRate(
            Args.parse(rest, MonitoringExperiments.OPTIONS), command0);
        return;
      }
      case "monitoring-requesters" -> {
        MonitoringExperiments.monitoringRequesters(
            Args.parse(rest, MonitoringExperiments.OPTIONS), command0);
        return;
      }
      case MonitoringClientExperiment.NAME -> {
        MonitoringClientExperiment.run(
            Args.parse(rest, MonitoringClientExperiment.OPTIONS), command0);
        return;
      }
      case "slow-client" -> {
        SlowClientExperiment.run(Args.parse(rest, SlowClientExperiment.OPTIONS), command0);
        return;
      }
      default -> {}
    }
    Args args = Args.parse(Arrays.asList(argv).subList(1, argv.length), OPTIONS);
    String command = "benchmarks/run-experiment.sh " + String.join(" ", argv);
    switch (name) {
      case "baseline-rate" -> baselineRate(args, command);
      case "baseline-requesters" -> baselineRequesters(args, command);
      case "driver-limit" -> driverLimit(args, command);
      default -> {
        System.err.println(
            "unknown experiment: '"
                + name
                + "' (expected: one of "
                + String.join(", ", EXPERIMENTS)
                + ")");
        System.exit(2);
      }
    }
  }

  private static void baselineRate(Args args, String command) {
    String name = "baseline-rate";
    DriverOptions options = options(args, 5_000);
    OpenLoopDriver driver = OpenLoopDriver.create(options);
    List<Double> rates = args.numbers("rates", DEFAULT_RATES);
    withBookstore(
        args,
        (url, serverNote) -> {
          Path requestFile = requestFile(args);
          RequestSource lite = RequestSource.of(request(args, url, requestFile));
          List<Variant> variants = List.of(new Variant(variantName(requestFile), lite));
          ServerWarmup.run(name, args, options, variants);
          Sweep sweep =
              sweep(name, args, rates, variants)
                  .runner((v, x, w, m) -> withDriverCpu(() -> driver.run(v.source(), x, w, m)))
                  .build();
          List<PointResult> results = sweep.run();
          write(
              args,
              name,
              "Bookstore throughput and response time against offered rate",
              "Open loop in the manner of the paper's `sclient` (Figures 51-52 of"
                  + " `000_49aae6b7688bc2eb.txt`): the driver offers a fixed rate whatever the"
                  + " server's state, one connection per request, and aborts connects that take"
                  + " longer than the connect timeout. Throughput counts successful responses per"
                  + " second; response times are those of successful requests from their intended"
                  + " send time.",
              "offered rate (req/s)",
              settings(args, options, requestFile, url, serverNote, command, "rates " + rates),
              results);
        });
  }

  private static void baselineRequesters(Args args, String command) {
    String name = "baseline-requesters";
    DriverOptions options = options(args, 30_000);
    ClosedLoopDriver driver = ClosedLoopDriver.create(options);
    List<Double> requesters = args.numbers("requesters", GRID5000_REQUESTERS);
    withBookstore(
        args,
        (url, serverNote) -> {
          Path requestFile = requestFile(args);
          RequestSource lite = RequestSource.of(request(args, url, requestFile));
          List<Variant> variants = List.of(new Variant(variantName(requestFile), lite));
          ServerWarmup.run(name, args, options, variants);
          Sweep sweep =
              sweep(name, args, requesters, variants)
                  .runner(
                      (v, x, w, m) -> withDriverCpu(() -> driver.run(v.source(), (int) x, w, m)))
                  .build();
          List<PointResult> results = sweep.run();
          write(
              args,
              name,
              "Bookstore under N back-to-back requesters (Tables 2 and 3 of the Grid5000 paper)",
              "Closed loop as in `001_09b853a5d60af789.txt`: N requesters each send their next"
                  + " request as soon as the previous one ended, for the measured duration."
                  + " Requests, successes, failures by cause, throughput and the response-time"
                  + " distribution in Table 3's one-second buckets, per requester count. Response"
                  + " times run from each request's send.",
              "requesters",
              settings(
                  args, options, requestFile, url, serverNote, command, "requesters " + requesters),
              results);
        });
  }

  private static void driverLimit(Args args, String command) {
    String name = "driver-limit";
    DriverOptions options = options(args, 5_000);
    OpenLoopDriver driver = OpenLoopDriver.create(options);
    List<Double> rates = args.numbers("rates", DEFAULT_LIMIT_RATES);
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    byte[] ok = "ok".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    server.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          exchange.sendResponseHeaders(200, ok.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(ok);
          }
        });
    server.setExecutor(Executors.newSingleThreadExecutor());
    server.start();
    try {
      URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/trivial");
      RequestSource trivial =
          RequestSource.of(
              HttpRequest.post(url, new byte[] {'x'}).header("Content-Type", "text/plain").build());
      driver.run(trivial, 2000, Duration.ZERO, args.seconds("server-warmup", 5));
      Sweep sweep =
          sweep(name, args, rates, List.of(new Variant("trivial", trivial)))
              .runner((v, x, w, m) -> withDriverCpu(() -> driver.run(v.source(), x, w, m)))
              .build();
      List<PointResult> results = sweep.run();
      write(
          args,
          name,
          "The driver's own limit against a trivial endpoint",
          "The open-loop driver against an in-process JDK `HttpServer` answering `200 ok` from"
              + " one thread, one connection per request. The driver keeps up while offered/s"
              + " equals the target rate and latency stays flat; beyond that either the driver"
              + " or this trivial server (which shares the machine's two cores with it) is the"
              + " bottleneck.",
          "offered rate (req/s)",
          List.of(
              "endpoint: JDK HttpServer, one handler thread, in the driver's JVM",
              "request: POST of 1 byte, Connection: close",
              "warm-up "
                  + args.seconds("warmup", 2).toMillis()
                  + " ms, measured "
                  + args.seconds("measure", 8).toMillis()
                  + " ms, "
                  + args.integer("reps", 3)
                  + " repetition(s)",
              "connect timeout "
                  + options.connectTimeout().toMillis()
                  + " ms, response timeout "
                  + options.responseTimeout().toMillis()
                  + " ms",
              "rates " + rates,
              "command: `" + command + "`"),
          results);
    } finally {
      server.stop(0);
      ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
  }

  /**
   * Runs {@code run} and prints the CPU time this JVM (the driver's; the bookstore runs in its own)
   * spent per request sent, warm-up included: the driver's own cost, to compare with the server's.
   */
  private static RunResult withDriverCpu(Supplier<RunResult> run) {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpuBefore = os.getProcessCpuTime();
    long wallBefore = System.nanoTime();
    RunResult result = run.get();
    long cpu = os.getProcessCpuTime() - cpuBefore;
    long wall = System.nanoTime() - wallBefore;
    double sent = result.offeredPerSecond() * wall / 1e9;
    System.err.printf(
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

  @FunctionalInterface
  private interface ServerUse {
    void run(URI url, String serverNote);
  }

  private static void withBookstore(Args args, ServerUse use) {
    if (args.has("url")) {
      use.run(URI.create(args.string("url", null)), "an already running server at the given URL");
      return;
    }
    Path jar = Path.of(args.string("jar", "examples/bookstore/target/bookstore.jar"));
    List<String> jvmOptions = args.all("server-jvm-opt");
    try (BookstoreProcess bookstore = BookstoreProcess.start(jar, jvmOptions)) {
      System.err.printf("bookstore pid %d at %s%n", bookstore.pid(), bookstore.address());
      use.run(
          bookstore.address(),
          "`java "
              + String.join(" ", jvmOptions)
              + (jvmOptions.isEmpty() ? "" : " ")
              + "-jar "
              + jar
              + " --port 0` in its own JVM");
    }
  }

  private static DriverOptions options(Args args, long defaultResponseTimeoutMillis) {
    return DriverOptions.builder()
        .connectTimeout(
            args.millis("connect-timeout-ms", DriverOptions.DEFAULT_CONNECT_TIMEOUT_MILLIS))
        .responseTimeout(args.millis("response-timeout-ms", defaultResponseTimeoutMillis))
        .build();
  }

  private static Sweep.Builder sweep(
      String name, Args args, List<Double> points, List<Variant> variants) {
    return timing(args).sweep(name).points(points).variants(variants);
  }

  /** The baseline experiments' run timing: 3 repetitions of 2 s + 8 s. */
  private static RunTiming timing(Args args) {
    return RunTiming.of(args, 3, 2, 8);
  }

  /** The Markdown table of each variant's peak and its ratio to {@code baseline}'s. */
  static String peakTable(Map<String, Double> peaks, String baseline) {
    StringBuilder md = new StringBuilder("| variant | peak req/s | ratio to ");
    md.append(baseline).append(" |\n| --- | --- | --- |\n");
    Double base = peaks.get(baseline);
    peaks.forEach(
        (variant, peak) ->
            md.append(
                String.format(
                    Locale.ROOT,
                    "| %s | %.0f | %s |%n",
                    variant,
                    peak,
                    base == null ? "-" : String.format(Locale.ROOT, "%.3f", peak / base))));
    return md.toString();
  }

  /** The settings line of the driver's timeouts. */
  static String timeouts(DriverOptions options) {
    return "connect timeout "
        + options.connectTimeout().toMillis()
        + " ms, response timeout "
        + options.responseTimeout().toMillis()
        + " ms";
  }

  private static Path requestFile(Args args) {
    return Path.of(args.string("request", "examples/bookstore/requests/lite-1.xml"));
  }

  private static String variantName(Path requestFile) {
    String file = requestFile.getFileName().toString();
    return file.endsWith(".xml") ? file.substring(0, file.length() - 4) : file;
  }

  private static HttpRequest request(Args args, URI url, Path requestFile) {
    byte[] body;
    try {
      body = Files.readAllBytes(requestFile);
    } catch (IOException e) {
      throw new UncheckedIOException("request: " + requestFile, e);
    }
    HttpRequest.Builder builder =
        HttpRequest.post(url, body)
            .header("Content-Type", "text/xml; charset=UTF-8")
            .header("SOAPAction", "\"\"")
            .keepAlive(Boolean.parseBoolean(args.string("keep-alive", "false")));
    for (String header : args.all("header")) {
      int colon = header.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException("--header: '" + header + "' (expected: Name:value)");
      }
      builder.header(header.substring(0, colon).trim(), header.substring(colon + 1).trim());
    }
    return builder.build();
  }

  private static List<String> settings(
      Args args,
      DriverOptions options,
      Path requestFile,
      URI url,
      String serverNote,
      String command,
      String points) {
    List<String> lines = new ArrayList<>();
    lines.add("server: " + serverNote + ", " + url);
    lines.add(
        "request: POST of `"
            + requestFile
            + "`, Content-Type text/xml, "
            + (Boolean.parseBoolean(args.string("keep-alive", "false"))
                ? "keep-alive"
                : "one connection per request"));
    lines.add(points);
    lines.add(timing(args).describe(args, false));
    lines.add(Experiments.timeouts(options));
    lines.add("command: `" + command + "`");
    return lines;
  }

  /**
   * Writes results.csv, report.md and the plots to {@code --out} (default {@code
   * benchmarks/results/NAME}), the points named {@code xName}; returns the directory.
   */
  static Path write(
      Args args,
      String name,
      String title,
      String description,
      String xName,
      List<String> settings,
      List<PointResult> results) {
    Path out = Path.of(args.string("out", "benchmarks/results/" + name));
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String xColumn = xName.startsWith("offered") ? "rate" : "requesters";
    CsvWriter.write(out.resolve("results.csv"), xColumn, results);
    new MarkdownReport(
            title, description, xName, settings, MachineInfo.current(CORE_WAKE_CONVENTION))
        .write(out.resolve("report.md"), results);
    Plots.write(out, name, xName, results);
    System.err.println("wrote " + out.toAbsolutePath());
    return out;
  }

  /** Each variant's peak: its highest mean throughput (over repetitions) at any point. */
  static Map<String, Double> peaks(List<PointResult> results) {
    Map<String, Map<Double, double[]>> sums = new LinkedHashMap<>();
    for (PointResult r : results) {
      double[] s =
          sums.computeIfAbsent(r.variant(), k -> new LinkedHashMap<>())
              .computeIfAbsent(r.x(), k -> new double[2]);
      s[0] += r.throughputPerSecond();
      s[1]++;
    }
    Map<String, Double> peaks = new LinkedHashMap<>();
    sums.forEach(
        (variant, byX) ->
            peaks.put(
                variant,
                byX.values().stream().mapToDouble(s -> s[0] / s[1]).max().orElse(Double.NaN)));
    return peaks;
  }
}
