package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.net.BulkSender;
import io.wsqos.benchmarks.net.BulkSink;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.proxy.DscpMapping;
import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.net.NetworkNamespace.End;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;

/**
 * Figures 63-66 of {@code 000_49aae6b7688bc2eb.txt}: the throughput of SOAP responses that ask for
 * the assured class through a DiffServ bottleneck shared with unmarked bulk traffic. The servers
 * run inside a network namespace whose end of the veth pair is shaped, the driver and the {@link
 * BulkSink} outside, so responses and the {@link BulkSender}'s background share the shaped device.
 */
final class DiffServShareExperiment implements Experiment {

  /** The seed's bottleneck: 1024 kilobytes per second, taken as KiB. */
  static final long LINK_BYTES_PER_SECOND = 1024 * 1024;

  /** The AF class's guaranteed part of the link; best effort has the rest. */
  static final double AF_PART = 0.30;

  /** Goal: marked responses keep 90% of the AF share under full background load. */
  static final double GOAL = 0.90;

  static final String AF_CLASS = "1:10";
  static final String BE_CLASS = "1:20";

  /** The paper's SOAP response with its HTTP header (8830 + about 270 bytes, section 7.3.1). */
  static final double PAPER_RESPONSE_BYTES = 8830 + 270;

  static final Option<List<Double>> BACKGROUNDS =
      Run.numbers(
          "backgrounds",
          List.of(800.0, 1024.0),
          "best-effort background rates (KiB/s), one sweep each");
  static final Option<List<Double>> RATES =
      Run.numbers(
          "rates",
          List.of(40.0, 80.0, 120.0, 160.0),
          "offered rates of the assured client (req/s)");

  /** Background traffic before a sweep's first run. */
  static final Duration BACKGROUND_RAMP = Duration.ofSeconds(3);

  static final Option<Boolean> MARKED_HANDSHAKES =
      Option.flag(
          "marked-handshakes",
          "the client marks its connections to the marked variants AF before they connect, and"
              + " the namespace answers a SYN in its own DSCP (net.ipv4.tcp_reflect_tos=1), so"
              + " their handshakes leave in AF too");

  private static final String UNMARKED = "unmarked";
  private static final String MARKING = "marking";
  private static final String PROXY = "proxy";
  private static final List<String> VARIANTS = List.of(UNMARKED, MARKING, PROXY);

  @Override
  public String name() {
    return "diffserv-share";
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(BACKGROUNDS, RATES, MARKED_HANDSHAKES, Run.REQUEST),
        Run.driverSweep(5, 2, 8, 5_000),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    int servers = 3; // unmarked, marking, proxy: one variant each
    Duration perBackground =
        BACKGROUND_RAMP.plus(Estimates.sweep(options, options.get(RATES).size(), servers));
    return Estimates.jvmStarts(servers)
        .plus(Estimates.serverWarmups(options, servers))
        .plus(perBackground.multipliedBy(options.get(BACKGROUNDS).size()));
  }

  private record Counters(long afBytes, long beBytes, long backgroundBytes) {}

  /** One run and what the bottleneck forwarded per second during its measured window. */
  record Row(double background, PointResult result, double af, double be, double received) {

    String variant() {
      return result.variant();
    }

    double rate() {
      return result.x();
    }

    double throughput() {
      return result.throughputPerSecond();
    }

    /** The throughput over min(offered rate, the AF share of {@code share} responses/s). */
    double ofShare(double share) {
      return throughput() / Math.min(rate(), share);
    }
  }

