package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.ClosedLoopDriver;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.report.MachineInfo;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Results;
import io.wsqos.benchmarks.report.SweepReport;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One run of an {@link Experiment}, and the runner that owns its lifecycle: it reads the options,
 * gives the experiment its servers (stopped at the end, also on failure and on Ctrl-C), warms them
 * up, runs the interleaved sweep, and writes what the experiment reports into {@code --out} (CSV,
 * Markdown, PNG) through {@link Table}, {@link Report} and {@link Plot}.
 */
public final class Run implements AutoCloseable {

  /** How idle cores were treated, written into every report's machine section. */
  static final String CORE_WAKE_CONVENTION = Template.text("reports/core-wake.md");

  /** The heap and collector of every server and client JVM, the same for each variant. */
  static final List<String> JVM_OPTIONS = List.of("-Xms256m", "-Xmx256m", "-XX:+UseParallelGC");

  /** The numbers of requesters of the Grid5000 paper's Tables 2 and 3. */
  static final List<Double> GRID5000_REQUESTERS =
      List.of(1.0, 3.0, 5.0, 10.0, 25.0, 50.0, 75.0, 100.0, 200.0, 350.0, 500.0);

  static final Option<Path> OUT =
      path("out", null, "where the results go (default: benchmarks/results/NAME)");
  static final Option<Path> REQUEST =
      path("request", "examples/bookstore/requests/lite-1.xml", "the SOAP request each call posts");
  static final Option<Duration> CONNECT_TIMEOUT =
      millis(
          "connect-timeout-ms",
          DriverOptions.DEFAULT_CONNECT_TIMEOUT_MILLIS,
          "the driver gives up a connect after this long");
  static final Option<Integer> REPS =
      Option.integer("reps", 2, 1, 1000, "repetitions of every point");
  static final Option<Duration> WARMUP = seconds("warmup", 1, "the start of each run, not counted");
  static final Option<Duration> MEASURE = seconds("measure", 5, "the counted part of each run");
  static final Option<Duration> PAUSE =
      millis("pause-ms", Sweep.DEFAULT_PAUSE_MILLIS, "pause between two runs");
  static final Option<String> SERVER_JVM_OPT =
      Option.string(
              "server-jvm-opt",
              null,
              "a server JVM option (replaces the defaults: " + String.join(" ", JVM_OPTIONS) + ")")
          .repeatable();

  private final Experiment experiment;
  private final OptionValues options;
  private final String command;
  private final PrintStream progress;
  private final Deque<AutoCloseable> resources = new ArrayDeque<>();
  private final String loadBefore = loadAverage();

  private Run(Experiment experiment, OptionValues options, String command, PrintStream progress) {
    this.experiment = experiment;
    this.options = options;
    this.command = command;
    this.progress = progress;
  }

