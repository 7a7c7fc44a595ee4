package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.experiment.CompressionSides.Side;
import io.wsqos.benchmarks.experiment.CurlExchanges.Exchange;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.net.LinkProfile;
import io.wsqos.benchmarks.net.SlowLink;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.testing.net.DelayRelay;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToDoubleFunction;

/**
 * Table 5 of {@code 000_49aae6b7688bc2eb.txt}: a client behind an emulated GPRS link ({@link
 * SlowLink} for the bandwidth, {@link DelayRelay} for the delays) fetches "heavy information for 1
 * book" with {@code curl --compressed} while the open-loop driver loads the same server at rising
 * rates; its service time per scenario.
 */
final class SlowClientExperiment implements Experiment {

  /**
   * The paper's two scenarios against the same load-aware server: background clients asking all
   * {@code compress}, or half {@code compress} and half {@code server-decides}.
   */
  static final List<Side> SCENARIOS =
      List.of(
          new Side(
              "all-compressed",
              "dynamic",
              List.of(CompressionPreference.COMPRESS),
              CompressionSides.ACCEPT_ANY),
          new Side(
              "dynamic",
              "dynamic",
              List.of(CompressionPreference.COMPRESS, CompressionPreference.SERVER_DECIDES),
              CompressionSides.ACCEPT_ANY));

  /** Below, at and beyond the peaks measured by {@code compression-rate} on this machine. */
  static final Option<List<Double>> RATES =
      Run.numbers(
          "rates",
          List.of(0.0, 3000.0, 5000.0, 6000.0, 7000.0, 8000.0, 10000.0),
          "background rates (req/s); 0: no background load");

  static final Option<Integer> CPU_COST_US =
      Option.integer(
          "cpu-cost-us",
          0,
          0,
          1_000_000,
          "the bookstore's CPU per call (its --cpu-cost-us): a small capacity, so that the server's"
              + " queue can hold seconds of work");

  private static final LinkProfile PROFILE = LinkProfile.GPRS;
  private static final int FETCHES = 3;
  private static final Duration BG_WARMUP = Duration.ofSeconds(3);
  private static final Duration BG_MEASURE = Duration.ofSeconds(15);
  private static final Path SLOW_REQUEST = Path.of("examples/bookstore/requests/heavy-1.xml");

  /** One fetch; under load when it ended before the background load did (or there was none). */
  record Fetch(String scenario, double rate, int fetch, Exchange exchange, boolean underLoad) {}

  /** A scenario's way to the server: its relay behind the link, its slow request, its load. */
  private record Lane(Side scenario, DelayRelay relay, Path body, Variant variant) {}

  @Override
  public String name() {
    return "slow-client";
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(RATES, Run.REQUEST, CPU_COST_US), ServerWarmup.OPTIONS, Servers.OPTIONS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    int lanes = SCENARIOS.size();
    Duration point = BG_WARMUP.plus(BG_MEASURE).plus(Estimates.RUN_OVERHEAD);
    return Estimates.jvmStarts(lanes)
        .plus(Estimates.serverWarmups(options, lanes))
        .plus(point.multipliedBy((long) options.get(RATES).size() * lanes));
  }

  @Override
  public void run(Run run) throws IOException {
    List<Double> rates = run.get(RATES);
    Path backgroundFile = run.get(Run.REQUEST);
    DriverOptions options =
        DriverOptions.builder()
            .connectTimeout(Duration.ofMillis(DriverOptions.DEFAULT_CONNECT_TIMEOUT_MILLIS))
            .responseTimeout(Duration.ofSeconds(5))
            .build();
    Servers servers =
        run.servers(
            SCENARIOS.stream().map(Side::compression).toList(),
            token -> List.of("--compression", token, "--cpu-cost-us=" + run.get(CPU_COST_US)));
    SlowLink link = run.hold(SlowLink.create(PROFILE));
    run.progress().println("link: " + link.describe());
    byte[] slowBody =
        QosEnvelopes.withRequirement(Run.read(SLOW_REQUEST), CompressionPreference.COMPRESS);
    List<Lane> lanes = new ArrayList<>();
    for (Side s : SCENARIOS) {
      URI server = servers.address(s.compression());
      DelayRelay relay = link.relayTo(new InetSocketAddress(server.getHost(), server.getPort()));
      Path body = Files.createTempFile("wsqos-slow-" + s.name() + "-", ".xml");
      body.toFile().deleteOnExit();
      Files.write(body, slowBody);
      Variant variant =
          new Variant(s.name(), CompressionSides.source(server, backgroundFile, s, false));
      lanes.add(new Lane(s, relay, body, variant));
    }
    ServerWarmup.run(
        name(), run.options(), options, lanes.stream().map(Lane::variant).toList(), run.progress());
    lanes.forEach(lane -> fetch(link, lane, 0, 0, 0)); // the slow path's own warm-up
    OpenLoopDriver driver = OpenLoopDriver.create(options);
    List<Fetch> fetches = new ArrayList<>();
    Map<String, RunResult> background = new LinkedHashMap<>();
    int done = 0;
    for (double rate : rates) {
      for (Lane lane : lanes) {
        run.progress()
            .printf(
                "[%s] rate %s, %s (%d/%d)%n",
                name(),
                Table.point(rate),
                lane.variant().name(),
                ++done,
                rates.size() * lanes.size());
        point(run, driver, link, lane, rate, fetches, background);
      }
    }
    Map<String, Object> values =
        Map.of(
            "qdiscs", link.describe().replace('\n', ';'),
            "warmup", ServerWarmup.describe(run.options()),
            "request", backgroundFile,
            "jvm", servers.launch(),
            "cost", run.get(CPU_COST_US));
    write(
        run, rates, fetches, background, Template.items("reports/slow-client/settings.md", values));
  }