  @Override
  public void run(Run run) throws IOException {
    Optional<String> why = NetworkNamespace.unavailableReason("tc");
    if (why.isPresent()) {
      run.progress().println("diffserv-share skipped: " + why.get());
      return;
    }
    NetworkNamespace ns = run.hold(NetworkNamespace.create("dsshare"));
    boolean markedHandshakes = run.get(MARKED_HANDSHAKES);
    if (markedHandshakes) {
      try {
        ns.exec("sysctl", "-w", "net.ipv4.tcp_reflect_tos=1");
      } catch (IllegalStateException e) {
        throw new IllegalStateException(
            "--marked-handshakes needs net.ipv4.tcp_reflect_tos (Linux 5.10 or later) in the"
                + " namespace: "
                + e.getMessage(),
            e);
      }
    }
    String host = ns.innerAddress();
    Servers bookstores =
        run.servers(
            List.of(UNMARKED, MARKING),
            token ->
                token.equals(MARKING) ? List.of("--host", host, "--dscp") : List.of("--host", host),
            Servers.BOOKSTORE,
            ns::command);
    URI unmarked = bookstores.address(UNMARKED);
    Servers proxies =
        run.servers(
            List.of(PROXY),
            token -> List.of("--target", Servers.origin(unmarked), "--host", host, "--ipv4"),
            Servers.PROXY,
            ns::command);
    Map<String, URI> addresses = new LinkedHashMap<>();
    addresses.put(UNMARKED, unmarked);
    addresses.put(MARKING, bookstores.address(MARKING));
    addresses.put(PROXY, Servers.withPath(proxies.address(PROXY), unmarked));

    Path requestFile = run.get(Run.REQUEST);
    byte[] body =
        QosEnvelopes.withRequirement(
            Run.read(requestFile), CompressionPreference.NONE, TransportPriority.ASSURED);
    int assuredTos = DscpMapping.defaults().tos(TransportPriority.ASSURED);
    List<Variant> variants = new ArrayList<>();
    addresses.forEach(
        (name, address) -> {
          HttpRequest.Builder request = Variant.soapPost(address, body).keepAlive(true);
          if (markedHandshakes && !name.equals(UNMARKED)) {
            request.tos(assuredTos);
          }
          variants.add(new Variant(name, RequestSource.of(request.build())));
        });
    long httpBytes = httpResponseBytes(unmarked, body);

    // Warmed up before the link is shaped, so that the warm-up's rate is not the link's.
    ServerWarmup.run(name(), run.options(), run.driverOptions(), variants, run.progress());
    shape(ns);
    BulkSink sink = run.hold(BulkSink.start(InetAddress.getByName(ns.hostAddress())));
    PointRunner driver = run.driver(false);
    List<Row> rows = new ArrayList<>();
    for (double background : run.get(BACKGROUNDS)) {
      try (ChildProcess sender = startBackground(run, ns, sink, background)) {
        Thread.sleep(BACKGROUND_RAMP.toMillis());
        run.progress().printf("[%s] background %s KiB/s%n", name(), Table.point(background));
        run.sweep(
            run.get(RATES), variants, counted(ns, sink, driver, background, rows, run), false);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
    write(run, ns, rows, httpBytes, requestFile);
  }

  /** The seed's router on the namespace's end: what leaves the namespace is shaped. */
  private static void shape(NetworkNamespace ns) {
    long bits = LINK_BYTES_PER_SECOND * 8;
    String link = bits + "bit";
    ns.tc(End.INNER, "qdisc", "add", "root", "handle", "1:", "htb", "default", "20");
    ns.tc(End.INNER, "class", "add", "parent", "1:", "classid", "1:1", "htb", "rate", link);
    for (String c : List.of(AF_CLASS, BE_CLASS)) {
      double part = c.equals(AF_CLASS) ? AF_PART : 1 - AF_PART;
      String rate = Math.round(bits * part) + "bit";
      ns.tc(
          End.INNER, "class", "add", "parent", "1:1", "classid", c, "htb", "rate", rate, "ceil",
          link);
    }
    ns.dsFieldFilter(End.INNER, DscpMapping.defaults().tos(TransportPriority.ASSURED), AF_CLASS);
  }

  private static ChildProcess startBackground(
      Run run, NetworkNamespace ns, BulkSink sink, double kibPerSecond) {
    List<String> command =
        ns.command(
            ChildProcess.javaCommand(
                List.of("-Xmx64m"),
                BulkSender.class,
                List.of(
                    "--to",
                    sink.address().getHostString() + ":" + sink.address().getPort(),
                    "--rate",
                    Long.toString(Math.round(kibPerSecond * 1024)),
                    // Bounded by itself too, should this JVM die without closing it.
                    "--max-seconds",
                    Long.toString(4 * 3600))));
    ChildProcess sender =
        ChildProcess.start(
            "bulk-sender",
            command,
            line -> line.startsWith("bulk-sender sending"),
            null,
            run.progress());
    sender.ready(Duration.ofSeconds(ChildProcess.START_TIMEOUT_SECONDS));
    return sender;
  }

  /** {@code runner}, reading the counters at the start and the end of each measured window. */
  private static PointRunner counted(
      NetworkNamespace ns,
      BulkSink sink,
      PointRunner runner,
      double background,
      List<Row> rows,
      Run run) {
    Map<String, Integer> repetitions = new HashMap<>();
    return (v, x, warmup, measure) -> {
      CompletableFuture<Counters> first = countersAfter(ns, sink, warmup);
      CompletableFuture<Counters> last = countersAfter(ns, sink, warmup.plus(measure));
      RunResult result = runner.run(v, x, warmup, measure);
      Counters a = first.orTimeout(30, TimeUnit.SECONDS).join();
      Counters b = last.orTimeout(30, TimeUnit.SECONDS).join();
      double seconds = measure.toNanos() / 1e9;
      int rep = repetitions.merge(v.name() + "@" + x, 1, Integer::sum);
      Row row =
          new Row(
              background,
              PointResult.of(v.name(), x, rep, result),
              (b.afBytes() - a.afBytes()) / seconds,
              (b.beBytes() - a.beBytes()) / seconds,
              (b.backgroundBytes() - a.backgroundBytes()) / seconds);
      rows.add(row);
      run.progress()
          .printf(
              Locale.ROOT,
              "[diffserv-share]   AF class %.0f KiB/s, BE class %.0f KiB/s, background %.0f"
                  + " KiB/s; %s%n",
              row.af() / 1024,
              row.be() / 1024,
              row.received() / 1024,
              result.counts());
      return result;
    };
  }

  /** The HTB classes' and the sink's byte counters, read {@code delay} from now. */
  private static CompletableFuture<Counters> countersAfter(
      NetworkNamespace ns, BulkSink sink, Duration delay) {
    return CompletableFuture.supplyAsync(
        () -> {
          Map<String, NetworkNamespace.ClassStats> classes = ns.htbClasses(End.INNER);
          return new Counters(
              classes.get(AF_CLASS).bytes(), classes.get(BE_CLASS).bytes(), sink.bytes());
        },
        CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS));
  }

  /** Status line, header lines and body of one response, as HTTP carries them. */
  private static long httpResponseBytes(URI address, byte[] body) {
    try {
      HttpResponse<byte[]> response =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .build()
              .send(
                  java.net.http.HttpRequest.newBuilder(address)
                      .header("Content-Type", "text/xml; charset=UTF-8")
                      .header("SOAPAction", "\"\"")
                      .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body))
                      .build(),
                  HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("the bookstore answered " + response.statusCode());
      }
      long bytes = "HTTP/1.1 200 OK\r\n\r\n".length() + response.body().length;
      for (Map.Entry<String, List<String>> h : response.headers().map().entrySet()) {
        for (String value : h.getValue()) {
          bytes += h.getKey().length() + 2 + value.length() + 2;
        }
      }
      return bytes;
    } catch (IOException e) {
      throw new IllegalStateException("could not call the bookstore: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private void write(
      Run run, NetworkNamespace ns, List<Row> rows, long httpBytes, Path requestFile) {
    List<Double> backgrounds = run.get(BACKGROUNDS);
    List<Double> rates = run.get(RATES);
    double afRate = LINK_BYTES_PER_SECOND * AF_PART;
    // Bytes the AF class forwarded per marked response: TCP/IP/Ethernet headers included.
    double wireBytes =
        Summary.of(
                rows.stream()
                    .filter(r -> r.variant().equals(MARKING) && r.throughput() > 0)
                    .toList(),
                r -> r.af() / r.throughput())
            .median();
    double share = afRate / wireBytes;

    Table.of(
            rows,
            column("background_kib_s", (Row r) -> Table.point(r.background())),
            column("variant", Row::variant),
            column("rate", (Row r) -> Table.point(r.rate())),
            column("repetition", (Row r) -> r.result().repetition()),
            column("offered_per_s", (Row r) -> Table.fixed(r.result().offeredPerSecond(), 1)),
            column("throughput_per_s", (Row r) -> Table.fixed(r.throughput(), 2)),
            column("failed", (Row r) -> r.result().requests() - r.result().counts().succeeded()),
            column("p50_ms", (Row r) -> Table.fixed(r.result().p50Millis(), 1)),
            column("p99_ms", (Row r) -> Table.fixed(r.result().p99Millis(), 1)),
            column("af_class_kib_s", (Row r) -> Table.fixed(r.af() / 1024, 1)),
            column("be_class_kib_s", (Row r) -> Table.fixed(r.be() / 1024, 1)),
            column("background_recv_kib_s", (Row r) -> Table.fixed(r.received() / 1024, 1)),
            column("of_af_share", (Row r) -> Table.fixed(r.ofShare(share), 3)))
        .writeCsv(run.out().resolve("results.csv"));
    Table paper = Table.fromCsv(Template.text("reports/diffserv-share/paper.csv"));
    paper.writeCsv(run.out().resolve("paper.csv"));

    Plot throughput =
        Plot.of(
            "Assured client's throughput through a shaped DiffServ link (Figures 63-66)",
            "offered rate (req/s)",
            "responses/s (median)");
    throughput.series(
        "AF share: min(offered, 30% of 1024 KiB/s)",
        rates, rates.stream().map(r -> Math.min(r, share)).toList());
    Plot gain =
        Plot.of(
            "Gain of marking over unmarked, in bytes (the paper's one stated point beside ours)",
            "offered load (KiB/s of HTTP responses)",
            "gain (KiB/s of HTTP responses, median)");
    List<Double> offeredKib = rates.stream().map(r -> r * httpBytes / 1024.0).toList();
    List<String> sections = new ArrayList<>();
    // The goal is judged under the fullest background.
    double full = backgrounds.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    Table goals = Table.of("variant", "rate (req/s)", "median of AF share", "runs", "goal >= 0.90");
    for (double background : backgrounds) {
      String bg = Table.point(background);
      BiFunction<String, Double, List<Row>> at =
          (variant, rate) ->
              rows.stream()
                  .filter(r -> r.background() == background)
                  .filter(r -> r.variant().equals(variant) && r.rate() == rate)
                  .toList();
      BiFunction<String, Double, Double> median =
          (variant, rate) -> Summary.of(at.apply(variant, rate), Row::throughput).median();
      for (String variant : VARIANTS) {
        String series = variant + ", background " + bg + " KiB/s";
        throughput.series(
            series, rates, rates.stream().map(r -> median.apply(variant, r)).toList());
        if (!variant.equals(UNMARKED)) {
          gain.series(
              series,
              offeredKib,
              rates.stream()
                  .map(
                      r ->
                          (median.apply(variant, r) - median.apply(UNMARKED, r)) * httpBytes / 1024)
                  .toList());
        }
      }
      double top = rates.get(rates.size() - 1);
      Table link =
          Table.of(
              VARIANTS,
              column("variant", (String v) -> v + " at " + Table.point(top) + " req/s"),
              column("AF class KiB/s", (String v) -> kib(at.apply(v, top), Row::af)),
              column("BE class KiB/s", (String v) -> kib(at.apply(v, top), Row::be)),
              column(
                  "background received KiB/s", (String v) -> kib(at.apply(v, top), Row::received)));
      for (String variant : background == full ? List.of(MARKING, PROXY) : List.<String>of()) {
        for (double rate : rates) {
          Summary ratios = Summary.of(at.apply(variant, rate), r -> r.ofShare(share));
          String verdict =
              ratios.n() < 5
                  ? "cannot decide (< 5 runs)"
                  : ratios.median() >= GOAL ? "met" : "not met";
          goals.row(
              variant, Table.point(rate), Table.fixed(ratios.median(), 3), ratios.n(), verdict);
        }
      }
      Map<String, Object> values = new HashMap<>();
      values.put("background", bg);
      values.put(
          "medians",
          byRate(
              VARIANTS,
              rates,
              (v, r) -> {
                Summary thr = Summary.of(at.apply(v, r), Row::throughput);
                return String.format(
                    Locale.ROOT,
                    "%.1f (%.1f-%.1f; p50 %.0f ms)",
                    thr.median(),
                    thr.min(),
                    thr.max(),
                    Summary.of(at.apply(v, r), w -> w.result().p50Millis()).median());
              }));
      values.put(
          "ofShare",
          byRate(
              VARIANTS,
              rates,
              (v, r) -> Summary.of(at.apply(v, r), w -> w.ofShare(share)).medianRange(3)));
      values.put("link", link.markdown());
      values.put("shareResponses", Table.fixed(share, 1));
      sections.add(Template.render("reports/diffserv-share/background.md", values));
    }
    sections.add(
        Template.render(
            "reports/diffserv-share/goal.md",
            Map.of(
                "full", Table.point(full), "goals", goals.markdown(), "paper", paper.markdown())));
    gain.series(
        "paper Fig. 63 (proxy, 800 KB/s): best case",
        List.of(60 * PAPER_RESPONSE_BYTES / 1024),
        List.of(2.8 * PAPER_RESPONSE_BYTES / 1024));

    Map<String, Object> values = new HashMap<>();
    values.put(
        "qdiscs",
        ns.tcStats(End.INNER, "qdisc").lines().filter(l -> l.startsWith("qdisc")).toList());
    values.put("wireBytes", Table.fixed(wireBytes, 0));
    values.put("httpBytes", httpBytes);
    values.put("shareResponses", Table.fixed(share, 1));
    values.put("requestFile", requestFile);
    values.put(
        "handshakes",
        Template.text(
            "reports/diffserv-share/handshakes-"
                + (run.get(MARKED_HANDSHAKES) ? "marked" : "unmarked")
                + ".md"));
    values.put("backgrounds", backgrounds);
    values.put("ramp", BACKGROUND_RAMP.toSeconds());
    values.put("warmup", ServerWarmup.describe(run.options()));
    values.put("rates", rates);
    values.put("timing", run.timing().describe(run.options(), true));
    values.put("timeouts", run.describeTimeouts());
    throughput.write(run.out().resolve("throughput.png"));
    gain.write(run.out().resolve("gain.png"));
    run.writeReport(
        "DiffServ: the assured client's throughput under best-effort background (Figures 63-66)",
        Template.items("reports/diffserv-share/settings.md", values),
        sections);
  }

  /** A table of one row per variant and one column per rate, in Markdown. */
  private static String byRate(
      List<String> variants, List<Double> rates, BiFunction<String, Double, String> cell) {
    List<String> header = new ArrayList<>(List.of("variant"));
    rates.forEach(r -> header.add(Table.point(r) + " req/s"));
    Table table = Table.of(header);
    for (String variant : variants) {
      List<String> cells = new ArrayList<>(List.of(variant));
      rates.forEach(r -> cells.add(cell.apply(variant, r)));
      table.row(cells);
    }
    return table.markdown();
  }

  private static String kib(List<Row> rows, ToDoubleFunction<Row> bytesPerSecond) {
    return Table.fixed(Summary.of(rows, bytesPerSecond).median() / 1024, 0);
  }
}
