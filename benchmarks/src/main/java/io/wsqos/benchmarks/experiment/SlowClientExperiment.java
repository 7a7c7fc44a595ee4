package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.experiment.CompressionSides.Side;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.net.DelayRelay;
import io.wsqos.benchmarks.net.LinkProfile;
import io.wsqos.benchmarks.net.SlowLink;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Table 5 of {@code 000_49aae6b7688bc2eb.txt}: {@code slow-client}. A client behind an emulated
 * GPRS link fetches "heavy information for 1 book" while background load runs against the same
 * server at rising rates; its service time per scenario.
 *
 * <p>The link: a network namespace behind a veth pair shaped with {@code tc tbf} ({@link
 * SlowLink}), and a {@link DelayRelay} in the root namespace adding the one-way delays. The slow
 * client is {@code curl --compressed} run inside the namespace; the server runs in its own JVM on
 * loopback; the background load is the open-loop driver on loopback.
 */
final class SlowClientExperiment implements Experiment {

  /** Below, at and beyond the peaks measured by {@code compression-rate} on this machine. */
  static final List<Double> DEFAULT_RATES =
      List.of(0.0, 3000.0, 5000.0, 6000.0, 7000.0, 8000.0, 10000.0);

  /** The paper's Table 5, service time of the mobile client in ms at sclient rates 80..160/s. */
  static final String PAPER_TABLE_5 =
      Table.of("sclient rate (req/s)", "80", "100", "120", "140", "160")
          .row("All compressed (ms)", 9985, 10495, 16492, 17104, 17176)
          .row("Dynamic (ms)", 9370, 9850, 10468, 10538, 17131)
          .markdown();

  static final String NAME = "slow-client";

  private static final long CURL_MAX_SECONDS = 120;

  /** The slow client's curl, before its headers file, body and address. */
  private static final String CURL =
      "curl -s --compressed -o /dev/null --max-time " + CURL_MAX_SECONDS;

  /**
   * One scenario: the server and background requests of a compression {@code side}, and the slow
   * client's preference ({@code null}: no WS-QoS header).
   */
  record Scenario(Side side, CompressionPreference slowClient) {
    Scenario(String name, String compression, List<CompressionPreference> background) {
      this(new Side(name, compression, background, CompressionSides.ACCEPT_ANY), background.get(0));
    }

    String name() {
      return side.name();
    }
  }

  /**
   * The paper's two scenarios: the same load-aware server; background clients asking all {@code
   * compress}, or half {@code compress} and half {@code server-decides}; the mobile client asking
   * {@code compress} in both (it is the one that benefits from compression).
   */
  static final List<Scenario> TABLE_5 =
      List.of(
          new Scenario("all-compressed", "dynamic", List.of(CompressionPreference.COMPRESS)),
          new Scenario(
              "dynamic",
              "dynamic",
              List.of(CompressionPreference.COMPRESS, CompressionPreference.SERVER_DECIDES)));

  static final Option<List<Double>> RATES =
      Run.numbers("rates", DEFAULT_RATES, "background rates (req/s); 0: no background load");

  /** The seed's link: GPRS. */
  private static final LinkProfile PROFILE = LinkProfile.GPRS;

  /** The slow client's fetches per point, one after another. */
  private static final int FETCHES = 3;

  /** Background load before the first fetch of a point. */
  private static final Duration BG_WARMUP = Duration.ofSeconds(3);

  /** Background load during the fetches. */
  private static final Duration BG_MEASURE = Duration.ofSeconds(15);

  /** What the slow client posts: "heavy information for 1 book". */
  private static final Path SLOW_REQUEST = Path.of("examples/bookstore/requests/heavy-1.xml");