  /** Runs the background load at {@code rate} and the slow client's fetches while it runs. */
  private void point(
      Run run,
      OpenLoopDriver driver,
      SlowLink link,
      Lane lane,
      double rate,
      List<Fetch> results,
      Map<String, RunResult> background) {
    long loadEnds = System.nanoTime() + BG_WARMUP.plus(BG_MEASURE).toNanos();
    CompletableFuture<RunResult> load =
        rate > 0
            ? CompletableFuture.supplyAsync(
                () -> driver.run(lane.variant().source(), rate, BG_WARMUP, BG_MEASURE))
            : CompletableFuture.completedFuture(null);
    if (rate > 0) {
      LockSupport.parkNanos(BG_WARMUP.toNanos());
    }
    double lastSeconds = 0;
    for (int i = 1; i <= FETCHES; i++) {
      if (rate != 0 && System.nanoTime() + lastSeconds * 1.5e9 >= loadEnds) {
        run.progress().printf("[%s]   fetch %d skipped: the load would end before it%n", name(), i);
        break;
      }
      Fetch f = fetch(link, lane, rate, i, loadEnds);
      results.add(f);
      lastSeconds = f.exchange().totalSeconds();
      run.progress().printf("[%s]   %s%n", name(), f);
    }
    RunResult r = load.join();
    if (r != null) {
      background.put(lane.variant().name() + "@" + Table.point(rate), r);
      run.progress().printf("[%s]   background: %s%n", name(), r);
    }
  }

  /** One fetch with curl inside the namespace, through the lane's relay. */
  private static Fetch fetch(SlowLink link, Lane lane, double rate, int fetch, long loadEnds) {
    Exchange e =
        CurlExchanges.run(link, lane.relay().address(), "/bookstore", lane.body(), true, 1).get(0);
    return new Fetch(
        lane.scenario().name(), rate, fetch, e, rate == 0 || System.nanoTime() < loadEnds);
  }

  private void write(
      Run run,
      List<Double> rates,
      List<Fetch> fetches,
      Map<String, RunResult> background,
      List<String> settings) {
    Table.of(
            fetches,
            column("scenario", Fetch::scenario),
            column("rate", f -> Table.point(f.rate())),
            column("fetch", Fetch::fetch),
            column("status", f -> f.exchange().status()),
            column("seconds", f -> Table.fixed(f.exchange().totalSeconds(), 3)),
            column("bytes", f -> f.exchange().bytesDown()),
            column("content_encoding", f -> f.exchange().contentEncoding()),
            column("under_load", Fetch::underLoad),
            column("bg_throughput", f -> bg(background, f, RunResult::throughputPerSecond, 1)),
            column("bg_p50_ms", f -> bg(background, f, r -> r.latencyPercentileMillis(50), 2)),
            column("bg_failed", f -> bg(background, f, RunResult::failed, 0)))
        .writeCsv(run.out().resolve("results.csv"));

    List<String> header = new ArrayList<>(List.of("background rate (req/s)"));
    rates.forEach(r -> header.add(Table.point(r)));
    Table service = Table.of(header);
    Plot plot =
        Plot.of(
            "Slow client (" + PROFILE.name() + ") service time under background load",
            "background rate (req/s)",
            "service time (ms)");
    for (Side s : SCENARIOS) {
      List<String> cells = new ArrayList<>(List.of(s.name()));
      List<Double> ys = new ArrayList<>();
      for (double rate : rates) {
        List<Fetch> fs =
            fetches.stream()
                .filter(f -> f.scenario().equals(s.name()) && f.rate() == rate)
                .filter(f -> f.exchange().status() == 200 && f.underLoad())
                .toList();
        Summary ms = Summary.of(fs, f -> f.exchange().totalSeconds() * 1000);
        ys.add(ms.mean());
        cells.add(
            fs.isEmpty()
                ? "-"
                : String.format(
                    Locale.ROOT,
                    "%.0f (%.0f-%.0f; n=%d, %.0f B %s)",
                    ms.mean(),
                    ms.min(),
                    ms.max(),
                    fs.size(),
                    Summary.of(fs, f -> f.exchange().bytesDown()).mean(),
                    String.join(
                        "/",
                        fs.stream().map(f -> f.exchange().contentEncoding()).distinct().toList())));
      }
      service.row(cells);
      plot.series(s.name(), rates, ys);
    }
    Table load =
        Table.of(
            background.entrySet(),
            column("scenario", e -> e.getKey().split("@")[0]),
            column("rate", e -> e.getKey().split("@")[1]),
            column("throughput/s", e -> Table.fixed(e.getValue().throughputPerSecond(), 0)),
            column("p50 ms", e -> Table.fixed(e.getValue().latencyPercentileMillis(50), 2)),
            column("p99 ms", e -> Table.fixed(e.getValue().latencyPercentileMillis(99), 2)),
            column("failed", e -> e.getValue().failed()));
    plot.write(run.out().resolve("service-time.png"));
    run.writeReport(
        "Slow client behind an emulated "
            + PROFILE.name()
            + " link under background load (Table 5)",
        settings,
        List.of(
            Template.render(
                "reports/slow-client/sections.md",
                Map.of("service", service.markdown(), "load", load.markdown()))));
  }

  private static String bg(
      Map<String, RunResult> background, Fetch f, ToDoubleFunction<RunResult> value, int decimals) {
    RunResult r = background.get(f.scenario() + "@" + Table.point(f.rate()));
    return r == null ? "" : Table.fixed(value.applyAsDouble(r), decimals);
  }
}