  /**
   * Runs {@code experiment} with {@code argv}; prints the usage instead for {@code --help}.
   *
   * @throws IllegalArgumentException for an option it does not take or a bad value, before anything
   *     starts
   */
  public static void execute(Experiment experiment, List<String> argv, PrintStream progress)
      throws Exception {
    Options declared = declared(experiment);
    Arguments arguments = declared.parse(argv.toArray(String[]::new));
    if (arguments.helpRequested()) {
      progress.print(declared.usage());
      return;
    }
    OptionValues options = new OptionValues(declared, arguments);
    String command =
        "benchmarks/run-experiment.sh " + experiment.name() + " " + String.join(" ", argv);
    try (Run run = new Run(experiment, options, command.strip(), progress)) {
      Thread hook = new Thread(run::close, "wsqos-experiment-stop");
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        experiment.run(run);
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
          // Already shutting down (Ctrl-C): the hook closes what the run holds.
        }
      }
    }
  }

  /** Every option {@code experiment} takes: its own, then {@code --out}. */
  static Options declared(Experiment experiment) {
    List<Option<?>> all = new ArrayList<>(experiment.options());
    all.add(OUT);
    return Options.of(
        "benchmarks/run-experiment.sh " + experiment.name(), experiment.summary(), all);
  }

  /** The timing options with an experiment's defaults. */
  static List<Option<?>> timing(int reps, double warmupSeconds, double measureSeconds) {
    return List.of(
        Option.integer(REPS.name(), reps, 1, 1000, REPS.description()),
        seconds(WARMUP.name(), warmupSeconds, WARMUP.description()),
        seconds(MEASURE.name(), measureSeconds, MEASURE.description()),
        PAUSE);
  }

  /**
   * The options of a sweep the load driver makes: its timing and the driver's timeouts, with an
   * experiment's defaults.
   */
  static List<Option<?>> driverSweep(
      int reps, double warmupSeconds, double measureSeconds, long responseTimeoutMillis) {
    return join(
        timing(reps, warmupSeconds, measureSeconds),
        List.of(CONNECT_TIMEOUT, responseTimeout(responseTimeoutMillis)));
  }

  /** A duration whose bare number is in seconds, e.g. {@code 0.5} or {@code 500ms}. */
  static Option<Duration> seconds(String name, double seconds, String description) {
    return Option.duration(
        name, Duration.ofNanos((long) (seconds * 1e9)), ChronoUnit.SECONDS, description);
  }

  /** A duration whose bare number is in milliseconds. */
  static Option<Duration> millis(String name, long millis, String description) {
    return Option.duration(name, Duration.ofMillis(millis), ChronoUnit.MILLIS, description);
  }

  /** Comma-separated numbers, e.g. rates or numbers of requesters. */
  static Option<List<Double>> numbers(String name, List<Double> fallback, String description) {
    return Option.listOf(Option.decimal(name, null, 0, Double.MAX_VALUE, description), fallback);
  }

  /** A file or directory. */
  static Option<Path> path(String name, String fallback, String description) {
    return Option.of(
        name, "PATH", fallback == null ? null : Path.of(fallback), description, Path::of);
  }

  /** The options of each list, in order. */
  static List<Option<?>> join(List<?>... lists) {
    List<Option<?>> all = new ArrayList<>();
    Arrays.stream(lists).forEach(list -> list.forEach(o -> all.add((Option<?>) o)));
    return List.copyOf(all);
  }

  /** The response timeout option with an experiment's default. */
  static Option<Duration> responseTimeout(long millis) {
    return millis("response-timeout-ms", millis, "the driver gives up a response after this long");
  }

  public <T> T get(Option<T> option) {
    return options.get(option);
  }

  OptionValues options() {
    return options;
  }

  public String name() {
    return experiment.name();
  }

  /** The command line that started this run, for the report's settings. */
  public String command() {
    return command;
  }

  public PrintStream progress() {
    return progress;
  }

  /** {@code --out}, or {@code benchmarks/results/NAME}. */
  public Path out() {
    Path out = options.get(OUT);
    return out != null ? out : Path.of("benchmarks", "results", experiment.name());
  }

  /** Holds {@code resource} until the run ends, then closes it (the last held first). */
  public <R extends AutoCloseable> R hold(R resource) {
    synchronized (resources) {
      resources.push(requireNonNull(resource, "resource"));
    }
    return resource;
  }

  /**
   * The driver options: the connect timeout and the experiment's response timeout; the kept-alive
   * pool's size and queue timeout are the driver's defaults.
   */
  public DriverOptions driverOptions() {
    return DriverOptions.builder()
        .connectTimeout(get(CONNECT_TIMEOUT))
        .responseTimeout(get(responseTimeout(0)))
        .build();
  }

  /** Runs a variant's requests at a point: N back-to-back requesters, or an open-loop rate. */
  PointRunner driver(boolean closedLoop) {
    if (closedLoop) {
      ClosedLoopDriver driver = ClosedLoopDriver.create(driverOptions());
      return (v, x, warmup, measure) -> driver.run(v.source(), (int) x, warmup, measure);
    }
    OpenLoopDriver driver = OpenLoopDriver.create(driverOptions());
    return (v, x, warmup, measure) -> driver.run(v.source(), x, warmup, measure);
  }

  /** The settings line of the driver's timeouts and kept-alive pool. */
  public String describeTimeouts() {
    return describeTimeouts(driverOptions());
  }

  /** The settings line of {@code options}' timeouts and kept-alive pool. */
  public static String describeTimeouts(DriverOptions options) {
    return Template.render(
        "reports/timeouts.md",
        Map.of(
            "connect", options.connectTimeout().toMillis(),
            "response", options.responseTimeout().toMillis(),
            "connections", options.maxConnections(),
            "queue", options.queueTimeout().toMillis()));
  }

  /** The bytes of a request file. */
  static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException("request: " + file, e);
    }
  }

  /**
   * Starts a bookstore JVM per distinct token, its launcher's options {@code
   * serverArgs.apply(token)}, held until the run ends.
   */
  Servers servers(List<String> tokens, Function<String, List<String>> serverArgs) {
    return servers(tokens, serverArgs, Servers.BOOKSTORE);
  }

  /** Starts a {@code launch} JVM per distinct token, as {@link #servers(List, Function)}. */
  Servers servers(
      List<String> tokens, Function<String, List<String>> serverArgs, Servers.Launch launch) {
    return servers(tokens, serverArgs, launch, UnaryOperator.identity());
  }

  /**
   * Starts a {@code launch} JVM per distinct token, each command passed through {@code wrap} (e.g.
   * into a network namespace), held until the run ends.
   */
  Servers servers(
      List<String> tokens,
      Function<String, List<String>> serverArgs,
      Servers.Launch launch,
      UnaryOperator<List<String>> wrap) {
    return hold(Servers.start(options, tokens, serverArgs, launch, wrap, progress));
  }

  /** The timing of every run of the sweep, from the options. */
  public RunTiming timing() {
    return RunTiming.of(options);
  }

  /** Warms every variant's server, then runs the sweep interleaved over {@code points}. */
  public List<PointResult> sweep(
      List<Double> points, List<Variant> variants, PointRunner runner, boolean warmUp) {
    if (warmUp) {
      ServerWarmup.run(name(), options, driverOptions(), variants, progress);
    }
    return new Sweep(name(), points, variants, timing(), progress, this::settle).run(runner);
  }

  /**
   * Waits between two runs: the pause, then, if the run holds server JVMs, until they are idle
   * ({@link Servers#settle}), so that no run shares a core with what the one before left queued.
   */
  public void settle() {
    List<Servers> servers =
        resources.stream().filter(Servers.class::isInstance).map(Servers.class::cast).toList();
    Servers.settle(servers, timing().pause(), progress);
  }

  /**
   * Writes the sweep's {@code results.csv}, {@code report.md} (the standard sections, then {@code
   * sections}) and its two plots.
   */
  public void writeSweep(
      String title,
      String xName,
      List<String> settings,
      List<PointResult> results,
      List<String> sections) {
    String xColumn = xName.startsWith("offered") ? "rate" : "requesters";
    SweepReport.csv(xColumn, results).writeCsv(out().resolve("results.csv"));
    SweepReport.plots(out(), name(), xName, results);
    List<String> all = new ArrayList<>(SweepReport.sections(xName, new Results(results)));
    all.addAll(sections);
    writeReport(title, settings, all);
  }

  /**
   * Writes {@code report.md}: a {@link #report} on the experiment's summary with these settings,
   * then {@code sections}; and says where the results went.
   */
  public void writeReport(String title, List<String> settings, List<String> sections) {
    report(title, experiment.summary(), settings).add(sections).write(out().resolve("report.md"));
    progress.println("wrote " + out().toAbsolutePath());
  }

  /**
   * A report on this machine, now, with these settings, then how busy the machine was when the run
   * started and now, and the command line last.
   */
  public Report report(String title, String description, List<String> settings) {
    List<String> all = new ArrayList<>(settings);
    all.add("machine load (/proc/loadavg) before: " + loadBefore + "; after: " + loadAverage());
    all.add("command: `" + command + "`");
    return new Report(title, description, MachineInfo.current(CORE_WAKE_CONVENTION), all);
  }

  /** {@code /proc/loadavg}, to record how busy the shared machine was around a run. */
  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "unavailable (" + e.getMessage() + ")";
    }
  }

  /** Stops every server and process the run holds, the last started first; runs once. */
  @Override
  public void close() {
    while (true) {
      AutoCloseable resource;
      synchronized (resources) {
        resource = resources.poll();
      }
      if (resource == null) {
        return;
      }
      try {
        resource.close();
      } catch (Exception e) {
        progress.println("WARNING: could not stop " + resource + ": " + e);
      }
    }
  }
}
