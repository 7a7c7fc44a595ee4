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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToDoubleFunction;

/**
 * Figures 63-66 of {@code 000_49aae6b7688bc2eb.txt}: the throughput of SOAP responses that ask for
 * the assured class, through a DiffServ bottleneck (HTB, 1024 KiB/s, AF 30% and BE 70%, each
 * borrowing what the other leaves) shared with unmarked bulk traffic, with and without marking.
 *
 * <p>The bottleneck is the namespace's end of a veth pair: the bookstores and the proxy run in
 * their own JVMs inside a network namespace, the load driver in this JVM in the root namespace, so
 * responses and the background leave the namespace through the shaped device. The background is a
 * {@link BulkSender} in the namespace sending to a {@link BulkSink} in this JVM.
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

  /** What the paper's text says of Figures 63-66; its curves are images, not numbers. */
  static Table paper() {
    return Table.fromCsv(Template.text("reports/diffserv-share/paper.csv"));
  }

  static final List<Double> DEFAULT_BACKGROUNDS = List.of(800.0, 1024.0);
  static final List<Double> DEFAULT_RATES = List.of(40.0, 80.0, 120.0, 160.0);

  static final Option<List<Double>> BACKGROUNDS =
      Run.numbers(
          "backgrounds",
          DEFAULT_BACKGROUNDS,
          "best-effort background rates (KiB/s), one sweep each");
  static final Option<List<Double>> RATES =
      Run.numbers("rates", DEFAULT_RATES, "offered rates of the assured client (req/s)");
  static final Option<Duration> BACKGROUND_RAMP =
      Run.seconds("background-ramp", 3, "background traffic before a sweep's first run");

  static final Option<Boolean> MARKED_HANDSHAKES =
      Option.flag(
          "marked-handshakes",
          "the client marks its connections to the marked variants AF before they connect, and"
              + " the namespace answers a SYN in its own DSCP (net.ipv4.tcp_reflect_tos=1), so"
              + " their handshakes leave in AF too");
  private static final String REFLECT_TOS = "net.ipv4.tcp_reflect_tos";

  private static final String VARIANT_UNMARKED = "unmarked";
  private static final String VARIANT_MARKING = "marking";
  private static final String VARIANT_PROXY = "proxy";

  @Override
  public String name() {
    return "diffserv-share";
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(BACKGROUNDS, RATES, MARKED_HANDSHAKES, BACKGROUND_RAMP, Run.REQUEST),
        Run.driverSweep(5, 2, 8, 5_000),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  /** Counters read at a run's window's start or end. */
  private record Counters(long afBytes, long beBytes, long backgroundBytes) {}

  /** One run and what the bottleneck forwarded during its measured window. */
  record Row(
      double background,
      PointResult result,
      double afBytesPerSecond,
      double beBytesPerSecond,
      double backgroundBytesPerSecond) {

    String variant() {
      return result.variant();
    }

    double rate() {
      return result.x();
    }
  }

  /** Makes the namespace answer a SYN in the SYN's own DSCP; fails clearly where it cannot. */
  private static void reflectTos(NetworkNamespace ns) {
    try {
      ns.exec("sysctl", "-w", REFLECT_TOS + "=1");
    } catch (IllegalStateException e) {
      throw new IllegalStateException(
          "--marked-handshakes needs "
              + REFLECT_TOS
              + " (Linux 5.10 or later) in the namespace: "
              + e.getMessage(),
          e);
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
      reflectTos(ns);
    }
    String host = ns.innerAddress();
    Servers bookstores =
        run.servers(
            List.of(VARIANT_UNMARKED, VARIANT_MARKING),
            token ->
                token.equals(VARIANT_MARKING)
                    ? List.of("--host", host, "--dscp")
                    : List.of("--host", host),
            Servers.BOOKSTORE,
            ns::command);
    URI unmarked = bookstores.address(VARIANT_UNMARKED);
    Servers proxies =
        run.servers(
            List.of(VARIANT_PROXY),
            token -> List.of("--upstream", Servers.origin(unmarked), "--host", host, "--ipv4"),
            Servers.PROXY,
            ns::command);
    Map<String, URI> addresses = new LinkedHashMap<>();
    addresses.put(VARIANT_UNMARKED, unmarked);
    addresses.put(VARIANT_MARKING, bookstores.address(VARIANT_MARKING));
    addresses.put(VARIANT_PROXY, Servers.withPath(proxies.address(VARIANT_PROXY), unmarked));

    Path requestFile = run.get(Run.REQUEST);
    byte[] body =
        QosEnvelopes.withRequirement(
            Run.read(requestFile), CompressionPreference.NONE, TransportPriority.ASSURED);
    List<Variant> variants = new ArrayList<>();
    int assuredTos = DscpMapping.defaults().tos(TransportPriority.ASSURED);
    addresses.forEach(
        (name, address) -> {
          HttpRequest.Builder request = Variant.soapPost(address, body).keepAlive(true);
          if (markedHandshakes && !name.equals(VARIANT_UNMARKED)) {
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
        Thread.sleep(run.get(BACKGROUND_RAMP).toMillis());
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
    String link = LINK_BYTES_PER_SECOND * 8 + "bit";
    String af = Math.round(LINK_BYTES_PER_SECOND * 8 * AF_PART) + "bit";
    String be = Math.round(LINK_BYTES_PER_SECOND * 8 * (1 - AF_PART)) + "bit";
    ns.tc(End.INNER, "qdisc", "add", "root", "handle", "1:", "htb", "default", "20");
    ns.tc(End.INNER, "class", "add", "parent", "1:", "classid", "1:1", "htb", "rate", link);
    ns.tc(
        End.INNER, "class", "add", "parent", "1:1", "classid", AF_CLASS, "htb", "rate", af, "ceil",
        link);
    ns.tc(
        End.INNER, "class", "add", "parent", "1:1", "classid", BE_CLASS, "htb", "rate", be, "ceil",
        link);
    ns.dsFieldFilter(End.INNER, DscpMapping.defaults().tos(TransportPriority.ASSURED), AF_CLASS);
  }

  private ChildProcess startBackground(
      Run run, NetworkNamespace ns, BulkSink sink, double kibPerSecond) {
    long bytesPerSecond = Math.round(kibPerSecond * 1024);
    // Bounded by itself too, should this JVM die without closing it.
    long maxSeconds = 4 * 3600;
    List<String> command =
        ns.command(
            ChildProcess.javaCommand(
                List.of("-Xmx64m"),
                BulkSender.class,
                List.of(
                    "--to",
                    sink.address().getHostString() + ":" + sink.address().getPort(),
                    "--rate",
                    Long.toString(bytesPerSecond),
                    "--max-seconds",
                    Long.toString(maxSeconds))));
    ChildProcess sender =
        ChildProcess.start(
            "bulk-sender",
            command,
            line -> line.startsWith("bulk-sender sending"),
            null,
            run.progress());
    try {
      sender.answer(Duration.ofSeconds(ChildProcess.START_TIMEOUT_SECONDS));
      return sender;
    } catch (RuntimeException e) {
      sender.close();
      throw e;
    }
  }

  /**
   * {@code runner}, reading the HTB classes' and the sink's counters at the start and the end of
   * each run's measured window into {@code rows}.
   */
  private static PointRunner counted(
      NetworkNamespace ns,
      BulkSink sink,
      PointRunner runner,
      double background,
      List<Row> rows,
      Run run) {
    Map<String, Integer> repetitions = new LinkedHashMap<>();
    return (v, x, warmup, measure) -> {
      ScheduledExecutorService clock =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "wsqos-htb-reader");
                t.setDaemon(true);
                return t;
              });
      try {
        Future<Counters> atStart =
            clock.schedule(() -> counters(ns, sink), warmup.toNanos(), TimeUnit.NANOSECONDS);
        Future<Counters> atEnd =
            clock.schedule(
                () -> counters(ns, sink), warmup.plus(measure).toNanos(), TimeUnit.NANOSECONDS);
        RunResult result = runner.run(v, x, warmup, measure);
        Counters first = atStart.get(30, TimeUnit.SECONDS);
        Counters last = atEnd.get(30, TimeUnit.SECONDS);
        double seconds = measure.toNanos() / 1e9;
        int rep = repetitions.merge(v.name() + "@" + x, 1, Integer::sum);
        Row row =
            new Row(
                background,
                PointResult.of(v.name(), x, rep, result),
                (last.afBytes() - first.afBytes()) / seconds,
                (last.beBytes() - first.beBytes()) / seconds,
                (last.backgroundBytes() - first.backgroundBytes()) / seconds);
        rows.add(row);
        run.progress()
            .printf(
                Locale.ROOT,
                "[diffserv-share]   AF class %.0f KiB/s, BE class %.0f KiB/s, background %.0f"
                    + " KiB/s; %s%n",
                row.afBytesPerSecond() / 1024,
                row.beBytesPerSecond() / 1024,
                row.backgroundBytesPerSecond() / 1024,
                result.counts());
        return result;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      } catch (ExecutionException | TimeoutException e) {
        throw new IllegalStateException("could not read the HTB counters: " + e, e);
      } finally {
        clock.shutdownNow();
      }
    };
  }

  private static Counters counters(NetworkNamespace ns, BulkSink sink) {
    Map<String, NetworkNamespace.ClassStats> classes = ns.htbClasses(End.INNER);
    return new Counters(classes.get(AF_CLASS).bytes(), classes.get(BE_CLASS).bytes(), sink.bytes());
  }

  /** Status line, header lines and body of one response, as HTTP carries them. */
  private static long httpResponseBytes(URI address, byte[] body) {
    try {
      HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      HttpResponse<byte[]> response =
          client.send(
              java.net.http.HttpRequest.newBuilder(address)
                  .header("Content-Type", "text/xml; charset=UTF-8")
                  .header("SOAPAction", "\"\"")
                  .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body))
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("the bookstore answered " + response.statusCode());
      }
      long headers = "HTTP/1.1 200 OK\r\n\r\n".length();
      for (Map.Entry<String, List<String>> h : response.headers().map().entrySet()) {
        for (String value : h.getValue()) {
          headers += h.getKey().length() + 2 + value.length() + 2;
        }
      }
      return headers + response.body().length;
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
                    .filter(r -> r.variant().equals(VARIANT_MARKING))
                    .filter(r -> r.result().throughputPerSecond() > 0)
                    .toList(),
                r -> r.afBytesPerSecond() / r.result().throughputPerSecond())
            .median();
    double shareResponses = afRate / wireBytes;
    ToDoubleFunction<Double> share = rate -> Math.min(rate, shareResponses);

    Table.of(
            rows,
            column("background_kib_s", (Row r) -> Table.point(r.background())),
            column("variant", Row::variant),
            column("rate", (Row r) -> Table.point(r.rate())),
            column("repetition", (Row r) -> r.result().repetition()),
            column("offered_per_s", (Row r) -> Table.fixed(r.result().offeredPerSecond(), 1)),
            column("throughput_per_s", (Row r) -> Table.fixed(r.result().throughputPerSecond(), 2)),
            column(
                "failed",
                (Row r) -> r.result().counts().requests() - r.result().counts().succeeded()),
            column("p50_ms", (Row r) -> Table.fixed(r.result().p50Millis(), 1)),
            column("p99_ms", (Row r) -> Table.fixed(r.result().p99Millis(), 1)),
            column("af_class_kib_s", (Row r) -> Table.fixed(r.afBytesPerSecond() / 1024, 1)),
            column("be_class_kib_s", (Row r) -> Table.fixed(r.beBytesPerSecond() / 1024, 1)),
            column(
                "background_recv_kib_s",
                (Row r) -> Table.fixed(r.backgroundBytesPerSecond() / 1024, 1)),
            column(
                "of_af_share",
                (Row r) ->
                    Table.fixed(
                        r.result().throughputPerSecond() / share.applyAsDouble(r.rate()), 3)))
        .writeCsv(run.out().resolve("results.csv"));
    paper().writeCsv(run.out().resolve("paper.csv"));

    List<String> variants = List.of(VARIANT_UNMARKED, VARIANT_MARKING, VARIANT_PROXY);
    List<String> sections = new ArrayList<>();
    Plot throughput =
        Plot.of(
            "Assured client's throughput through a shaped DiffServ link (Figures 63-66)",
            "offered rate (req/s)",
            "responses/s (median)");
    throughput.series(
        "AF share: min(offered, 30% of 1024 KiB/s)",
        rates, rates.stream().map(share::applyAsDouble).toList());
    Plot gain =
        Plot.of(
            "Gain of marking over unmarked, in bytes (the paper's one stated point beside ours)",
            "offered load (KiB/s of HTTP responses)",
            "gain (KiB/s of HTTP responses, median)");
    List<Double> offeredKib = rates.stream().map(r -> r * httpBytes / 1024.0).toList();
    for (double background : backgrounds) {
      String bg = Table.point(background);
      List<String> header = new ArrayList<>(List.of("variant"));
      rates.forEach(r -> header.add(Table.point(r) + " req/s"));
      Table medians = Table.of(header);
      Table ofShare = Table.of(header);
      for (String variant : variants) {
        List<String> cells = new ArrayList<>(List.of(variant));
        List<String> shareCells = new ArrayList<>(List.of(variant));
        List<Double> ys = new ArrayList<>();
        for (double rate : rates) {
          Summary thr =
              values(rows, background, variant, rate, r -> r.result().throughputPerSecond());
          ys.add(thr.median());
          cells.add(
              String.format(
                  Locale.ROOT,
                  "%.1f (%.1f-%.1f; p50 %.0f ms)",
                  thr.median(),
                  thr.min(),
                  thr.max(),
                  values(rows, background, variant, rate, r -> r.result().p50Millis()).median()));
          shareCells.add(
              values(
                      rows,
                      background,
                      variant,
                      rate,
                      r -> r.result().throughputPerSecond() / share.applyAsDouble(rate))
                  .medianRange(3));
        }
        medians.row(cells);
        ofShare.row(shareCells);
        throughput.series(variant + ", background " + bg + " KiB/s", rates, ys);
        if (!variant.equals(VARIANT_UNMARKED)) {
          List<Double> gains = new ArrayList<>();
          for (double rate : rates) {
            double marked =
                values(rows, background, variant, rate, r -> r.result().throughputPerSecond())
                    .median();
            double plain =
                values(
                        rows,
                        background,
                        VARIANT_UNMARKED,
                        rate,
                        r -> r.result().throughputPerSecond())
                    .median();
            gains.add((marked - plain) * httpBytes / 1024.0);
          }
          gain.series(variant + ", background " + bg + " KiB/s", offeredKib, gains);
        }
      }
      Table link =
          Table.of("variant", "AF class KiB/s", "BE class KiB/s", "background received KiB/s");
      for (String variant : variants) {
        double top = rates.get(rates.size() - 1);
        link.row(
            variant + " at " + Table.point(top) + " req/s",
            Table.fixed(
                values(rows, background, variant, top, Row::afBytesPerSecond).median() / 1024, 0),
            Table.fixed(
                values(rows, background, variant, top, Row::beBytesPerSecond).median() / 1024, 0),
            Table.fixed(
                values(rows, background, variant, top, Row::backgroundBytesPerSecond).median()
                    / 1024,
                0));
      }
      sections.add(
          Template.render(
              "reports/diffserv-share/background.md",
              Map.of(
                  "background", bg,
                  "medians", medians.markdown(),
                  "ofShare", ofShare.markdown(),
                  "link", link.markdown(),
                  "shareResponses", Table.fixed(shareResponses, 1))));
    }
    sections.add(
        Template.render(
            "reports/diffserv-share/goal.md",
            Map.of(
                "full", Table.point(full(backgrounds)),
                "goals", goalTable(rows, backgrounds, rates, share).markdown(),
                "paper", paper().markdown())));
    gain.series(
        "paper Fig. 63 (proxy, 800 KB/s): best case",
        List.of(60 * PAPER_RESPONSE_BYTES / 1024),
        List.of(2.8 * PAPER_RESPONSE_BYTES / 1024));

    Map<String, Object> values = new HashMap<>();
    values.put("linkBits", LINK_BYTES_PER_SECOND * 8);
    values.put("afClass", AF_CLASS);
    values.put("beClass", BE_CLASS);
    values.put(
        "qdiscs",
        ns.tcStats(End.INNER, "qdisc").lines().filter(l -> l.startsWith("qdisc")).toList());
    values.put("afKib", Table.fixed(afRate / 1024, 1));
    values.put("wireBytes", Table.fixed(wireBytes, 0));
    values.put("httpBytes", httpBytes);
    values.put("shareResponses", Table.fixed(shareResponses, 1));
    values.put("requestFile", requestFile);
    values.put(
        "handshakes",
        Template.text(
            "reports/diffserv-share/handshakes-"
                + (run.get(MARKED_HANDSHAKES) ? "marked" : "unmarked")
                + ".md"));
    values.put("backgrounds", backgrounds);
    values.put("ramp", run.get(BACKGROUND_RAMP).toSeconds());
    values.put("warmup", ServerWarmup.describe(run.options()));
    values.put("rates", rates);
    values.put("timing", run.timing().describe(run.options(), true));
    values.put("timeouts", run.describeTimeouts());
    List<String> settings = Template.items("reports/diffserv-share/settings.md", values);
    run.report(
            "DiffServ: the assured client's throughput under best-effort background (Figures"
                + " 63-66)",
            summary(),
            settings)
        .add(sections)
        .write(run.out().resolve("report.md"));
    throughput.write(run.out().resolve("throughput.png"));
    gain.write(run.out().resolve("gain.png"));
    run.progress().println("wrote " + run.out().toAbsolutePath());
  }

  private static Table goalTable(
      List<Row> rows,
      List<Double> backgrounds,
      List<Double> rates,
      ToDoubleFunction<Double> share) {
    double full = full(backgrounds);
    Table goals = Table.of("variant", "rate (req/s)", "median of AF share", "runs", "goal >= 0.90");
    for (String variant : List.of(VARIANT_MARKING, VARIANT_PROXY)) {
      for (double rate : rates) {
        Summary ratios =
            values(
                rows,
                full,
                variant,
                rate,
                r -> r.result().throughputPerSecond() / share.applyAsDouble(rate));
        String verdict =
            ratios.n() < 5
                ? "cannot decide (< 5 runs)"
                : ratios.median() >= GOAL ? "met" : "not met";
        goals.row(variant, Table.point(rate), Table.fixed(ratios.median(), 3), ratios.n(), verdict);
      }
    }
    return goals;
  }

  /** The fullest background: where the goal is judged. */
  private static double full(List<Double> backgrounds) {
    return backgrounds.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
  }

  private static Summary values(
      List<Row> rows, double background, String variant, double rate, ToDoubleFunction<Row> f) {
    return Summary.of(
        rows.stream()
            .filter(
                r ->
                    r.background() == background && r.variant().equals(variant) && r.rate() == rate)
            .toList(),
        f);
  }
}
