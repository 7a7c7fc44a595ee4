package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.net.DelayRelay;
import io.wsqos.benchmarks.net.LinkProfile;
import io.wsqos.benchmarks.net.SlowLink;
import io.wsqos.benchmarks.report.MachineInfo;
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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * Table 5 of {@code 000_49aae6b7688bc2eb.txt}: a client behind an emulated GPRS link fetches "heavy
 * information for 1 book" while background load runs against the same server at rising rates; its
 * service time per scenario.
 *
 * <p>The link: a network namespace behind a veth pair shaped with {@code tc tbf} ({@link
 * SlowLink}), and a {@link DelayRelay} in the root namespace adding the one-way delays. The slow
 * client is {@code curl --compressed} run inside the namespace; the server runs in its own JVM on
 * loopback; the background load is the open-loop driver on loopback.
 */
final class SlowClientExperiment {

  /** Below, at and beyond the peaks measured by {@code compression-rate} on this machine. */
  static final List<Double> DEFAULT_RATES =
      List.of(0.0, 3000.0, 5000.0, 6000.0, 7000.0, 8000.0, 10000.0);

  static final Set<String> OPTIONS =
      Set.of(
          "link",
          "rates",
          "fetches",
          "bg-warmup",
          "bg-measure",
          "scenarios",
          "request",
          "slow-request",
          "out",
          "server-jvm-opt",
          "server-warmup",
          ServerWarmup.REQUESTERS_OPTION,
          Servers.CPUS_OPTION);

  /** The paper's Table 5, service time of the mobile client in ms at sclient rates 80..160/s. */
  static final String PAPER_TABLE_5 =
      "| sclient rate (req/s) | 80 | 100 | 120 | 140 | 160 |\n"
          + "| --- | --- | --- | --- | --- | --- |\n"
          + "| All compressed (ms) | 9985 | 10495 | 16492 | 17104 | 17176 |\n"
          + "| Dynamic (ms) | 9370 | 9850 | 10468 | 10538 | 17131 |\n";

  private static final long CURL_MAX_SECONDS = 120;

