package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.load.ClosedLoopDriver;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.monitor.Outcome;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;

/**
 * Admission control past saturation (issue 41): the bookstore with and without {@code --admission},
 * each in its own JVM pinned as {@code --server-cpus} says, under an open loop at multiples of its
 * capacity (the open-loop peak of the server without the feature, measured first), one connection
 * per request and kept alive; in each mode a class mix at twice the capacity; the CPU per request
 * at low load; and what a refusal costs beside a served request, which bounds the goodput any
 * refusal can keep on one core. Every figure is the median of the repetitions with its range.
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
          "capacity-requesters",
          32,
          1,
          1000,
          "closed-loop requesters whose throughput starts the open-loop ramp to the capacity");
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
          0,
          0,
          100_000,
          "also run admission-fixed, the feature with this fixed limit instead of the gradient"
              + " (0: not run)");

  static final Option<String> OTHER_ADMISSION_OPT =
      Option.string(
              "other-admission-opt",
              null,
              "also run admission-other, the feature with this bookstore option besides the"
                  + " others, e.g. --admission-standing-target-ms=1000 (the run before the bound)")
          .repeatable();

  static final Option<Integer> CPU_COST_US =
      Option.integer(
          "cpu-cost-us",
          0,
          0,
          1_000_000,
          "the bookstore's CPU per call on every server (its --cpu-cost-us): 0 is the bookstore"
              + " as it is; more is a service with work of its own, beside which a refusal is"
              + " cheap");

  static final Option<Integer> KEEP_ALIVE_CONNECTIONS =
      Option.integer(
          "keep-alive-connections",
          256,
          1,
          10_000,
          "the driver's kept-alive connections per server at most: more than the feature's"
              + " limit and queue, so that the server, not the driver's pool, holds the excess");

  /** Each step of the ramp to the capacity offers this much more than the one before. */
  private static final double RAMP_STEP = 1.2;

  /** The ramp stops when a step serves less than this share of what it offered. */
  private static final double RAMP_SATURATED = 0.95;

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
            OTHER_ADMISSION_OPT,
            CPU_COST_US,
            KEEP_ALIVE_CONNECTIONS,
            Connections.OPTION,
            Run.REQUEST),
        Run.driverSweep(5, 2, 5, 5_000),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    int servers =
        2 + (options.get(FIXED_LIMIT) > 0 ? 1 : 0) + (options.isSet(OTHER_ADMISSION_OPT) ? 1 : 0);
    int modes = options.get(Connections.OPTION).keepAlive().size();
    RunTiming timing = RunTiming.of(options);
    // The capacity, unless given: a closed-loop run, a ramp of about five open-loop steps and
    // three runs at the best, per connection mode.
    Duration capacity =
        options.isSet(CAPACITY)
            ? Duration.ZERO
            : timing
                .warmup()
                .plus(timing.measure())
                .plus(Estimates.RUN_OVERHEAD)
                .plus(timing.pause())
                .multipliedBy(9L * modes);
    return Estimates.serverSweep(options, servers, options.get(LOADS).size() * modes, servers)
        .plus(capacity)
        // The mix in each mode: expedited alone, then with best effort, on each server.
        .plus(Estimates.sweep(options, 2 * modes, servers))
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
      double cpuMicrosPerResponse,
      double cpuMicrosPerSecond,
      double jitMicrosPerSecond) {}

  @Override
  public void run(Run run) throws Exception {
    List<Double> loads = run.get(LOADS);
    Connections connections = run.get(Connections.OPTION);
    int fixed = run.get(FIXED_LIMIT);
    List<String> all = new ArrayList<>(List.of("plain", "admission"));
    if (fixed > 0) {
      all.add("admission-fixed");
    }
    if (run.options().isSet(OTHER_ADMISSION_OPT)) {
      all.add("admission-other");
    }
    variants = List.copyOf(all);
    byte[] envelope = Run.read(run.get(Run.REQUEST));
    Servers servers =
        run.servers(
            variants,
            v -> {
              List<String> args = new ArrayList<>(serverArgs(run));
              switch (v) {
                case "admission" -> args.addAll(admissionArgs(run));
                case "admission-other" -> {
                  args.addAll(admissionArgs(run));
                  args.addAll(run.options().all(OTHER_ADMISSION_OPT));
                }
                case "admission-fixed" ->
                    args.addAll(
                        List.of(
                            "--admission",
                            "--admission-entitlement",
                            "expedited",
                            "--admission-min-limit=" + fixed,
                            "--admission-max-limit=" + fixed));
                default -> {}
              }
              return args;
            });
    ServerWarmup.run(
        name(),
        run.options(),
        run.driverOptions(),
        sides(servers, envelope, false),
        run.progress());
    RunTiming timing = run.timing();
    run.settle();
    DriverOptions driverOptions =
        run.driverOptions().withMaxConnections(run.get(KEEP_ALIVE_CONNECTIONS));
    List<Row> rows = new ArrayList<>();
    Map<String, Double> capacities = new LinkedHashMap<>();
    for (boolean keepAlive : connections.keepAlive()) {
      String mode = keepAlive ? "kept-alive" : "per-request";
      double capacity = capacity(run, servers, envelope, keepAlive, driverOptions);
      capacities.put(mode, capacity);
      run.progress().printf(Locale.ROOT, "capacity (%s): %.0f req/s%n", mode, capacity);
      List<RunWindow> windows = new ArrayList<>();
      OpenLoopDriver driver = OpenLoopDriver.create(driverOptions);
      PointRunner open =
          RunWindow.windowed(
              windows,
              (v, x, warmup, measure) -> driver.run(v.source(), x, warmup, measure),
              v -> servers.pid(v.name()),
              run.progress());
      Sweep.interleave(
          loads,
          timing.repetitions(),
          sides(servers, envelope, keepAlive),
          false,
          (load, p, rep, variant) -> {
            RunResult r = open.run(variant, load * capacity, timing.warmup(), timing.measure());
            run.settle();
            RunWindow w = windows.get(windows.size() - 1);
            return rows.add(row(mode, w.variant(), "load", w.x() / capacity, w.repetition(), r, w));
          });
      rows.addAll(mix(run, servers, envelope, capacity, keepAlive, driverOptions));
    }
    write(run, servers, rows, capacities, loads);
  }

  /** The options of every server: the bookstore's CPU per call, when set. */
  private static List<String> serverArgs(Run run) {
    int cost = run.get(CPU_COST_US);
    return cost > 0 ? List.of("--cpu-cost-us=" + cost) : List.of();
  }

  private static List<String> admissionArgs(Run run) {
    List<String> args =
        new ArrayList<>(List.of("--admission", "--admission-entitlement", "expedited"));
    if (run.options().isSet(ADMISSION_OPT)) {
      args.addAll(run.options().all(ADMISSION_OPT));
    }
    return args;
  }

  /** A variant per server, each posting {@code envelope} to it. */
  private List<Variant> sides(Servers servers, byte[] envelope, boolean keepAlive) {
    return variants.stream()
        .map(v -> new Variant(v, source(servers.address(v), envelope, keepAlive)))
        .toList();
  }

  private static RequestSource source(URI url, byte[] body, boolean keepAlive) {
    return RequestSource.of(Variant.soapPost(url, body).keepAlive(keepAlive).build());
  }

  /**
   * The open-loop peak of the server without the feature: from a closed loop's throughput,
   * open-loop steps {@link #RAMP_STEP} apart until one serves less than {@link #RAMP_SATURATED} of
   * its offer; then three runs at the step that served most, whose median goodput is the capacity.
   * A closed loop is no measure of it: its requesters wait for their answers, so it leaves the
   * server idle between them and finds well under the peak.
   */
  private static double capacity(
      Run run, Servers servers, byte[] envelope, boolean keepAlive, DriverOptions options) {
    if (run.options().isSet(CAPACITY)) {
      return run.get(CAPACITY);
    }
    RunTiming timing = run.timing();
    RequestSource plain = source(servers.address("plain"), envelope, keepAlive);
    double start =
        ClosedLoopDriver.create(options)
            .run(plain, run.get(CAPACITY_REQUESTERS), timing.warmup(), timing.measure())
            .throughputPerSecond();
    run.settle();
    OpenLoopDriver open = OpenLoopDriver.create(options);
    double bestRate = start;
    double best = 0;
    for (double rate = start; rate < 50 * start; rate *= RAMP_STEP) {
      RunResult r = open.run(plain, rate, timing.warmup(), timing.measure());
      run.settle();
      run.progress()
          .printf(
              Locale.ROOT,
              "[capacity] %s: offered %.0f/s, served %.0f/s%n",
              keepAlive ? "kept-alive" : "per-request",
              rate,
              r.deliveredPerSecond());
      if (r.deliveredPerSecond() > best) {
        best = r.deliveredPerSecond();
        bestRate = rate;
      }
      if (r.deliveredPerSecond() < RAMP_SATURATED * rate) {
        break;
      }
    }
    List<Double> peaks = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      peaks.add(open.run(plain, bestRate, timing.warmup(), timing.measure()).deliveredPerSecond());
      run.settle();
    }
    return Summary.of(peaks, Double::doubleValue).median();
  }

  private static Row row(
      String mode, String variant, String part, double load, int rep, RunResult r, RunWindow w) {
    double seconds = r.window().toNanos() / 1e9;
    // The feature's refusals: 503 with Retry-After, which the driver counts as busy.
    long refused = r.count(Outcome.BUSY);
    boolean cpu = w != null && w.responses() > 0 && !w.cpuNanos().isEmpty();
    return new Row(
        mode,
        variant,
        part,
        load,
        rep,
        r.offeredPerSecond(),
        r.deliveredPerSecond(),
        r.succeeded() == 0 ? Double.NaN : r.latencyPercentileMillis(99),
        refused / seconds,
        (r.failed() - refused) / seconds,
        cpu ? w.withoutJitNanos() / 1e3 / w.responses() : Double.NaN,
        cpu ? w.withoutJitNanos() / 1e3 / seconds : Double.NaN,
        cpu ? w.cpuNanos().getOrDefault(CpuCategory.JIT, 0L) / 1e3 / seconds : Double.NaN);
  }

  /**
   * Expedited alone at {@link #MIX_EXPEDITED} of the capacity, then with best effort filling the
   * offered load to twice the capacity, on each server, in one connection mode.
   */
  private List<Row> mix(
      Run run,
      Servers servers,
      byte[] envelope,
      double capacity,
      boolean keepAlive,
      DriverOptions options) {
    String mode = keepAlive ? "kept-alive" : "per-request";
    byte[] expedited =
        QosEnvelopes.withRequirement(
            envelope, CompressionPreference.NONE, TransportPriority.EXPEDITED);
    byte[] bestEffort =
        QosEnvelopes.withRequirement(
            envelope, CompressionPreference.NONE, TransportPriority.BEST_EFFORT);
    double exRate = run.get(MIX_EXPEDITED) * capacity;
    double beRate = 2 * capacity - exRate;
    RunTiming timing = run.timing();
    List<Row> rows = new ArrayList<>();
    Sweep.interleave(
        List.of("alone", "mixed"),
        timing.repetitions(),
        variants,
        false,
        (part, p, rep, variant) -> {
          URI url = servers.address(variant);
          BiFunction<byte[], Double, RunResult> load =
              (body, rate) ->
                  OpenLoopDriver.create(options)
                      .run(source(url, body, keepAlive), rate, timing.warmup(), timing.measure());
          CompletableFuture<RunResult> be =
              part.equals("mixed")
                  ? CompletableFuture.supplyAsync(() -> load.apply(bestEffort, beRate))
                  : CompletableFuture.completedFuture(null);
          RunResult ex = load.apply(expedited, exRate);
          rows.add(row(mode, variant, "mix-" + part + "-expedited", 2, rep, ex, null));
          if (be.join() != null) {
            rows.add(row(mode, variant, "mix-mixed-best-effort", 2, rep, be.join(), null));
          }
          run.progress()
              .printf(
                  Locale.ROOT,
                  "[mix %s] %s %s rep %d: expedited %.0f/s p99 %.1f ms%n",
                  mode,
                  variant,
                  part,
                  rep,
                  ex.deliveredPerSecond(),
                  ex.latencyPercentileMillis(99));
          run.settle();
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
    Table.of(
            rows,
            column("mode", Row::mode),
            column("variant", Row::variant),
            column("part", Row::part),
            column("load", r -> Table.fixed(r.load(), 2)),
            column("rep", Row::rep),
            column("offered_per_s", r -> Table.fixed(r.offered(), 1)),
            column("goodput_per_s", r -> Table.fixed(r.goodput(), 1)),
            column("p99_ms", r -> Table.fixed(r.p99Millis(), 2)),
            column("refused_per_s", r -> Table.fixed(r.refusedPerSecond(), 1)),
            column("other_failed_per_s", r -> Table.fixed(r.otherFailedPerSecond(), 1)),
            column("server_cpu_us_per_response", r -> Table.fixed(r.cpuMicrosPerResponse(), 1)),
            column("server_cpu_us_per_s", r -> Table.fixed(r.cpuMicrosPerSecond(), 0)),
            column("server_jit_us_per_s", r -> Table.fixed(r.jitMicrosPerSecond(), 0)))
        .writeCsv(run.out().resolve("results.csv"));
    List<String> sections = new ArrayList<>();
    for (Map.Entry<String, Double> mode : capacities.entrySet()) {
      sections.add(loadSection(rows, mode.getKey(), mode.getValue(), loads));
      sections.add(refusalSection(rows, mode.getKey(), mode.getValue(), loads));
      sections.add(cpuSection(rows, mode.getKey(), loads.get(0)));
      sections.add(mixSection(rows, mode.getKey()));
    }
    List<String> settings =
        settings(
            admissionArgs(run),
            run.get(FIXED_LIMIT),
            run.options().isSet(OTHER_ADMISSION_OPT)
                ? run.options().all(OTHER_ADMISSION_OPT)
                : List.of(),
            run.get(CPU_COST_US),
            servers.launch(),
            run.options().isSet(CAPACITY) ? 0 : run.get(CAPACITY_REQUESTERS),
            capacities,
            run.timing().describe(run.options(), true),
            Run.describeTimeouts(
                run.driverOptions().withMaxConnections(run.get(KEEP_ALIVE_CONNECTIONS))));
    run.writeReport("Admission control past saturation (issue 41)", settings, sections);
  }

  /**
   * The report's settings: {@code other} the options of {@code admission-other} (empty: not run),
   * {@code requesters} those whose throughput started the ramp to the capacity (0: the capacity
   * given).
   */
  static List<String> settings(
      List<String> admission,
      int fixed,
      List<String> other,
      int cost,
      String launch,
      int requesters,
      Map<String, Double> capacities,
      String timing,
      String timeouts) {
    Map<String, Object> values = new HashMap<>();
    values.put("admission", String.join(" ", admission));
    values.put(
        "fixed",
        fixed > 0
            ? Template.render("reports/overload/servers-fixed.md", Map.of("limit", fixed))
            : "");
    values.put(
        "other",
        other.isEmpty()
            ? ""
            : Template.render(
                "reports/overload/servers-other.md", Map.of("args", String.join(" ", other))));
    values.put(
        "cost",
        cost > 0 ? Template.render("reports/overload/servers-cost.md", Map.of("cost", cost)) : "");
    values.put("jvm", launch);
    values.put(
        "capacity",
        requesters == 0
            ? "given"
            : Template.render(
                "reports/overload/capacity-measured.md",
                Map.of("requesters", requesters, "step", RAMP_STEP, "saturated", RAMP_SATURATED)));
    values.put("capacities", capacities);
    values.put("timing", timing);
    values.put("timeouts", timeouts);
    return Template.items("reports/overload/settings.md", values);
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

  /** The highest median goodput of {@code plain} at any load, at least {@code capacity}. */
  private static double peak(List<Row> rows, String mode, double capacity, List<Double> loads) {
    return loads.stream()
        .mapToDouble(l -> Summary.of(select(rows, mode, "plain", "load", l), Row::goodput).median())
        .filter(median -> !Double.isNaN(median))
        .reduce(capacity, Math::max);
  }

  private String loadSection(List<Row> rows, String mode, double capacity, List<Double> loads) {
    Table table =
        Table.of(
            "load",
            "variant",
            "offered/s",
            "goodput/s",
            "goodput / peak",
            "p99 of admitted (ms)",
            "refused/s",
            "other failures/s");
    double peak = peak(rows, mode, capacity, loads);
    for (double load : loads) {
      for (String variant : variants) {
        List<Row> at = select(rows, mode, variant, "load", load);
        table.row(
            Table.fixed(load, 2) + "x",
            variant,
            cell(at, Row::offered, 0),
            cell(at, Row::goodput, 0),
            cell(at, r -> r.goodput() / peak, 2),
            cell(at, Row::p99Millis, 1),
            cell(at, Row::refusedPerSecond, 0),
            cell(at, Row::otherFailedPerSecond, 0));
      }
    }
    return Report.section(
        "Load, "
            + mode
            + String.format(Locale.ROOT, " (capacity %.0f req/s, peak %.0f req/s)", capacity, peak),
        Template.text("reports/overload/load.md"),
        table);
  }

  /**
   * What a refusal costs the server beside a served request, and the goodput that cost allows:
   * {@link CostFit} over the feature's runs at 1x or more, where the server is saturated and serves
   * and refuses in proportions that differ from load to load.
   */
  static String refusalSection(List<Row> rows, String mode, double capacity, List<Double> loads) {
    List<Row> saturated =
        rows.stream()
            .filter(
                r ->
                    r.mode().equals(mode)
                        && r.variant().equals("admission")
                        && r.part().equals("load")
                        && r.load() >= 1 - 1e-6
                        && Double.isFinite(r.cpuMicrosPerSecond()))
            .toList();
    Optional<CostFit> fit =
        CostFit.of(
            saturated.stream()
                .map(
                    r ->
                        new CostFit.Point(
                            r.goodput(), r.refusedPerSecond(), r.cpuMicrosPerSecond()))
                .toList());
    String heading = "What a refusal costs, " + mode;
    String text = Template.text("reports/overload/refusal.md");
    Table table = Table.of("quantity", "value");
    if (fit.isEmpty()) {
      table.row(
          "runs at 1x or more: " + saturated.size(),
          "too few, or their proportions too alike: no estimate");
      return Report.section(heading, text, table);
    }
    CostFit cost = fit.get();
    double peak = peak(rows, mode, capacity, loads);
    table.row("runs fitted", Integer.toString(cost.runs()));
    table.row(
        "served request, c (us)",
        Table.fixed(cost.servedMicros(), 0) + " ± " + Table.fixed(cost.servedError(), 0));
    table.row(
        "refusal, r (us)",
        Table.fixed(cost.refusalMicros(), 0) + " ± " + Table.fixed(cost.refusalError(), 0));
    table.row("r / c", Table.fixed(cost.refusalMicros() / cost.servedMicros(), 3));
    for (double load : loads) {
      if (load > 1) {
        double served = cost.servedAllowed(load * capacity);
        table.row(
            "goodput these costs allow at " + Table.fixed(load, 2) + "x: req/s, / peak",
            Table.fixed(served, 0) + ", " + Table.fixed(served / peak, 2));
      }
    }
    return Report.section(heading, text, table);
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
        Template.text("reports/overload/cpu.md"),
        table);
  }

  private String mixSection(List<Row> rows, String mode) {
    Table table =
        Table.of(
            "variant",
            "class",
            "run",
            "offered/s",
            "goodput/s",
            "p99 (ms)",
            "refused/s",
            "other failures/s",
            "expedited goodput mixed / alone, paired");
    for (String variant : variants) {
      List<Row> alone = select(rows, mode, variant, "mix-alone-expedited", 2);
      for (String part :
          List.of("mix-alone-expedited", "mix-mixed-expedited", "mix-mixed-best-effort")) {
        List<Row> at = select(rows, mode, variant, part, 2);
        List<Double> ratios = new ArrayList<>();
        if (part.equals("mix-mixed-expedited")) {
          for (Row mixed : at) {
            alone.stream()
                .filter(a -> a.rep() == mixed.rep() && a.goodput() > 0)
                .findFirst()
                .ifPresent(a -> ratios.add(mixed.goodput() / a.goodput()));
          }
        }
        table.row(
            variant,
            part.endsWith("best-effort") ? "best effort" : "expedited",
            part.contains("alone") ? "expedited alone" : "with best effort (2x in all)",
            cell(at, Row::offered, 0),
            cell(at, Row::goodput, 0),
            cell(at, Row::p99Millis, 1),
            cell(at, Row::refusedPerSecond, 0),
            cell(at, Row::otherFailedPerSecond, 0),
            ratios.isEmpty() ? "" : Summary.of(ratios, Double::doubleValue).medianRange(3));
      }
    }
    return Report.section(
        "Class mix at 2x, " + mode, Template.text("reports/overload/mix.md"), table);
  }
}
