package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.monitor.Outcome;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToDoubleFunction;

/**
 * Admission control past saturation (issue 41): the bookstore with and without {@code --admission},
 * each in its own JVM pinned as {@code --server-cpus} says, under an open loop at multiples of its
 * capacity (measured first by a closed loop on the server without the feature), one connection per
 * request and kept alive; then a class mix at twice the capacity, and the CPU per request at low
 * load. Every figure is the median of the repetitions with its range.
 */
final class OverloadExperiment implements Experiment {

  static final Option<List<Double>> LOADS =
      Run.numbers(
          "loads",
          List.of(0.25, 1.0, 1.5, 2.0, 3.0),
          "offered rates as multiples of the capacity; the first is the unloaded point");
  static final Option<Double> CAPACITY =
      Option.of(
          "capacity",
          "REQ_PER_S",
          (Double) null,
          "the capacity in req/s for every connection mode (default: measured)",
          Double::valueOf);
  static final Option<Integer> CAPACITY_REQUESTERS =
      Option.integer(
          "capacity-requesters", 32, 1, 1000, "closed-loop requesters measuring the capacity");
  static final Option<String> ADMISSION_OPT =
      Option.string(
              "admission-opt",
              null,
              "a bookstore option for the server with the feature, e.g. --admission-tolerance=3")
          .repeatable();
  static final Option<Double> MIX_EXPEDITED =
      Option.of(
          "mix-expedited",
          "FRACTION",
          0.5,
          "the mix's expedited rate as a fraction of the capacity; best effort fills it to 2x",
          Double::valueOf);

  static final Option<Integer> FIXED_LIMIT =
      Option.integer(
          "fixed-limit",
          8,
          0,
          100_000,
          "also run admission-fixed, the feature with this fixed limit instead of the gradient"
              + " (0: not run)");

  private List<String> variants = List.of("plain", "admission");

  @Override
  public String name() {
    return "overload";
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(
            LOADS,
            CAPACITY,
            CAPACITY_REQUESTERS,
            MIX_EXPEDITED,
            ADMISSION_OPT,
            FIXED_LIMIT,
            Connections.OPTION,
            Run.REQUEST),
        Run.driverSweep(5, 2, 5, 5_000),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    int servers = options.get(FIXED_LIMIT) > 0 ? 3 : 2;
    int modes = options.get(Connections.OPTION).keepAlive().size();
    RunTiming timing = RunTiming.of(options);
    // The capacity, unless given: three closed-loop runs per connection mode, no pause between.
    Duration capacity =
        options.isSet(CAPACITY)
            ? Duration.ZERO
            : timing
                .warmup()
                .plus(timing.measure())
                .plus(Estimates.RUN_OVERHEAD)
                .multipliedBy(3L * modes);
    return Estimates.jvmStarts(servers)
        .plus(Estimates.serverWarmups(options, servers))
        .plus(capacity)
        .plus(Estimates.sweep(options, options.get(LOADS).size() * modes, servers))
        // The mix: expedited alone, then with best effort, on each server.
        .plus(Estimates.sweep(options, 2, servers))
        .plus(Estimates.OWN_START_AND_REPORT);
  }

  /** One measured run. */
  record Row(
      String mode,
      String variant,
      String part,
      double load,
      int rep,
      double offered,
      double goodput,
      double p99Millis,
      double refusedPerSecond,
      double otherFailedPerSecond,
      double cpuMicrosPerResponse) {}

