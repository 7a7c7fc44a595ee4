package io.wsqos.benchmarks.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.wsqos.benchmarks.broker.BrokerBenchServer;
import io.wsqos.benchmarks.broker.BrokerDataSet;
import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Results;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.cli.Option;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * The broker experiments (section 7.2 of {@code 000_49aae6b7688bc2eb.txt}, Figures 56-59, and issue
 * 22's goals): {@code broker-rate} (open loop) and {@code broker-requesters} (closed loop). Each
 * database's broker ({@link BrokerBenchServer}, filled with a {@link BrokerDataSet}) and the
 * minimal JAX-RS and JAX-WS baselines run in JVMs of their own; REST selections, SOAP selections
 * and REST publishes are the variants, interleaved, so that every goal is a ratio within one run.
 */
final class BrokerExperiment implements Experiment {

  static final List<Double> DEFAULT_RATES =
      List.of(1000.0, 2000.0, 4000.0, 6000.0, 8000.0, 10_000.0, 12_000.0);
  static final List<Double> DEFAULT_REQUESTERS = List.of(32.0);

  /** Goal: a broker selection's throughput to the minimal endpoint's, REST and SOAP. */
  static final double TO_MINIMAL_RATIO = 0.8;

  /** Goal: PostgreSQL's selection throughput within 10% of H2's. */
  static final double POSTGRESQL_TO_H2_RATIO = 0.9;

  /** Goal: publishes per second. */
  static final double PUBLISHES_PER_SECOND = 1000;

  /** Goal: p99 response time below this at 80% of the minimal endpoint's rate (open loop). */
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

  /** The PostgreSQL database the broker's schema lives in (user postgres, trust). */
  static final String POSTGRESQL_URL = "jdbc:postgresql://127.0.0.1:5432/test";

  static final Option<String> POSTGRESQL_SCHEMA =
      Option.string(
          "postgresql-schema",
          "wsqos_bench_broker",
          "the PostgreSQL broker's schema, dropped and made anew at its start");

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
        ? Run.numbers("requesters", DEFAULT_REQUESTERS, "numbers of back-to-back requesters")
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

  /**
   * A variant: an API against a server (its token), on kept-alive connections as registry clients
   * hold them.
   */
  record Line(String name, String api, String server) {}

  /** Every API against the minimal server (selections only) and each database's broker. */
  static List<Line> lines(List<String> apis, List<String> databases) {
    List<Line> lines = new ArrayList<>();
    for (String api : apis) {
      for (String server : api.equals("publish") ? databases : join(MINIMAL, databases)) {
        lines.add(new Line(kept(api + "-" + server), api, server));
      }
    }
    return lines;
  }

  private static List<String> join(String first, List<String> rest) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(rest);
    return all;
  }

  /** The variant's name, with the suffix that says its connections are kept alive. */
  private static String kept(String name) {
    return Connections.variantName(name, true);
  }

  @Override
  public void run(Run run) {
    String axis = closedLoop ? "requesters" : "offered rate (req/s)";
    List<Double> points = run.get(points());
    List<String> apis = run.get(APIS);
    List<String> databases = run.get(DATABASES);
    BrokerDataSet set = BrokerDataSet.of(run.get(SET));
    List<Line> lines = lines(apis, databases);
    List<String> tokens = lines.stream().map(Line::server).distinct().toList();
    Servers servers =
        run.servers(
            tokens,
            token -> serverArgs(token, set, "postgres", run.get(POSTGRESQL_SCHEMA)),
            new Servers.Launch(
                "broker", BrokerBenchServer.class, BrokerBenchServer.LISTENING, START_TIMEOUT));
    Map<String, Line> byName = new LinkedHashMap<>();
    List<Variant> variants = new ArrayList<>();
    for (Line line : lines) {
      byName.put(line.name(), line);
      variants.add(new Variant(line.name(), source(line, servers, set)));
    }
    List<RunWindow> windows = new ArrayList<>();
    List<PointResult> results =
        run.sweep(
            points,
            variants,
            RunWindow.windowed(
                windows,
                run.driver(closedLoop),
                v -> servers.pid(byName.get(v.name()).server()),
                run.progress()),
            true);
    List<String> settings = new ArrayList<>();
    settings.add(
        "data set: "
            + set.token()
            + (set == BrokerDataSet.PAPER
                ? " (22 services, 27 offers)"
                : " (30,000 offers over 10,000 services, 100 providers)")
            + "; the publishes add offers to one endpoint of a provider of their own");
    for (String token : tokens) {
      settings.add(
          "server "
              + token
              + ": `BrokerBenchServer "
              + String.join(" ", redacted(serverArgs(token, set, "", run.get(POSTGRESQL_SCHEMA))))
              + "` in its own JVM ("
              + servers.launch()
              + ")");
    }
    settings.add((closedLoop ? "requesters " : "rates ") + points);
    settings.add(run.timing().describe(run.options(), true));
    settings.add(run.describeTimeouts());
    List<String> sections = new ArrayList<>();
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
    sections.add(CpuTables.section(windows, lines.get(0).name()));
    sections.add(PairedRatios.section(axis, results, goals));
    sections.add(publishSection(axis, results, lines));
    if (!closedLoop) {
      sections.add(p99Section(results, lines));
      sections.add(PaperFigures.section(run.out(), results));
    }
    CpuTables.csv(windows).writeCsv(run.out().resolve("cpu.csv"));
    run.writeSweep(
        closedLoop
            ? "Broker: capacity under N back-to-back requesters"
            : "Broker: throughput and response time against offered rate (Figures 56-59)",
        summary(),
        axis,
        settings,
        results,
        sections);
  }

  /** The server JVM's options for {@code token}: the minimal endpoints or a database's broker. */
  static List<String> serverArgs(String token, BrokerDataSet set, String pgUser, String pgSchema) {
    return switch (token) {
      case MINIMAL -> List.of("--mode=minimal", "--set=" + set.token());
      case "h2" -> List.of("--set=" + set.token());
      case "postgresql" ->
          List.of(
              "--set=" + set.token(),
              "--jdbc-url=" + POSTGRESQL_URL,
              "--jdbc-user=" + pgUser,
              "--schema=" + pgSchema);
      default -> throw new IllegalArgumentException("server: " + token);
    };
  }

  private static List<String> redacted(List<String> args) {
    return args.stream().filter(a -> !a.equals("--jdbc-user=")).toList();
  }

  /** The line's requests against its server. */
  static RequestSource source(Line line, Servers servers, BrokerDataSet set) {
    Matcher m = BrokerBenchServer.LISTENING.matcher(servers.line(line.server()));
    if (!m.find()) {
      throw new IllegalStateException("server " + line.server() + ": no listening line");
    }
    URI base = URI.create(m.group(1));
    List<HttpRequest> requests = new ArrayList<>();
    switch (line.api()) {
      case "rest" -> {
        for (int i = 0; i < set.serviceCount(); i++) {
          String service =
              URLEncoder.encode(BrokerDataSet.portType(i).toString(), StandardCharsets.UTF_8);
          requests.add(
              HttpRequest.get(
                      base.resolve(
                          "/api/select?service="
                              + service
                              + "&priority=best-effort&compression=server-decides"))
                  .keepAlive(true)
                  .build());
        }
      }
      case "soap" -> {
        for (int i = 0; i < set.serviceCount(); i++) {
          requests.add(
              Variant.soapPost(base.resolve("/soap"), selectEnvelope(i)).keepAlive(true).build());
        }
      }
      case "publish" -> {
        long endpoint = Long.parseLong(m.group(3));
        for (int i = 0; i < 5; i++) {
          requests.add(
              HttpRequest.post(base.resolve("/api/offers"), publishBody(endpoint, i))
                  .header("Content-Type", "application/json")
                  .header("Authorization", "Bearer " + m.group(2))
                  .keepAlive(true)
                  .build());
        }
      }
      default -> throw new IllegalArgumentException("api: " + line.api());
    }
    return RequestSource.cycling(requests);
  }

  /** The SOAP select of service {@code i}, with the requirement every selection carries. */
  static byte[] selectEnvelope(int i) {
    return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:b=\"http://wsqos.io/broker\"><soap:Body><b:select>"
            + "<service xmlns:s=\""
            + BrokerDataSet.NAMESPACE
            + "\">s:"
            + BrokerDataSet.portType(i).getLocalPart()
            + "</service>"
            + BrokerBenchServer.REQUIREMENT_XML
            + "</b:select></soap:Body></soap:Envelope>")
        .getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] publishBody(long endpoint, int variant) {
    try {
      return BrokerJson.newMapper()
          .writeValueAsBytes(new Requests.NewOffer(endpoint, BrokerDataSet.terms(variant)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("publish body", e);
    }
  }

  /** Publishes per second at each point, median over repetitions, against the goal. */
  static String publishSection(String axis, List<PointResult> list, List<Line> lines) {
    Results results = new Results(list);
    Table table = Table.of("variant", axis, "reps", "median publishes/s", "min", "max", "goal");
    for (Line line : lines) {
      if (!line.api().equals("publish") || !results.variants().contains(line.name())) {
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
        String.format(
            Locale.ROOT,
            "Successful `POST /api/offers` per second; goal >= %.0f/s, judged on the median over"
                + " repetitions at a point where the driver offers at least that many.",
            PUBLISHES_PER_SECOND),
        table);
  }

  /** The p99 response time of each selection variant at each rate, median over repetitions. */
  static String p99Section(List<PointResult> list, List<Line> lines) {
    Results results = new Results(list);
    List<String> header = new ArrayList<>(List.of("offered rate (req/s)"));
    List<Line> selections = lines.stream().filter(l -> !l.api().equals("publish")).toList();
    selections.forEach(l -> header.add(l.name()));
    Table table = Table.of(header);
    for (double x : results.points()) {
      List<String> cells = new ArrayList<>(List.of(Table.point(x)));
      for (Line line : selections) {
        Summary p99 = results.summary(line.name(), x, PointResult::p99Millis);
        cells.add(p99.n() == 0 ? "-" : Table.fixed(p99.median(), 2));
      }
      table.row(cells);
    }
    return Report.section(
        "p99 response time (ms)",
        String.format(
            Locale.ROOT,
            "Median over repetitions of each run's 99th percentile, from the intended send time."
                + " Goal: below %.0f ms at 80%% of the minimal endpoint's peak rate (read the row"
                + " nearest to it).",
            P99_MILLIS),
        table);
  }

  /**
   * Figures 56-59 of the seed: the paper's broker (registry in RAM, Figures 56-57; on SQL Server,
   * Figures 58-59) beside ours. The paper's figures survive only as the sentences of its text, so
   * its curves are the points those sentences state.
   */
  static final class PaperFigures {

    /** A point the paper's text states: the figure, the series, x, y and the sentence. */
    record Point(String figure, String series, double rate, double value, String source) {}

    /** The points of {@code reports/broker/paper.csv}, the same file the report writes. */
    static List<Point> paper() {
      return Table.fromCsv(Template.text("reports/broker/paper.csv")).rows().stream()
          .map(
              r ->
                  new Point(
                      r.get(0),
                      r.get(1),
                      Double.parseDouble(r.get(2)),
                      Double.parseDouble(r.get(3)),
                      r.get(4)))
          .toList();
    }

    private PaperFigures() {}

    /**
     * Writes {@code paper.csv}, {@code fig57-59-throughput.png} and {@code
     * fig56-58-response-time.png} into {@code out} and returns the report's section.
     */
    static String section(java.nio.file.Path out, List<PointResult> list) {
      Table.write(out.resolve("paper.csv"), Template.text("reports/broker/paper.csv") + "\n");
      Results results = new Results(list);
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
        addPaper(throughput, series, List.of("57", "59"));
        addPaper(latency, series, List.of("56", "58"));
      }
      for (String variant : results.variants()) {
        if (variant.startsWith("publish")) {
          continue;
        }
        Results one = new Results(list.stream().filter(p -> p.variant().equals(variant)).toList());
        one.plot(throughput, "", PointResult::throughputPerSecond);
        one.plot(latency, " mean", PointResult::meanMillis);
      }
      throughput.write(out.resolve("fig57-59-throughput.png"));
      latency.write(out.resolve("fig56-58-response-time.png"));
      Table table = Table.of("figure", "paper", "rate (req/s)", "value", "what the text says");
      paper()
          .forEach(
              p ->
                  table.row(
                      p.figure(),
                      p.series(),
                      Table.point(p.rate()),
                      Table.number(p.value()),
                      p.source()));
      return Report.section(
          "Figures 56-59: the paper's broker beside ours",
          "The paper's figures are not in its text; these are the points its sentences state"
              + " (RAM registry: Figures 56-57, no response time given; SQL Server: Figures"
              + " 58-59), plotted with ours (log-log) in `fig57-59-throughput.png` and"
              + " `fig56-58-response-time.png`, and written to `paper.csv`.",
          table);
    }

    private static void addPaper(Plot plot, String series, List<String> figures) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (Point p : paper()) {
        if (p.series().equals(series) && figures.contains(p.figure())) {
          x.add(p.rate());
          y.add(p.value());
        }
      }
      if (!x.isEmpty()) {
        plot.series(series + " (stated in the text)", x, y);
      }
    }
  }
}