  /**
   * One scenario: the server's mode, the background requests' preferences in turn, the slow
   * client's ({@code null}: no WS-QoS header) and its Accept-Encoding.
   */
  record Scenario(
      String name,
      ServerMode mode,
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
              ServerMode.DYNAMIC,
              List.of(CompressionPreference.COMPRESS),
              CompressionPreference.COMPRESS),
          new Scenario(
              "dynamic",
              ServerMode.DYNAMIC,
              List.of(CompressionPreference.COMPRESS, CompressionPreference.SERVER_DECIDES),
              CompressionPreference.COMPRESS));

  /**
   * Without wsqos: the uncompressed bookstore against CXF's {@code GZIPFeature} compressing every
   * response (background and slow client alike): what compression alone does for the slow client
   * (Figures 49-50) and what it costs it under load.
   */
  static final List<Scenario> LINK =
      List.of(
          new Scenario("uncompressed", ServerMode.NONE, CompressionExperiments.nulls(1), null),
          new Scenario("cxf-gzip", ServerMode.CXF_GZIP, CompressionExperiments.nulls(1), null));

  record Fetch(
      String scenario,
      double rate,
      int fetch,
      int status,
      double seconds,
      long bytes,
      String contentEncoding,
      boolean underLoad) {}

  private SlowClientExperiment() {}

  static void run(Args args, String command) {
    String name = "slow-client";
    LinkProfile profile = LinkProfile.named(args.string("link", "gprs"));
    List<Double> rates = args.numbers("rates", DEFAULT_RATES);
    int fetches = args.integer("fetches", 3);
    Duration bgWarmup = args.seconds("bg-warmup", 3);
    Duration bgMeasure = args.seconds("bg-measure", 15);
    String scenarioSet = args.string("scenarios", "table5");
    List<Scenario> scenarios =
        switch (scenarioSet) {
          case "table5" -> TABLE_5;
          case "link" -> LINK;
          default ->
              throw new IllegalArgumentException(
                  "--scenarios: '" + scenarioSet + "' (expected: table5 or link)");
        };
    Path backgroundFile = Path.of(args.string("request", "examples/bookstore/requests/lite-1.xml"));
    Path slowFile = Path.of(args.string("slow-request", "examples/bookstore/requests/heavy-1.xml"));
    DriverOptions options =
        DriverOptions.builder()
            .connectTimeout(Duration.ofMillis(DriverOptions.DEFAULT_CONNECT_TIMEOUT_MILLIS))
            .responseTimeout(Duration.ofSeconds(5))
            .build();
    OpenLoopDriver driver = OpenLoopDriver.create(options);
    Path out = Path.of(args.string("out", "benchmarks/results/" + name));
    List<Fetch> results = new ArrayList<>();
    Map<String, RunResult> background = new LinkedHashMap<>();
    String linkDescription;
    String loadBefore = "";
    Servers servers = Servers.start(args, scenarios.stream().map(Scenario::mode).toList());
    try (servers;
        SlowLink link = SlowLink.create(1 + (int) (ProcessHandle.current().pid() % 200), profile)) {
      linkDescription = link.describe();
      System.err.println("link: " + linkDescription);
      Map<String, DelayRelay> relays = new LinkedHashMap<>();
      Map<String, Path> bodies = new LinkedHashMap<>();
      Map<String, RequestSource> sources = new LinkedHashMap<>();
      try {
        for (Scenario s : scenarios) {
          URI server = servers.address(s.mode());
          relays.put(
              s.name(),
              DelayRelay.start(
                  InetAddress.getByName(link.hostAddress()),
                  new InetSocketAddress(server.getHost(), server.getPort()),
                  profile.upDelayMillis(),
                  profile.downDelayMillis()));
          byte[] envelope = CompressionExperiments.read(slowFile);
          Path body = Files.createTempFile("wsqos-slow-" + s.name() + "-", ".xml");
          body.toFile().deleteOnExit();
          Files.write(
              body,
              s.slowClient() == null
                  ? envelope
                  : QosEnvelopes.withRequirement(envelope, s.slowClient()));
          bodies.put(s.name(), body);
          sources.put(
              s.name(),
              CompressionExperiments.source(
                  server,
                  backgroundFile,
                  new CompressionExperiments.Side(
                      s.name(), s.mode(), s.background(), CompressionExperiments.ACCEPT_ANY)));
        }
        List<Variant> warmups = new ArrayList<>();
        sources.forEach((scenario, source) -> warmups.add(new Variant(scenario, source)));
        ServerWarmup.run(name, args, options, warmups);
        for (Scenario s : scenarios) {
          fetch(link, relays.get(s.name()), bodies.get(s.name()), s.name(), 0, 0, false);
        }
        loadBefore = CompressionExperiments.loadAverage();
        long started = System.nanoTime();
        int done = 0;
        for (double rate : rates) {
          for (Scenario s : scenarios) {
            System.err.printf(
                Locale.ROOT,
                "[%s] rate %s, %s (%d/%d, %.0f s elapsed)%n",
                name,
                CompressionExperiments.format(rate),
                s.name(),
                ++done,
                rates.size() * scenarios.size(),
                (System.nanoTime() - started) / 1e9);
            point(
                driver,
                link,
                relays.get(s.name()),
                bodies.get(s.name()),
                sources.get(s.name()),
                s.name(),
                rate,
                fetches,
                bgWarmup,
                bgMeasure,
                results,
                background);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } finally {
        relays.values().forEach(DelayRelay::close);
      }
    }
    write(
        out,
        name,
        profile,
        linkDescription,
        scenarios,
        rates,
        results,
        background,
        List.of(
            ServerWarmup.describe(args),
            "background: open-loop driver on loopback, POST of `"
                + backgroundFile
                + "`, one connection each; per point warm-up "
                + bgWarmup.toMillis()
                + " ms, then the slow client's fetches while the load runs "
                + bgMeasure.toMillis()
                + " ms more",
            "slow client: `ip netns exec <ns> curl --compressed` POST of `"
                + slowFile
                + "`, "
                + fetches
                + " fetch(es) one after another per point (fetches that would end after the"
                + " background load are not made)",
            "servers: `CompressionServer --mode=...` in own JVMs (" + servers.launch() + ")",
            "machine load (/proc/loadavg) before: "
                + loadBefore
                + "; after: "
                + CompressionExperiments.loadAverage(),
            "command: `" + command + "`"));
  }

  private static void point(
      OpenLoopDriver driver,
      SlowLink link,
      DelayRelay relay,
      Path body,
      RequestSource source,
      String scenario,
      double rate,
      int fetches,
      Duration bgWarmup,
      Duration bgMeasure,
      List<Fetch> results,
      Map<String, RunResult> background) {
    long loadEnds = System.nanoTime() + bgWarmup.toNanos() + bgMeasure.toNanos();
    CompletableFuture<RunResult> load =
        rate > 0
            ? CompletableFuture.supplyAsync(() -> driver.run(source, rate, bgWarmup, bgMeasure))
            : CompletableFuture.completedFuture(null);
    sleep(rate > 0 ? bgWarmup.toMillis() : 0);
    double lastSeconds = 0;
    for (int i = 1; i <= fetches; i++) {
      boolean fits = rate == 0 || System.nanoTime() + lastSeconds * 1.5e9 < loadEnds;
      if (!fits) {
        System.err.printf("[slow-client]   fetch %d skipped: the load would end before it%n", i);
        break;
      }
      Fetch f = fetch(link, relay, body, scenario, rate, i, rate > 0);
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
      System.err.printf(
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
      background.put(scenario + "@" + rate, r);
      System.err.printf("[slow-client]   background: %s%n", r);
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
      boolean underLoad) {
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
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static void write(
      Path out,
      String name,
      LinkProfile profile,
      String linkDescription,
      List<Scenario> scenarios,
      List<Double> rates,
      List<Fetch> results,
      Map<String, RunResult> background,
      List<String> settings) {
    try {
      Files.createDirectories(out);
      StringBuilder csv =
          new StringBuilder(
              "scenario,rate,fetch,status,seconds,bytes,content_encoding,under_load,"
                  + "bg_throughput,bg_p50_ms,bg_failed\n");
      for (Fetch f : results) {
        RunResult bg = background.get(f.scenario() + "@" + f.rate());
        csv.append(
            String.format(
                Locale.ROOT,
                "%s,%s,%d,%d,%.3f,%d,%s,%s,%s,%s,%s%n",
                f.scenario(),
                CompressionExperiments.format(f.rate()),
                f.fetch(),
                f.status(),
                f.seconds(),
                f.bytes(),
                f.contentEncoding(),
                f.underLoad(),
                bg == null ? "" : String.format(Locale.ROOT, "%.1f", bg.throughputPerSecond()),
                bg == null
                    ? ""
                    : String.format(Locale.ROOT, "%.2f", bg.latencyPercentileMillis(50)),
                bg == null ? "" : Long.toString(bg.failed())));
      }
      Files.writeString(out.resolve("results.csv"), csv.toString());

      StringBuilder md = new StringBuilder();
      md.append("# Slow client behind an emulated ")
          .append(profile.name())
          .append(" link under background load (Table 5)\n\n");
      md.append(
          "A client behind an emulated GPRS link fetches \"heavy information for 1 book\" while"
              + " the open-loop driver loads the same server with \"lite information\" at the"
              + " given rate. Service time: curl's `time_total` for the whole exchange, mean over"
              + " the fetches made while the load ran (only HTTP 200s).\n\n");
      md.append("## Machine\n\n");
      MachineInfo m = MachineInfo.current(Experiments.CORE_WAKE_CONVENTION);
      md.append("- cores: ").append(m.cores()).append('\n');
      md.append("- JVM: ").append(m.jvm()).append('\n');
      md.append("- OS: ").append(m.os()).append('\n');
      md.append("- date: ").append(m.date()).append("\n\n");
      md.append("## Settings\n\n");
      md.append(
          String.format(
              Locale.ROOT,
              "- link %s: down %d bit/s, up %d bit/s (tc tbf, burst %d B), one-way delay down %d"
                  + " ms, up %d ms (user-space relay)%n",
              profile.name(),
              profile.downBitsPerSecond(),
              profile.upBitsPerSecond(),
              1_600,
              profile.downDelayMillis(),
              profile.upDelayMillis()));
      md.append("- qdiscs: `").append(linkDescription).append("`\n");
      for (Scenario s : scenarios) {
        md.append("- scenario ")
            .append(s.name())
            .append(": server mode ")
            .append(s.mode().token())
            .append(", background ")
            .append(tokens(s.background()))
            .append(", slow client ")
            .append(s.slowClient() == null ? "without WS-QoS header" : s.slowClient().token())
            .append('\n');
      }
      settings.forEach(line -> md.append("- ").append(line).append('\n'));
      md.append(
          "\n## Service time of the slow client (ms)\n\nMean (min-max; number of fetches, mean"
              + " bytes received and their Content-Encoding).\n\n| background rate (req/s) |");
      rates.forEach(r -> md.append(' ').append(CompressionExperiments.format(r)).append(" |"));
      md.append("\n| --- |").append(" --- |".repeat(rates.size())).append('\n');
      Map<String, double[]> series = new LinkedHashMap<>();
      for (Scenario s : scenarios) {
        md.append("| ").append(s.name()).append(" |");
        double[] ys = new double[rates.size()];
        for (int i = 0; i < rates.size(); i++) {
          double rate = rates.get(i);
          List<Fetch> fs =
              results.stream()
                  .filter(
                      f ->
                          f.scenario().equals(s.name())
                              && f.rate() == rate
                              && f.status() == 200
                              && f.underLoad())
                  .toList();
          double mean = fs.stream().mapToDouble(Fetch::seconds).average().orElse(Double.NaN);
          double[] sorted = fs.stream().mapToDouble(Fetch::seconds).sorted().toArray();
          double min = sorted.length == 0 ? Double.NaN : sorted[0];
          double max = sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
          ys[i] = mean * 1000;
          Set<String> encodings = new LinkedHashSet<>();
          fs.forEach(f -> encodings.add(f.contentEncoding()));
          long bytes = Math.round(fs.stream().mapToLong(Fetch::bytes).average().orElse(0));
          md.append(
              Double.isNaN(mean)
                  ? " - |"
                  : String.format(
                      Locale.ROOT,
                      " %.0f (%.0f-%.0f; n=%d, %d B %s) |",
                      mean * 1000,
                      min * 1000,
                      max * 1000,
                      fs.size(),
                      bytes,
                      String.join("/", encodings)));
        }
        md.append('\n');
        series.put(s.name(), ys);
      }
      md.append("\n## Background load per point\n\n")
          .append("| scenario | rate | throughput/s | p50 ms | p99 ms | failed |\n")
          .append("| --- | --- | --- | --- | --- | --- |\n");
      background.forEach(
          (key, r) -> {
            String[] parts = key.split("@");
            md.append(
                String.format(
                    Locale.ROOT,
                    "| %s | %s | %.0f | %.2f | %.2f | %d |%n",
                    parts[0],
                    CompressionExperiments.format(Double.parseDouble(parts[1])),
                    r.throughputPerSecond(),
                    r.latencyPercentileMillis(50),
                    r.latencyPercentileMillis(99),
                    r.failed()));
          });
      md.append("\n## The paper's Table 5 (iPAQ over emulated GPRS, IIS server)\n\n")
          .append(PAPER_TABLE_5);
      Files.writeString(out.resolve("report.md"), md.toString());
      plot(out, profile, rates, series);
      System.err.println("wrote " + out.toAbsolutePath());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String tokens(List<CompressionPreference> preferences) {
    List<String> names = new ArrayList<>();
    preferences.forEach(p -> names.add(p == null ? "no WS-QoS header" : p.token()));
    return String.join(" / ", names) + (names.size() > 1 ? " in turn" : "");
  }

  private static void plot(
      Path out, LinkProfile profile, List<Double> rates, Map<String, double[]> series)
      throws IOException {
    System.setProperty("java.awt.headless", "true");
    XYChart chart =
        new XYChartBuilder()
            .width(900)
            .height(560)
            .title("Slow client (" + profile.name() + ") service time under background load")
            .xAxisTitle("background rate (req/s)")
            .yAxisTitle("service time (ms)")
            .build();
    chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
    double[] xs = rates.stream().mapToDouble(Double::doubleValue).toArray();
    series.forEach(
        (name, ys) -> {
          List<Double> x = new ArrayList<>();
          List<Double> y = new ArrayList<>();
          for (int i = 0; i < xs.length; i++) {
            if (!Double.isNaN(ys[i])) {
              x.add(xs[i]);
              y.add(ys[i]);
            }
          }
          if (!x.isEmpty()) {
            chart.addSeries(name, x, y);
          }
        });
    BitmapEncoder.saveBitmap(
        chart, out.resolve("service-time.png").toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