  @Override
  public void run(Run run) throws Exception {
    List<Double> loads = run.get(LOADS);
    Connections connections = run.get(Connections.OPTION);
    int fixed = run.get(FIXED_LIMIT);
    variants =
        fixed > 0
            ? List.of("plain", "admission", "admission-fixed")
            : List.of("plain", "admission");
    byte[] envelope = Run.read(run.get(Run.REQUEST));
    Servers servers =
        run.servers(
            variants,
            v ->
                switch (v) {
                  case "admission" -> admissionArgs(run);
                  case "admission-fixed" ->
                      List.of(
                          "--admission",
                          "--admission-entitlement",
                          "expedited",
                          "--admission-min-limit=" + fixed,
                          "--admission-max-limit=" + fixed);
                  default -> List.of();
                });
    List<Variant> warm = new ArrayList<>();
    for (String v : variants) {
      warm.add(new Variant(v, source(servers.address(v), envelope, false)));
    }
    ServerWarmup.run(name(), run.options(), run.driverOptions(), warm, run.progress());
    RunTiming timing = run.timing();
    List<Row> rows = new ArrayList<>();
    Map<String, Double> capacities = new LinkedHashMap<>();
    for (boolean keepAlive : connections.keepAlive()) {
      String mode = keepAlive ? "kept-alive" : "per-request";
      double capacity = capacity(run, servers, envelope, keepAlive);
      capacities.put(mode, capacity);
      run.progress().printf(Locale.ROOT, "capacity (%s): %.0f req/s%n", mode, capacity);
      List<Variant> sides = new ArrayList<>();
      for (String v : variants) {
        sides.add(new Variant(v, source(servers.address(v), envelope, keepAlive)));
      }
      List<RunWindow> windows = new ArrayList<>();
      PointRunner open =
          RunWindow.windowed(
              windows, run.driver(false), v -> servers.pid(v.name()), run.progress());
      List<RunResult> results =
          Sweep.interleave(
              loads,
              timing.repetitions(),
              sides,
              false,
              (load, p, rep, variant) -> {
                RunResult r = open.run(variant, load * capacity, timing.warmup(), timing.measure());
                pause(timing);
                return r;
              });
      for (int i = 0; i < results.size(); i++) {
        RunWindow w = windows.get(i);
        rows.add(
            row(mode, w.variant(), "load", w.x() / capacity, w.repetition(), results.get(i), w));
      }
    }
    double capacity = capacities.values().iterator().next();
    rows.addAll(mix(run, servers, envelope, capacity));
    write(run, servers, rows, capacities, loads);
  }

  private static List<String> admissionArgs(Run run) {
    List<String> args =
        new ArrayList<>(List.of("--admission", "--admission-entitlement", "expedited"));
    if (run.options().isSet(ADMISSION_OPT)) {
      args.addAll(run.options().all(ADMISSION_OPT));
    }
    return args;
  }