  record Fetch(
      String scenario,
      double rate,
      int fetch,
      int status,
      double seconds,
      long bytes,
      String contentEncoding,
      boolean underLoad) {
    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "fetch %d: HTTP %d, %.3f s, %d bytes, encoding %s%s",
          fetch,
          status,
          seconds,
          bytes,
          contentEncoding,
          underLoad ? "" : " (load had ended)");
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(List.of(RATES, Run.REQUEST), ServerWarmup.OPTIONS, Servers.OPTIONS);
  }

  /** A scenario's way to the server: its relay behind the link, its slow request, its load. */
  private record Lane(Scenario scenario, DelayRelay relay, Path body, Variant variant) {}

  @Override
  public void run(Run run) throws IOException {
    LinkProfile profile = PROFILE;
    List<Double> rates = run.get(RATES);
    List<Scenario> scenarios = TABLE_5;
    Path backgroundFile = run.get(Run.REQUEST);
    Path slowFile = SLOW_REQUEST;
    DriverOptions options =
        DriverOptions.builder()
            .connectTimeout(Duration.ofMillis(DriverOptions.DEFAULT_CONNECT_TIMEOUT_MILLIS))
            .responseTimeout(Duration.ofSeconds(5))
            .build();
    OpenLoopDriver driver = OpenLoopDriver.create(options);
    Servers servers =
        run.servers(
            scenarios.stream().map(s -> s.side().compression()).toList(),
            token -> List.of("--compression", token));
    SlowLink link = run.hold(SlowLink.create(profile));
    run.progress().println("link: " + link.describe());
    List<Lane> lanes = new ArrayList<>();
    for (Scenario s : scenarios) {
      URI server = servers.address(s.side().compression());
      DelayRelay relay =
          run.hold(
              DelayRelay.start(
                  InetAddress.getByName(link.hostAddress()),
                  new InetSocketAddress(server.getHost(), server.getPort()),
                  profile.upDelayMillis(),
                  profile.downDelayMillis()));
      byte[] envelope = Run.read(slowFile);
      Path body = Files.createTempFile("wsqos-slow-" + s.name() + "-", ".xml");
      body.toFile().deleteOnExit();
      Files.write(
          body,
          s.slowClient() == null
              ? envelope
              : QosEnvelopes.withRequirement(envelope, s.slowClient()));
      Variant variant =
          new Variant(s.name(), CompressionSides.source(server, backgroundFile, s.side(), false));
      lanes.add(new Lane(s, relay, body, variant));
    }
    ServerWarmup.run(
        name(), run.options(), options, lanes.stream().map(Lane::variant).toList(), run.progress());
    lanes.forEach(lane -> fetch(link, lane, 0, 0, 0)); // the slow path's own warm-up
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
    List<String> scenarioLines = new ArrayList<>();
    for (Scenario s : scenarios) {
      scenarioLines.add(
          "- scenario "
              + s.name()
              + ": server --compression "
              + s.side().compression()
              + ", background "
              + CompressionSides.describe(s.side().preferences())
              + ", slow client "
              + (s.slowClient() == null ? "without WS-QoS header" : s.slowClient().token()));
    }
    Map<String, Object> values = new HashMap<>();
    values.put("link", profile.name());
    values.put("down", profile.downBitsPerSecond());
    values.put("up", profile.upBitsPerSecond());
    values.put("downDelay", profile.downDelayMillis());
    values.put("upDelay", profile.upDelayMillis());
    values.put("qdiscs", link.describe().replace('\n', ';'));
    values.put("scenarios", String.join("\n", scenarioLines));
    values.put("warmup", ServerWarmup.describe(run.options()));
    values.put("request", backgroundFile);
    values.put("bgWarmup", BG_WARMUP.toMillis());
    values.put("bgMeasure", BG_MEASURE.toMillis());
    values.put("slowRequest", slowFile);
    values.put("fetches", FETCHES);
    values.put("jvm", servers.launch());
    List<String> settings = Template.items("reports/slow-client/settings.md", values);
    write(run, profile, scenarios, rates, fetches, background, settings);
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
    Duration bgWarmup = BG_WARMUP;
    Duration bgMeasure = BG_MEASURE;
    long loadEnds = System.nanoTime() + bgWarmup.plus(bgMeasure).toNanos();
    CompletableFuture<RunResult> load =
        rate > 0
            ? CompletableFuture.supplyAsync(
                () -> driver.run(lane.variant().source(), rate, bgWarmup, bgMeasure))
            : CompletableFuture.completedFuture(null);
    if (rate > 0) {
      LockSupport.parkNanos(bgWarmup.toNanos());
    }
    double lastSeconds = 0;
    for (int i = 1; i <= FETCHES; i++) {
      if (rate != 0 && System.nanoTime() + lastSeconds * 1.5e9 >= loadEnds) {
        run.progress().printf("[%s]   fetch %d skipped: the load would end before it%n", NAME, i);
        break;
      }
      Fetch f = fetch(link, lane, rate, i, loadEnds);
      results.add(f);
      lastSeconds = f.seconds();
      run.progress().printf("[%s]   %s%n", NAME, f);
    }
    RunResult r = load.join();
    if (r != null) {
      background.put(lane.variant().name() + "@" + rate, r);
      run.progress().printf("[%s]   background: %s%n", NAME, r);
    }
  }

  /**
   * One fetch with curl inside the namespace, through the lane's relay; under load when it ended
   * before {@code loadEnds} (on {@link System#nanoTime()}) or without load ({@code rate} 0).
   */
  static Fetch fetch(SlowLink link, Lane lane, double rate, int fetch, long loadEnds) {
    InetSocketAddress at = lane.relay().address();
    link.forgetTcpMetrics();
    try {
      Path headers = Files.createTempFile("wsqos-slow-headers-", ".txt");
      try {
        List<String> curl = new ArrayList<>(List.of(CURL.split(" ")));
        curl.addAll(
            List.of(
                "-H",
                "Content-Type: text/xml; charset=UTF-8",
                "-H",
                "SOAPAction: \"\"",
                "-D",
                headers.toString(),
                "--data-binary",
                "@" + lane.body(),
                "-w",
                "%{http_code} %{time_total} %{size_download}",
                "http://" + at.getAddress().getHostAddress() + ":" + at.getPort() + "/bookstore"));
        Process p = new ProcessBuilder(link.command(curl)).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(CURL_MAX_SECONDS + 10, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new IllegalStateException("curl did not end");
        }
        boolean underLoad = rate == 0 || System.nanoTime() < loadEnds;
        String[] parts = output.trim().split(" ");
        if (parts.length != 3) {
          throw new IllegalStateException("curl printed '" + output.trim() + "'");
        }
        String encoding = "identity";
        for (String line : Files.readAllLines(headers, StandardCharsets.ISO_8859_1)) {
          int colon = line.indexOf(':');
          if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Encoding")) {
            encoding = line.substring(colon + 1).trim();
          }
        }
        return new Fetch(
            lane.scenario().name(),
            rate,
            fetch,
            Integer.parseInt(parts[0]),
            Double.parseDouble(parts[1]),
            Long.parseLong(parts[2]),
            encoding,
            underLoad);
      } finally {
        Files.deleteIfExists(headers);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private void write(
      Run run,
      LinkProfile profile,
      List<Scenario> scenarios,
      List<Double> rates,
      List<Fetch> fetches,
      Map<String, RunResult> background,
      List<String> settings) {
    Function<Fetch, Optional<RunResult>> bg =
        f -> Optional.ofNullable(background.get(f.scenario() + "@" + f.rate()));
    Table.of(
            fetches,
            column("scenario", Fetch::scenario),
            column("rate", f -> Table.point(f.rate())),
            column("fetch", Fetch::fetch),
            column("status", Fetch::status),
            column("seconds", f -> Table.fixed(f.seconds(), 3)),
            column("bytes", Fetch::bytes),
            column("content_encoding", Fetch::contentEncoding),
            column("under_load", Fetch::underLoad),
            column("bg_throughput", f -> bgCell(bg.apply(f), r -> r.throughputPerSecond(), 1)),
            column("bg_p50_ms", f -> bgCell(bg.apply(f), r -> r.latencyPercentileMillis(50), 2)),
            column("bg_failed", f -> bg.apply(f).map(r -> Long.toString(r.failed())).orElse("")))
        .writeCsv(run.out().resolve("results.csv"));

    List<String> header = new ArrayList<>(List.of("background rate (req/s)"));
    rates.forEach(r -> header.add(Table.point(r)));
    Table service = Table.of(header);
    Plot plot =
        Plot.of(
            "Slow client (" + profile.name() + ") service time under background load",
            "background rate (req/s)",
            "service time (ms)");
    for (Scenario s : scenarios) {
      List<String> cells = new ArrayList<>(List.of(s.name()));
      List<Double> ys = new ArrayList<>();
      for (double rate : rates) {
        List<Fetch> fs =
            fetches.stream()
                .filter(f -> f.scenario().equals(s.name()) && f.rate() == rate)
                .filter(f -> f.status() == 200 && f.underLoad())
                .toList();
        DoubleSummaryStatistics ms =
            fs.stream().mapToDouble(f -> f.seconds() * 1000).summaryStatistics();
        ys.add(fs.isEmpty() ? Double.NaN : ms.getAverage());
        cells.add(
            fs.isEmpty()
                ? "-"
                : String.format(
                    Locale.ROOT,
                    "%.0f (%.0f-%.0f; n=%d, %d B %s)",
                    ms.getAverage(),
                    ms.getMin(),
                    ms.getMax(),
                    fs.size(),
                    Math.round(fs.stream().mapToLong(Fetch::bytes).average().orElse(0)),
                    String.join("/", fs.stream().map(Fetch::contentEncoding).distinct().toList())));
      }
      service.row(cells);
      plot.series(s.name(), rates, ys);
    }
    Table load =
        Table.of(
            background.entrySet(),
            column("scenario", e -> e.getKey().split("@")[0]),
            column("rate", e -> Table.point(Double.parseDouble(e.getKey().split("@")[1]))),
            column("throughput/s", e -> Table.fixed(e.getValue().throughputPerSecond(), 0)),
            column("p50 ms", e -> Table.fixed(e.getValue().latencyPercentileMillis(50), 2)),
            column("p99 ms", e -> Table.fixed(e.getValue().latencyPercentileMillis(99), 2)),
            column("failed", e -> e.getValue().failed()));
    run.report(
            "Slow client behind an emulated "
                + profile.name()
                + " link under background load (Table 5)",
            summary(),
            settings)
        .add(
            Report.section(
                "Service time of the slow client (ms)",
                "Mean (min-max; number of fetches, mean bytes received and their"
                    + " Content-Encoding).",
                service))
        .add(Report.section("Background load per point", "", load))
        .add(
            Report.section("The paper's Table 5 (iPAQ over emulated GPRS, IIS server)", "", null)
                + PAPER_TABLE_5)
        .write(run.out().resolve("report.md"));
    plot.write(run.out().resolve("service-time.png"));
    run.progress().println("wrote " + run.out().toAbsolutePath());
  }

  private static String bgCell(
      Optional<RunResult> result, ToDoubleFunction<RunResult> value, int decimals) {
    return result.map(r -> Table.fixed(value.applyAsDouble(r), decimals)).orElse("");
  }
}
