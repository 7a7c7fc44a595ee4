package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.broker.BrokerBenchServer;
import io.wsqos.benchmarks.broker.BrokerDataSet;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Results;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The broker experiments (Figures 56-59 and issue 22's goals), {@code broker-rate} and {@code
 * broker-requesters}: each database's {@link BrokerBenchServer} and the minimal endpoints in JVMs
 * of their own, REST and SOAP selections and REST publishes interleaved, every goal a paired ratio.
 */
final class BrokerExperiment implements Experiment {

  static final List<Double> DEFAULT_RATES =
      List.of(1000.0, 2000.0, 4000.0, 6000.0, 8000.0, 10_000.0, 12_000.0);
  static final double TO_MINIMAL_RATIO = 0.8;
  static final double POSTGRESQL_TO_H2_RATIO = 0.9;
  static final double PUBLISHES_PER_SECOND = 1000;
  static final double P99_MILLIS = 10;
  static final String MINIMAL = "minimal";

  static final Option<List<String>> APIS =
      Option.listOf(
          Option.choice(
              "apis",
              null,
              List.of("rest", "soap", "publish"),
              "the requests: the variants' kinds"),
          List.of("rest", "soap", "publish"));
  static final Option<List<String>> DATABASES =
      Option.listOf(
          Option.choice(
              "databases",
              null,
              List.of("h2", "postgresql"),
              "the brokers' databases, one JVM each"),
          List.of("h2", "postgresql"));
  static final Option<String> SET =
      Option.choice(
          "set",
          "large",
          List.of("paper", "large"),
          "the registry: paper (22 services, 27 offers) or large (30,000 offers, 10,000 services)");
  static final Option<String> POSTGRESQL_SCHEMA =
      Option.string(
          "postgresql-schema",
          "wsqos_bench_broker",
          "the PostgreSQL broker's schema, dropped and made anew at its start");

  /** The PostgreSQL database the broker's schema lives in (user postgres, trust). */
  static final String POSTGRESQL_URL = "jdbc:postgresql://127.0.0.1:5432/test";

  /** A broker's fill of the large set takes a minute or more on a busy machine. */
  private static final Duration START_TIMEOUT = Duration.ofMinutes(10);

  private final boolean closedLoop;

  BrokerExperiment(boolean closedLoop) {
    this.closedLoop = closedLoop;
  }

  @Override
  public String name() {
    return closedLoop ? "broker-requesters" : "broker-rate";
  }