  private static void pause(RunTiming timing) {
    try {
      Thread.sleep(timing.pause().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static RequestSource source(URI url, byte[] body, boolean keepAlive) {
    return RequestSource.of(Variant.soapPost(url, body).keepAlive(keepAlive).build());
  }

  private static double capacity(Run run, Servers servers, byte[] envelope, boolean keepAlive) {
    if (run.options().isSet(CAPACITY)) {
      return run.get(CAPACITY);
    }
    PointRunner closed = run.driver(true);
    Variant plain = new Variant("plain", source(servers.address("plain"), envelope, keepAlive));
    List<Double> throughputs = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      RunResult r =
          closed.run(
              plain, run.get(CAPACITY_REQUESTERS), run.timing().warmup(), run.timing().measure());
      throughputs.add(r.throughputPerSecond());
    }
    return Summary.of(throughputs, Double::doubleValue).median();
  }

  private static Row row(
      String mode, String variant, String part, double load, int rep, RunResult r, RunWindow w) {
    double seconds = r.window().toNanos() / 1e9;
    // The feature's refusals: 503 with Retry-After, which the driver counts as busy.
    long refused = r.count(Outcome.BUSY);
    return new Row(
        mode,
        variant,
        part,
        load,
        rep,
        r.offeredPerSecond(),
        r.throughputPerSecond(),
        r.succeeded() == 0 ? Double.NaN : r.latencyPercentileMillis(99),
        refused / seconds,
        (r.failed() - refused) / seconds,
        w == null || w.responses() == 0 ? Double.NaN : w.withoutJitNanos() / 1e3 / w.responses());
  }

  /**
   * Expedited alone at {@link #MIX_EXPEDITED} of the capacity, then with best effort filling the
   * offered load to twice the capacity, on each server, one connection per request.
   */
  private List<Row> mix(Run run, Servers servers, byte[] envelope, double capacity) {
    byte[] expedited =
        QosEnvelopes.withRequirement(
            envelope, CompressionPreference.NONE, TransportPriority.EXPEDITED);
    byte[] bestEffort =
        QosEnvelopes.withRequirement(
            envelope, CompressionPreference.NONE, TransportPriority.BEST_EFFORT);
    double exRate = run.get(MIX_EXPEDITED) * capacity;
    double beRate = 2 * capacity - exRate;
    RunTiming timing = run.timing();
    DriverOptions options = run.driverOptions();
    List<Row> rows = new ArrayList<>();
    Sweep.interleave(
        List.of("alone", "mixed"),
        timing.repetitions(),
        variants,
        false,
        (part, p, rep, variant) -> {
          URI url = servers.address(variant);
          CompletableFuture<RunResult> be =
              part.equals("mixed")
                  ? CompletableFuture.supplyAsync(
                      () ->
                          OpenLoopDriver.create(options)
                              .run(
                                  source(url, bestEffort, false),
                                  beRate,
                                  timing.warmup(),
                                  timing.measure()))
                  : CompletableFuture.completedFuture(null);
          RunResult ex =
              OpenLoopDriver.create(options)
                  .run(source(url, expedited, false), exRate, timing.warmup(), timing.measure());
          rows.add(row("per-request", variant, "mix-" + part + "-expedited", 2, rep, ex, null));
          if (be.join() != null) {
            rows.add(row("per-request", variant, "mix-mixed-best-effort", 2, rep, be.join(), null));
          }
          run.progress()
              .printf(
                  Locale.ROOT,
                  "[mix] %s %s rep %d: expedited %.0f/s p99 %.1f ms%n",
                  variant,
                  part,
                  rep,
                  ex.throughputPerSecond(),
                  ex.latencyPercentileMillis(99));
          pause(timing);
          return null;
        });
    return rows;
  }

  private void write(
      Run run,
      Servers servers,
      List<Row> rows,
      Map<String, Double> capacities,
      List<Double> loads) {
    Table csv =
        Table.of(
            "mode",
            "variant",
            "part",
            "load",
            "rep",
            "offered_per_s",
            "goodput_per_s",
            "p99_ms",
            "refused_per_s",
            "other_failed_per_s",
            "server_cpu_us_per_response");
    for (Row r : rows) {
      csv.row(
          r.mode(),
          r.variant(),
          r.part(),
          Table.fixed(r.load(), 2),
          r.rep(),
          Table.fixed(r.offered(), 1),
          Table.fixed(r.goodput(), 1),
          Table.fixed(r.p99Millis(), 2),
          Table.fixed(r.refusedPerSecond(), 1),
          Table.fixed(r.otherFailedPerSecond(), 1),
          Table.fixed(r.cpuMicrosPerResponse(), 1));
    }
    csv.writeCsv(run.out().resolve("results.csv"));
    List<String> sections = new ArrayList<>();
    for (Map.Entry<String, Double> mode : capacities.entrySet()) {
      sections.add(loadSection(rows, mode.getKey(), mode.getValue(), loads));
      sections.add(cpuSection(rows, mode.getKey(), loads.get(0)));
    }
    sections.add(mixSection(rows));
    List<String> settings =
        List.of(
            "servers: the bookstore (`BookstoreServer --port=0`), without and with `"
                + String.join(" ", admissionArgs(run))
                + "`"
                + (run.get(FIXED_LIMIT) > 0
                    ? ", and with the feature at a fixed limit of " + run.get(FIXED_LIMIT)
                    : "")
                + ", each in its own JVM ("
                + servers.launch()
                + ")",
            "capacity: "
                + (run.options().isSet(CAPACITY)
                    ? "given"
                    : "median of 3 closed-loop runs of "
                        + run.get(CAPACITY_REQUESTERS)
                        + " requesters on the server without the feature")
                + ", "
                + capacities,
            "timing: " + run.timing().describe(run.options(), true),
            "timeouts: " + run.describeTimeouts());
    Report report = run.report("Admission control past saturation (issue 41)", summary(), settings);
    report.add(sections).write(run.out().resolve("report.md"));
    run.progress().println("wrote " + run.out().toAbsolutePath());
  }

  private static List<Row> select(
      List<Row> rows, String mode, String variant, String part, double load) {
    return rows.stream()
        .filter(
            r ->
                r.mode().equals(mode)
                    && r.variant().equals(variant)
                    && r.part().equals(part)
                    && Math.abs(r.load() - load) < 1e-6)
        .toList();
  }

  private static String cell(List<Row> rows, ToDoubleFunction<Row> value, int decimals) {
    List<Row> finite = rows.stream().filter(r -> Double.isFinite(value.applyAsDouble(r))).toList();
    return finite.isEmpty() ? "-" : Summary.of(finite, value).medianRange(decimals);
  }

  private String loadSection(List<Row> rows, String mode, double capacity, List<Double> loads) {
    Table table =
        Table.of(
            "load",
            "variant",
            "offered/s",
            "goodput/s",
            "goodput / capacity",
            "p99 of admitted (ms)",
            "refused/s",
            "other failures/s");
    for (double load : loads) {
      for (String variant : variants) {
        List<Row> at = select(rows, mode, variant, "load", load);
        table.row(
            Table.fixed(load, 2) + "x",
            variant,
            cell(at, Row::offered, 0),
            cell(at, Row::goodput, 0),
            cell(at, r -> r.goodput() / capacity, 2),
            cell(at, Row::p99Millis, 1),
            cell(at, Row::refusedPerSecond, 0),
            cell(at, Row::otherFailedPerSecond, 0));
      }
    }
    return Report.section(
        "Load, " + mode + String.format(Locale.ROOT, " (capacity %.0f req/s)", capacity),
        "Median [min, max] over the repetitions. Refused: HTTP 503 with Retry-After (the feature's refusals);"
            + " other failures: timeouts, resets, refused connections.",
        table);
  }

  private static String cpuSection(List<Row> rows, String mode, double lowLoad) {
    List<Row> plain = select(rows, mode, "plain", "load", lowLoad);
    List<Row> admission = select(rows, mode, "admission", "load", lowLoad);
    List<Double> ratios = new ArrayList<>();
    for (Row a : admission) {
      plain.stream()
          .filter(p -> p.rep() == a.rep() && Double.isFinite(p.cpuMicrosPerResponse()))
          .findFirst()
          .ifPresent(p -> ratios.add(a.cpuMicrosPerResponse() / p.cpuMicrosPerResponse()));
    }
    Table table =
        Table.of("variant", "server CPU per response (us)", "ratio to plain, paired by repetition");
    table.row("plain", cell(plain, Row::cpuMicrosPerResponse, 1), "1");
    table.row(
        "admission",
        cell(admission, Row::cpuMicrosPerResponse, 1),
        ratios.isEmpty() ? "-" : Summary.of(ratios, Double::doubleValue).medianRange(3));
    return Report.section(
        "CPU of the admission path, " + mode + ", at " + Table.fixed(lowLoad, 2) + "x",
        "The server JVM's CPU (all threads but the JIT's) over the measured window, per response;"
            + " goal: the ratio under 1.02.",
        table);
  }

  private String mixSection(List<Row> rows) {
    Table table =
        Table.of(
            "variant",
            "class",
            "run",
            "offered/s",
            "goodput/s",
            "p99 (ms)",
            "refused/s",
            "other failures/s");
    for (String variant : variants) {
      for (String part :
          List.of("mix-alone-expedited", "mix-mixed-expedited", "mix-mixed-best-effort")) {
        List<Row> at = select(rows, "per-request", variant, part, 2);
        table.row(
            variant,
            part.endsWith("best-effort") ? "best effort" : "expedited",
            part.contains("alone") ? "expedited alone" : "with best effort (2x in all)",
            cell(at, Row::offered, 0),
            cell(at, Row::goodput, 0),
            cell(at, Row::p99Millis, 1),
            cell(at, Row::refusedPerSecond, 0),
            cell(at, Row::otherFailedPerSecond, 0));
      }
    }
    return Report.section(
        "Class mix at 2x, one connection per request",
        "Expedited alone, then the same expedited rate with best effort filling the offered load"
            + " to twice the capacity; goal: expedited goodput mixed >= 0.95 of alone, with the"
            + " feature.",
        table);
  }
}
