package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.net.DelayRelay;
import io.wsqos.benchmarks.net.LinkProfile;
import io.wsqos.benchmarks.net.SlowLink;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.core.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

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

  private static final long CURL_MAX_SECONDS = 120;

  /**
   * One scenario: the bookstore's {@code --compression}, the background requests' preferences in
   * turn, the slow client's ({@code null}: no WS-QoS header).
   */
  record Scenario(
      String name,
      String compression,
      List<CompressionPreference> background,
      CompressionPreference slowClient) {}

  /**
   * The paper's two scenarios: the same load-aware server; background clients asking all {@code
   * compress}, or half {@code compress} and half {@code server-decides}; the mobile client asking
   * {@code compress} in both (it is the one that benefits from compression).
   */
  static final List<Scenario> TABLE_5 =
      List.of(
          new Scenario(
              "all-compressed",
              "dynamic",
              List.of(CompressionPreference.COMPRESS),
              CompressionPreference.COMPRESS),
          new Scenario(
              "dynamic",
              "dynamic",
              List.of(CompressionPreference.COMPRESS, CompressionPreference.SERVER_DECIDES),
              CompressionPreference.COMPRESS));

  /**
   * Without wsqos: the uncompressed bookstore against CXF's {@code GZIPFeature} compressing every
   * response (background and slow client alike): what compression alone does for the slow client
   * (Figures 49-50) and what it costs it under load.
   */
  static final List<Scenario> LINK =
      List.of(
          new Scenario("uncompressed", "none", CompressionExperiment.nulls(), null),
          new Scenario("cxf-gzip", "cxf-gzip", CompressionExperiment.nulls(), null));

  static final Option<String> LINK_OPTION =
      Option.choice(
          "link",
          LinkProfile.GPRS.name(),
          List.of(LinkProfile.GPRS.name(), LinkProfile.GPRS_POOR.name()),
          "the emulated link's profile");
  static final Option<List<Double>> RATES =
      Run.numbers("rates", DEFAULT_RATES, "background rates (req/s); 0: no background load");
  static final Option<Integer> FETCHES =
      Option.integer(
          "fetches", 3, 1, 1000, "the slow client's fetches per point, one after another");
  static final Option<Duration> BG_WARMUP =
      Run.seconds("bg-warmup", 3, "background load before the first fetch of a point");
  static final Option<Duration> BG_MEASURE =
      Run.seconds("bg-measure", 15, "background load during the fetches");
  static final Option<String> SCENARIOS =
      Option.choice(
          "scenarios",
          "table5",
          List.of("table5", "link"),
          "table5: the paper's two (all-compressed, dynamic); link: uncompressed against cxf-gzip");
  static final Option<Path> SLOW_REQUEST =
      Run.path(
          "slow-request", "examples/bookstore/requests/heavy-1.xml", "what the slow client posts");

  record Fetch(
      String scenario,
      double rate,
      int fetch,
      int status,
      double seconds,
      long bytes,
      String contentEncoding,
      boolean underLoad) {}

  @Override
  public String name() {
    return "slow-client";
  }

  @Override
  public String summary() {
    return "A client behind an emulated GPRS link fetches \"heavy information for 1 book\" while"
        + " the open-loop driver loads the same server with \"lite information\" at the"
        + " given rate. Service time: curl's `time_total` for the whole exchange, mean over"
        + " the fetches made while the load ran (only HTTP 200s). Needs root (network"
        + " namespaces, tc) and curl.";
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(LINK_OPTION, RATES, FETCHES, BG_WARMUP, BG_MEASURE, SCENARIOS),
        List.of(Run.REQUEST, SLOW_REQUEST),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  @Override
  public void run(Run run) throws IOException {
    LinkProfile profile = LinkProfile.named(run.get(LINK_OPTION));
    List<Double> rates = run.get(RATES);
    List<Scenario> scenarios = run.get(SCENARIOS).equals("link") ? LINK : TABLE_5;
    Path backgroundFile = run.get(Run.REQUEST);
    Path slowFile = run.get(SLOW_REQUEST);
    DriverOptions options =
        DriverOptions.builder()
            .connectTimeout(Duration.ofMillis(DriverOptions.DEFAULT_CONNECT_TIMEOUT_MILLIS))
            .responseTimeout(Duration.ofSeconds(5))
            .build();
    OpenLoopDriver driver = OpenLoopDriver.create(options);
    Servers servers =
        run.servers(
            scenarios.stream().map(Scenario::compression).toList(),
            token -> List.of("--compression", token));
    SlowLink link =
        run.hold(SlowLink.create(1 + (int) (ProcessHandle.current().pid() % 200), profile));
    String linkDescription = link.describe();
    run.progress().println("link: " + linkDescription);
    Map<String, DelayRelay> relays = new LinkedHashMap<>();
    Map<String, Path> bodies = new LinkedHashMap<>();
    List<Variant> variants = new ArrayList<>();
    for (Scenario s : scenarios) {
      URI server = servers.address(s.compression());
      relays.put(
          s.name(),
          run.hold(
              DelayRelay.start(
                  InetAddress.getByName(link.hostAddress()),
                  new InetSocketAddress(server.getHost(), server.getPort()),
                  profile.upDelayMillis(),
                  profile.downDelayMillis())));
      byte[] envelope = BaselineExperiment.read(slowFile);
      Path body = Files.createTempFile("wsqos-slow-" + s.name() + "-", ".xml");
      body.toFile().deleteOnExit();
      Files.write(
          body,
          s.slowClient() == null
              ? envelope
              : QosEnvelopes.withRequirement(envelope, s.slowClient()));
      bodies.put(s.name(), body);
      variants.add(
          new Variant(
              s.name(),
              CompressionExperiment.source(
                  server,
                  backgroundFile,
                  new CompressionExperiment.Side(
                      s.name(),
                      s.compression(),
                      s.background(),
                      CompressionExperiment.ACCEPT_ANY))));
    }
    ServerWarmup.run(name(), run.options(), options, variants, run.progress());
    for (Scenario s : scenarios) {
      fetch(link, relays.get(s.name()), bodies.get(s.name()), s.name(), 0, 0, false);
    }
    List<Fetch> fetches = new ArrayList<>();
    Map<String, RunResult> background = new LinkedHashMap<>();
    long started = System.nanoTime();
    int done = 0;
    for (double rate : rates) {
      for (Variant v : variants) {
        run.progress()
            .printf(
                Locale.ROOT,
                "[%s] rate %s, %s (%d/%d, %.0f s elapsed)%n",
                name(),
                Table.point(rate),
                v.name(),
                ++done,
                rates.size() * scenarios.size(),
                (System.nanoTime() - started) / 1e9);
        point(
            run,
            driver,
            link,
            relays.get(v.name()),
            bodies.get(v.name()),
            v,
            rate,
            fetches,
            background);
      }
    }
    List<String> settings = new ArrayList<>();
    settings.add(
        String.format(
            Locale.ROOT,
            "link %s: down %d bit/s, up %d bit/s (tc tbf, burst %d B), one-way delay down %d"
                + " ms, up %d ms (user-space relay)",
            profile.name(),
            profile.downBitsPerSecond(),
            profile.upBitsPerSecond(),
            1_600,
            profile.downDelayMillis(),
            profile.upDelayMillis()));
    settings.add("qdiscs: `" + linkDescription + "`");
    for (Scenario s : scenarios) {
      settings.add(
          "scenario "
              + s.name()
              + ": server --compression "
              + s.compression()
              + ", background "
              + tokens(s.background())
              + ", slow client "
              + (s.slowClient() == null ? "without WS-QoS header" : s.slowClient().token()));
    }
    settings.add(ServerWarmup.describe(run.options()));
    settings.add(
        "background: open-loop driver on loopback, POST of `"
            + backgroundFile
            + "`, one connection each; per point warm-up "
            + run.get(BG_WARMUP).toMillis()
            + " ms, then the slow client's fetches while the load runs "
            + run.get(BG_MEASURE).toMillis()
            + " ms more");
    settings.add(
        "slow client: `ip netns exec <ns> curl --compressed` POST of `"
            + slowFile
            + "`, "
            + run.get(FETCHES)
            + " fetch(es) one after another per point (fetches that would end after the"
            + " background load are not made)");
    settings.add(
        "servers: `BookstoreServer --compression ...` in own JVMs (" + servers.launch() + ")");
    write(run, profile, scenarios, rates, fetches, background, settings);
  }

  private void point(
      Run run,
      OpenLoopDriver driver,
      SlowLink link,
      DelayRelay relay,
      Path body,
      Variant variant,
      double rate,
      List<Fetch> results,
      Map<String, RunResult> background) {
    Duration bgWarmup = run.get(BG_WARMUP);
    Duration bgMeasure = run.get(BG_MEASURE);
    long loadEnds = System.nanoTime() + bgWarmup.toNanos() + bgMeasure.toNanos();
    CompletableFuture<RunResult> load =
        rate > 0
            ? CompletableFuture.supplyAsync(
                () -> driver.run(variant.source(), rate, bgWarmup, bgMeasure))
            : CompletableFuture.completedFuture(null);
    if (rate > 0) {
      LockSupport.parkNanos(bgWarmup.toNanos());
    }
    double lastSeconds = 0;
    for (int i = 1; i <= run.get(FETCHES); i++) {
      if (rate != 0 && System.nanoTime() + lastSeconds * 1.5e9 >= loadEnds) {
        run.progress()
            .printf("[slow-client]   fetch %d skipped: the load would end before it%n", i);
        break;
      }
      Fetch f = fetch(link, relay, body, variant.name(), rate, i, true);
      boolean underLoad = rate == 0 || System.nanoTime() < loadEnds;
      f =
          new Fetch(
              f.scenario(),
              f.rate(),
              f.fetch(),
              f.status(),
              f.seconds(),
              f.bytes(),
              f.contentEncoding(),
              underLoad);
      results.add(f);
      lastSeconds = f.seconds();
      run.progress()
          .printf(
              Locale.ROOT,
              "[slow-client]   fetch %d: HTTP %d, %.3f s, %d bytes, encoding %s%s%n",
              i,
              f.status(),
              f.seconds(),
              f.bytes(),
              f.contentEncoding(),
              underLoad ? "" : " (load had ended)");
    }
    RunResult r = load.join();
    if (r != null) {
      background.put(variant.name() + "@" + rate, r);
      run.progress().printf("[slow-client]   background: %s%n", r);
    }
  }

  /** One fetch with curl inside the namespace, through the relay. */
  static Fetch fetch(
      SlowLink link,
      DelayRelay relay,
      Path body,
      String scenario,
      double rate,
      int fetch,
      boolean underLoad)
      throws java.io.UncheckedIOException {
    InetSocketAddress at = relay.address();
    link.forgetTcpMetrics();
    try {
      Path headers = Files.createTempFile("wsqos-slow-headers-", ".txt");
      try {
        List<String> curl =
            List.of(
                "curl",
                "-s",
                "--compressed",
                "-o",
                "/dev/null",
                "-D",
                headers.toString(),
                "--max-time",
                Long.toString(CURL_MAX_SECONDS),
                "-H",
                "Content-Type: text/xml; charset=UTF-8",
                "-H",
                "SOAPAction: \"\"",
                "--data-binary",
                "@" + body,
                "-w",
                "%{http_code} %{time_total} %{size_download}",
                "http://" + at.getAddress().getHostAddress() + ":" + at.getPort() + "/bookstore");
        Process p = new ProcessBuilder(link.command(curl)).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(CURL_MAX_SECONDS + 10, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new IllegalStateException("curl did not end");
        }
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
            scenario,
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
      throw new java.io.UncheckedIOException(e);
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
    Table csv =
        Table.of(
            "scenario",
            "rate",
            "fetch",
            "status",
            "seconds",
            "bytes",
            "content_encoding",
            "under_load",
            "bg_throughput",
            "bg_p50_ms",
            "bg_failed");
    for (Fetch f : fetches) {
      RunResult bg = background.get(f.scenario() + "@" + f.rate());
      csv.row(
          f.scenario(),
          Table.point(f.rate()),
          f.fetch(),
          f.status(),
          Table.fixed(f.seconds(), 3),
          f.bytes(),
          f.contentEncoding(),
          f.underLoad(),
          bg == null ? "" : Table.fixed(bg.throughputPerSecond(), 1),
          bg == null ? "" : Table.fixed(bg.latencyPercentileMillis(50), 2),
          bg == null ? "" : Long.toString(bg.failed()));
    }
    csv.writeCsv(run.out().resolve("results.csv"));

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
                .filter(
                    f ->
                        f.scenario().equals(s.name())
                            && f.rate() == rate
                            && f.status() == 200
                            && f.underLoad())
                .toList();
        double[] sorted = fs.stream().mapToDouble(Fetch::seconds).sorted().toArray();
        double mean = fs.stream().mapToDouble(Fetch::seconds).average().orElse(Double.NaN);
        ys.add(mean * 1000);
        Set<String> encodings = new LinkedHashSet<>();
        fs.forEach(f -> encodings.add(f.contentEncoding()));
        cells.add(
            sorted.length == 0
                ? "-"
                : String.format(
                    Locale.ROOT,
                    "%.0f (%.0f-%.0f; n=%d, %d B %s)",
                    mean * 1000,
                    sorted[0] * 1000,
                    sorted[sorted.length - 1] * 1000,
                    fs.size(),
                    Math.round(fs.stream().mapToLong(Fetch::bytes).average().orElse(0)),
                    String.join("/", encodings)));
      }
      service.row(cells);
      plot.series(s.name(), rates, ys);
    }
    Table load = Table.of("scenario", "rate", "throughput/s", "p50 ms", "p99 ms", "failed");
    background.forEach(
        (key, r) -> {
          String[] parts = key.split("@");
          load.row(
              parts[0],
              Table.point(Double.parseDouble(parts[1])),
              Table.fixed(r.throughputPerSecond(), 0),
              Table.fixed(r.latencyPercentileMillis(50), 2),
              Table.fixed(r.latencyPercentileMillis(99), 2),
              r.failed());
        });
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

  private static String tokens(List<CompressionPreference> preferences) {
    List<String> names = new ArrayList<>();
    preferences.forEach(p -> names.add(p == null ? "no WS-QoS header" : p.token()));
    return String.join(" / ", names) + (names.size() > 1 ? " in turn" : "");
  }
}