  private Option<List<Double>> points() {
    return closedLoop
        ? Run.numbers("requesters", List.of(32.0), "numbers of back-to-back requesters")
        : Run.numbers("rates", DEFAULT_RATES, "offered rates (req/s)");
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(points(), APIS, DATABASES, SET, POSTGRESQL_SCHEMA),
        Run.driverSweep(5, 1, 5, 5_000),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  /** A variant: an API against a server (its token), on kept-alive connections. */
  record Line(String name, String api, String server) {}

  /** Every API against the minimal server (selections only) and each database's broker. */
  static List<Line> lines(List<String> apis, List<String> databases) {
    List<Line> lines = new ArrayList<>();
    for (String api : apis) {
      List<String> servers = new ArrayList<>(databases);
      if (!api.equals("publish")) {
        servers.add(0, MINIMAL);
      }
      servers.forEach(server -> lines.add(new Line(kept(api + "-" + server), api, server)));
    }
    return lines;
  }

  private static String kept(String name) {
    return Connections.variantName(name, true);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    List<Line> lines = lines(options.get(APIS), options.get(DATABASES));
    int servers = (int) lines.stream().map(Line::server).distinct().count();
    return Estimates.serverSweep(options, servers, options.get(points()).size(), lines.size());
  }

  @Override
  public void run(Run run) {
    String axis = closedLoop ? "requesters" : "offered rate (req/s)";
    List<Double> points = run.get(points());
    List<String> databases = run.get(DATABASES);
    BrokerDataSet set = BrokerDataSet.of(run.get(SET));
    List<Line> lines = lines(run.get(APIS), databases);
    List<String> tokens = lines.stream().map(Line::server).distinct().toList();
    String schema = run.get(POSTGRESQL_SCHEMA);
    Servers servers =
        run.servers(
            tokens,
            token -> serverArgs(token, set, schema),
            new Servers.Launch(
                "broker", BrokerBenchServer.class, BrokerBenchServer.LISTENING, START_TIMEOUT));
    List<Variant> variants = new ArrayList<>();
    for (Line line : lines) {
      String listening = servers.line(line.server());
      variants.add(
          new Variant(line.name(), BrokerBenchServer.requests(line.api(), listening, set)));
    }
    List<RunWindow> windows = new ArrayList<>();
    List<PointResult> results =
        run.sweep(
            points,
            variants,
            RunWindow.windowed(
                windows,
                run.driver(closedLoop),
                v -> servers.pid(server(lines, v.name())),
                run.progress()),
            true);
    List<String> settings = new ArrayList<>();
    settings.add(
        "data set: %s (%s); the publishes add offers to one endpoint of a provider of their own"
            .formatted(set.token(), set.description()));
    for (String token : tokens) {
      List<String> args =
          serverArgs(token, set, schema).stream()
              .filter(a -> !a.startsWith("--jdbc-user="))
              .toList();
      settings.add(
          "server %s: `BrokerBenchServer %s` in its own JVM (%s)"
              .formatted(token, String.join(" ", args), servers.launch()));
    }
    settings.add((closedLoop ? "requesters " : "rates ") + points);
    settings.add(run.timing().describe(run.options(), true));
    settings.add(run.describeTimeouts());
    List<PairedRatios.Goal> goals = new ArrayList<>();
    for (String api : List.of("rest", "soap")) {
      for (String db : databases) {
        goals.add(
            new PairedRatios.Goal(
                kept(api + "-" + db), kept(api + "-" + MINIMAL), TO_MINIMAL_RATIO));
      }
      goals.add(
          new PairedRatios.Goal(
              kept(api + "-postgresql"), kept(api + "-h2"), POSTGRESQL_TO_H2_RATIO));
    }
    List<String> sections = new ArrayList<>();
    sections.add(CpuTables.section(windows, lines.get(0).name()));
    sections.add(PairedRatios.section(axis, results, goals));
    sections.add(publishSection(axis, new Results(results), lines));
    if (!closedLoop) {
      sections.add(p99Section(new Results(results), lines));
      sections.add(paperSection(run.out(), results));
    }
    CpuTables.csv(windows).writeCsv(run.out().resolve("cpu.csv"));
    run.writeSweep(
        closedLoop
            ? "Broker: capacity under N back-to-back requesters"
            : "Broker: throughput and response time against offered rate (Figures 56-59)",
        axis,
        settings,
        results,
        sections);
  }

  private static String server(List<Line> lines, String variant) {
    return lines.stream().filter(l -> l.name().equals(variant)).findFirst().orElseThrow().server();
  }

  /** The server JVM's options for {@code token}: the minimal endpoints or a database's broker. */
  static List<String> serverArgs(String token, BrokerDataSet set, String pgSchema) {
    return switch (token) {
      case MINIMAL -> List.of("--mode=minimal", "--set=" + set.token());
      case "h2" -> List.of("--set=" + set.token());
      case "postgresql" ->
          List.of(
              "--set=" + set.token(),
              "--jdbc-url=" + POSTGRESQL_URL,
              "--jdbc-user=postgres",
              "--schema=" + pgSchema);
      default -> throw new IllegalArgumentException("server: " + token);
    };
  }

  /** Publishes per second at each point, median over repetitions, against the goal. */
  static String publishSection(String axis, Results results, List<Line> lines) {
    Table table = Table.of("variant", axis, "reps", "median publishes/s", "min", "max", "goal");
    for (Line line : lines) {
      if (!line.api().equals("publish")) {
        continue;
      }
      for (double x : results.points(line.name())) {
        Summary rates = results.summary(line.name(), x, PointResult::throughputPerSecond);
        table.row(
            line.name(),
            Table.point(x),
            rates.n(),
            Table.fixed(rates.median(), 1),
            Table.fixed(rates.min(), 1),
            Table.fixed(rates.max(), 1),
            rates.median() >= PUBLISHES_PER_SECOND ? "met" : "NOT met");
      }
    }
    return Report.section(
        "Publishes",
        Template.render("reports/broker/publishes.md", Map.of("goal", (int) PUBLISHES_PER_SECOND)),
        table);
  }

  /** The p99 response time of each selection variant at each rate, median over repetitions. */
  static String p99Section(Results results, List<Line> lines) {
    List<String> selections =
        lines.stream().filter(l -> !l.api().equals("publish")).map(Line::name).toList();
    List<String> header = new ArrayList<>(List.of("offered rate (req/s)"));
    header.addAll(selections);
    Table table = Table.of(header);
    for (double x : results.points()) {
      List<String> cells = new ArrayList<>(List.of(Table.point(x)));
      for (String variant : selections) {
        Summary p99 = results.summary(variant, x, PointResult::p99Millis);
        cells.add(p99.n() == 0 ? "-" : Table.fixed(p99.median(), 2));
      }
      table.row(cells);
    }
    return Report.section(
        "p99 response time (ms)",
        Template.render("reports/broker/p99.md", Map.of("goal", (int) P99_MILLIS)),
        table);
  }

  /**
   * Figures 56-59: the points the paper's text states ({@code reports/broker/paper.csv}, its
   * figures being images it does not carry) written to {@code paper.csv} and plotted with ours.
   */
  static String paperSection(Path out, List<PointResult> list) {
    String csv = Template.text("reports/broker/paper.csv");
    Table.write(out.resolve("paper.csv"), csv + "\n");
    List<List<String>> paper = Table.fromCsv(csv).rows();
    Plot throughput =
        Plot.of(
                "Figures 57 and 59: broker throughput, the paper's and ours",
                "offered rate (req/s)",
                "successful requests/s")
            .logarithmicX()
            .logarithmicY();
    Plot latency =
        Plot.of(
                "Figures 56 and 58: broker response time, the paper's and ours",
                "offered rate (req/s)",
                "ms (paper: as stated; ours: mean)")
            .logarithmicX()
            .logarithmicY();
    for (String series : List.of("paper RAM", "paper SQL Server")) {
      paperSeries(throughput, paper, series, List.of("57", "59"));
      paperSeries(latency, paper, series, List.of("56", "58"));
    }
    Results selections =
        new Results(list.stream().filter(p -> !p.variant().startsWith("publish")).toList());
    selections.plot(throughput, "", PointResult::throughputPerSecond);
    selections.plot(latency, " mean", PointResult::meanMillis);
    throughput.write(out.resolve("fig57-59-throughput.png"));
    latency.write(out.resolve("fig56-58-response-time.png"));
    Table table = Table.of("figure", "paper", "rate (req/s)", "value", "what the text says");
    for (List<String> p : paper) {
      table.row(
          p.get(0),
          p.get(1),
          Table.point(Double.parseDouble(p.get(2))),
          Table.number(Double.parseDouble(p.get(3))),
          p.get(4));
    }
    return Report.section(
        "Figures 56-59: the paper's broker beside ours",
        Template.text("reports/broker/paper.md"),
        table);
  }

  private static void paperSeries(
      Plot plot, List<List<String>> paper, String series, List<String> figures) {
    List<List<String>> points =
        paper.stream().filter(p -> p.get(1).equals(series) && figures.contains(p.get(0))).toList();
    if (!points.isEmpty()) {
      plot.series(
          series + " (stated in the text)",
          points.stream().map(p -> Double.parseDouble(p.get(2))).toList(),
          points.stream().map(p -> Double.parseDouble(p.get(3))).toList());
    }
  }
}
