package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.experiment.CurlExchanges.Exchange;
import io.wsqos.benchmarks.net.LinkProfile;
import io.wsqos.benchmarks.net.SlowLink;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoEnvelopes;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The response time model of {@code 003_7056a00f535db75b.txt} under random packet loss: curl inside
 * a network namespace makes exchanges, each on its own connection, through a link dropping a share
 * of the packets in each direction ({@link SlowLink#loss}); the seed's two exchange sizes (an
 * in-process echo service) and Table 4's bodies (the bookstore), compressed and not. Beside each
 * distribution, the model's prediction from the lossless exchanges and the share of exchanges that
 * pay a retransmission timeout.
 */
final class PacketLossExperiment implements Experiment {

  /** A kind of exchange: its request file and its server, and whether it is asked compressed. */
  record Cell(String body, boolean compressed) {
    String coding() {
      return compressed ? "compressed" : "identity";
    }
  }

  /** The seed's exchanges: Author 1438/12974 bytes, Sellerprofile 1283/8031. */
  private record SeedSize(String name, int requestBytes, int responseBytes) {}

  private static final List<SeedSize> SEED_SIZES =
      List.of(new SeedSize("author", 1438, 12974), new SeedSize("sellerprofile", 1283, 8031));

  static final List<String> TABLE_4 =
      List.of("hello", "lite-1", "heavy-1", "heavy-2", "heavy-3", "heavy-5");

  static final Option<List<Double>> LOSSES =
      Run.numbers("losses", List.of(0.0, 1.0, 2.0, 5.0), "packets lost in each direction (%)");
  static final Option<List<String>> BODIES =
      Option.list(
          "bodies",
          List.of(
              "author",
              "sellerprofile",
              "hello",
              "lite-1",
              "heavy-1",
              "heavy-2",
              "heavy-3",
              "heavy-5"),
          "the seed's exchanges (author, sellerprofile) and Table 4's request files");
  static final Option<Integer> EXCHANGES =
      Option.integer("exchanges", 100, 5, 100_000, "exchanges per body, coding and loss");
  static final Option<Long> RATE =
      Option.longInteger("rate-kbit", 10_000L, 1, 1_000_000, "the link's rate each way (kbit/s)");
  static final Option<Integer> DELAY =
      Option.integer("delay-ms", 5, 0, 10_000, "one-way delay added by the relay (ms)");
  static final Option<Integer> REPS =
      Option.integer("reps", 1, 1, 100, "repetitions of the whole sweep");

  /** An extra time at least this long is a retransmission timeout: Linux's least is 200 ms. */
  static final double RTO_MILLIS = 150;

  /** An extra time at least this long is a lost SYN or SYN-ACK: its first timeout is 1 s. */
  static final double SYN_MILLIS = 700;

  private static final int WARMUP_EXCHANGES = 20;
  private static final double MSS = 1448;
  private static final int HEADER_BYTES = 250;
  private static final List<Double> PERCENTILES =
      List.of(50.0, 75.0, 90.0, 95.0, 97.0, 98.0, 99.0, 99.5, 100.0);

  /** One exchange of a repetition, at a loss, of a cell. */
  record Row(int rep, double loss, Cell cell, Exchange exchange) {
    double millis() {
      return exchange.totalSeconds() * 1000;
    }
  }

  @Override
  public String name() {
    return "packet-loss";
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(List.of(LOSSES, BODIES, EXCHANGES, RATE, DELAY, REPS), Servers.OPTIONS);
  }

  @Override
  public List<String> quickArguments() {
    return List.of("--exchanges", "20", "--losses", "0,5", "--bodies", "author,heavy-1");
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    double perExchange = 0.03 + 4 * options.get(DELAY) / 1000.0 + 200.0 / options.get(RATE);
    double lossSeconds =
        options.get(LOSSES).stream().mapToDouble(l -> 1 + 0.25 * Math.min(1, l / 100 * 20)).sum();
    double seconds =
        options.get(REPS)
            * cells(options.get(BODIES)).size()
            * options.get(EXCHANGES)
            * perExchange
            * lossSeconds;
    return Estimates.jvmStarts(1).plus(Duration.ofSeconds((long) seconds));
  }

  static List<Cell> cells(List<String> bodies) {
    List<Cell> cells = new ArrayList<>();
    for (String body : bodies) {
      cells.add(new Cell(body, false));
      if (TABLE_4.contains(body)) {
        cells.add(new Cell(body, true));
      } else if (SEED_SIZES.stream().noneMatch(s -> s.name().equals(body))) {
        throw new IllegalArgumentException(
            "bodies: " + body + " (expected: author, sellerprofile, or one of " + TABLE_4 + ")");
      }
    }
    return cells;
  }

  @Override
  public void run(Run run) throws IOException {
    List<Cell> cells = cells(run.get(BODIES));
    long rate = run.get(RATE) * 1000;
    int delay = run.get(DELAY);
    LinkProfile profile = new LinkProfile("lan", rate, rate, delay, delay);
    URI bookstore =
        run.servers(List.of("dynamic"), t -> List.of("--compression", t)).address("dynamic");
    TestServer echo = run.hold(TestServer.start(EchoService.class, new EchoServiceImpl()));
    SlowLink link = run.hold(SlowLink.create(profile));
    run.progress().println("link: " + link.describe());
    InetSocketAddress toBookstore =
        link.relayTo(new InetSocketAddress(bookstore.getHost(), bookstore.getPort())).address();
    InetSocketAddress toEcho =
        link.relayTo(new InetSocketAddress(TestServer.HOST, echo.port())).address();
    Path dir = Files.createTempDirectory("wsqos-packet-loss");
    for (SeedSize s : SEED_SIZES) {
      Files.write(dir.resolve(s.name() + ".xml"), seedRequest(link, toEcho, dir, s));
    }
    // n exchanges of a cell: the seed's with the echo service, Table 4's with the bookstore.
    BiFunction<Cell, Integer, List<Exchange>> exchange =
        (cell, n) -> {
          boolean seed = !TABLE_4.contains(cell.body());
          return CurlExchanges.run(
              link,
              seed ? toEcho : toBookstore,
              seed ? TestServer.DEFAULT_PATH : bookstore.getPath(),
              seed ? dir.resolve(cell.body() + ".xml") : bookstoreRequest(dir, cell),
              cell.compressed(),
              n);
        };
    // The servers' first answers of each kind are their slowest (class loading, compilation).
    cells.forEach(cell -> exchange.apply(cell, WARMUP_EXCHANGES));
    List<Row> rows = new ArrayList<>();
    for (int rep = 1; rep <= run.get(REPS); rep++) {
      for (double loss : run.get(LOSSES)) {
        link.loss(loss);
        List<Cell> order = new ArrayList<>(cells);
        Collections.rotate(order, rep - 1);
        for (Cell cell : order) {
          List<Exchange> made = exchange.apply(cell, run.get(EXCHANGES));
          int r = rep;
          made.forEach(e -> rows.add(new Row(r, loss, cell, e)));
          Summary ms = Summary.of(made, e -> e.totalSeconds() * 1000);
          run.progress()
              .printf(
                  Locale.ROOT,
                  "[%s] rep %d, loss %s%%, %s %s: p50 %.1f ms, p99 %.1f ms%n",
                  name(),
                  rep,
                  Table.point(loss),
                  cell.body(),
                  cell.coding(),
                  ms.median(),
                  ms.percentile(99));
        }
      }
    }
    link.loss(0);
    new PacketLossReport(run, cells, rows, link.describe()).write();
  }

  /**
   * {@code cell}'s bookstore request in {@code dir}: asking for compression with a WS-QoS {@code
   * Requirement} (the load-aware policy grants it to a client that asks), or as it is.
   */
  static Path bookstoreRequest(Path dir, Cell cell) {
    Path file = dir.resolve(cell.body() + "-" + cell.coding() + ".xml");
    try {
      if (!Files.exists(file)) {
        byte[] plain = Run.read(Path.of("examples/bookstore/requests", cell.body() + ".xml"));
        Files.write(
            file,
            cell.compressed()
                ? QosEnvelopes.withRequirement(plain, CompressionPreference.COMPRESS)
                : plain);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /**
   * The seed's request of {@code size.requestBytes()} bytes (an echo {@code text} call padded with
   * a comment) asking for as many characters as make a response of {@code size.responseBytes()}:
   * measured, since the envelope around the text is the server's.
   */
  private static byte[] seedRequest(SlowLink link, InetSocketAddress echo, Path dir, SeedSize size)
      throws IOException {
    Path probe = dir.resolve("probe.xml");
    Files.write(probe, EchoEnvelopes.text(1000));
    long envelope =
        CurlExchanges.run(link, echo, TestServer.DEFAULT_PATH, probe, false, 1).get(0).bytesDown()
            - 1000;
    String request =
        new String(
            EchoEnvelopes.text((int) (size.responseBytes() - envelope)), StandardCharsets.UTF_8);
    int padding = size.requestBytes() - request.length() - "<!---->".length();
    return (request + "<!--" + "x".repeat(Math.max(0, padding)) + "-->")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** Packets of an exchange of {@code up} and {@code down} body bytes: what loss can strike. */
  static int packets(long up, long down) {
    int upSegments = segments(up);
    int downSegments = segments(down);
    // SYN, SYN-ACK, ACK; the segments; an ACK for every second segment; FIN and ACK both ways.
    return 3 + upSegments + downSegments + (downSegments + 1) / 2 + 4;
  }

  /**
   * Packets whose loss costs a retransmission timeout, as the seed finds: the handshake's two,
   * every segment of the request (too few for three duplicate ACKs) and the response's last three.
   */
  static int timeoutPackets(long up, long down) {
    return 2 + segments(up) + Math.min(3, segments(down));
  }

  static int segments(long bodyBytes) {
    return (int) Math.ceil((bodyBytes + HEADER_BYTES) / MSS);
  }

  /** The chance that at least one of {@code packets} is lost at {@code lossPercent}. */
  static double anyLost(double lossPercent, int packets) {
    return 1 - Math.pow(1 - lossPercent / 100, packets);
  }

  /** The report's settings: the link's qdiscs, the exchanges of each cell and repetitions. */
  static List<String> settings(String link, int exchanges, int reps) {
    return Template.items(
        "reports/packet-loss/settings.md",
        Map.of(
            "link", link,
            "exchanges", exchanges,
            "reps", reps,
            "rto", RTO_MILLIS,
            "syn", SYN_MILLIS));
  }

  /** Writes the CSV of every exchange, the report, and a percentile plot per body. */
  private record PacketLossReport(Run run, List<Cell> cells, List<Row> rows, String link) {

    void write() throws IOException {
      Table.of(
              rows,
              column("rep", Row::rep),
              column("loss_percent", r -> Table.point(r.loss())),
              column("body", r -> r.cell().body()),
              column("coding", r -> r.cell().coding()),
              column("status", r -> r.exchange().status()),
              column("connect_ms", r -> Table.fixed(r.exchange().connectSeconds() * 1000, 2)),
              column("first_byte_ms", r -> Table.fixed(r.exchange().firstByteSeconds() * 1000, 2)),
              column("total_ms", r -> Table.fixed(r.millis(), 2)),
              column("bytes_down", r -> r.exchange().bytesDown()),
              column("bytes_up", r -> r.exchange().bytesUp()),
              column("content_encoding", r -> r.exchange().contentEncoding()))
          .writeCsv(run.out().resolve("results.csv"));
      List<Double> losses = run.get(LOSSES);
      Table model =
          Table.of(
              "loss %",
              "body",
              "coding",
              "n",
              "bytes down",
              "p50 ms",
              "p90 ms",
              "p99 ms",
              "max ms",
              "any loss % (model)",
              "paid an RTO % (model)",
              "lost SYN % (model)",
              "mean ms (model)",
              "failed");
      Table clusters =
          Table.of("loss %", "n", "< 50 ms", "50-150", "150-350", "350-700", "700-1500", ">= 1500");
      for (double loss : losses) {
        List<Double> extras = new ArrayList<>();
        for (Cell cell : cells) {
          List<Row> at = at(0, loss, cell);
          if (at.isEmpty()) {
            continue;
          }
          Summary ms = Summary.of(at, Row::millis);
          long up = (long) Summary.of(at, r -> r.exchange().bytesUp()).median();
          long down = (long) Summary.of(at, r -> r.exchange().bytesDown()).median();
          double base = Summary.of(at(0, 0, cell), Row::millis).median();
          at.forEach(r -> extras.add(r.millis() - base));
          double rto = share(at, base, RTO_MILLIS);
          double syn = share(at, base, SYN_MILLIS);
          double rtoModel = anyLost(loss, timeoutPackets(up, down));
          double synModel = anyLost(loss, 2);
          model.row(
              Table.point(loss),
              cell.body(),
              cell.coding(),
              at.size(),
              down,
              Table.fixed(ms.median(), 1),
              Table.fixed(ms.percentile(90), 1),
              Table.fixed(ms.percentile(99), 1),
              Table.fixed(ms.max(), 1),
              Table.fixed(100 * anyLost(loss, packets(up, down)), 1),
              Table.fixed(100 * rto, 1) + " (" + Table.fixed(100 * rtoModel, 1) + ")",
              Table.fixed(100 * syn, 1) + " (" + Table.fixed(100 * synModel, 1) + ")",
              Table.fixed(ms.mean(), 1)
                  + " ("
                  + Table.fixed(base + (rtoModel - synModel) * 200 + synModel * 1000, 1)
                  + ")",
              at.stream().filter(r -> r.exchange().status() != 200).count());
        }
        List<String> cellsOfRow = new ArrayList<>(List.of(Table.point(loss), "" + extras.size()));
        double[] edges = {
          Double.NEGATIVE_INFINITY, 50, 150, 350, 700, 1500, Double.POSITIVE_INFINITY
        };
        for (int i = 0; i + 1 < edges.length; i++) {
          double lo = edges[i];
          double hi = edges[i + 1];
          long n = extras.stream().filter(x -> x >= lo && x < hi).count();
          cellsOfRow.add(Table.percent(n, extras.size(), "-"));
        }
        clusters.row(cellsOfRow);
      }
      Table gain = Table.of("body", "p99 identity / p99 compressed at 2% loss, per rep", "median");
      for (String body : TABLE_4.stream().filter(b -> b.startsWith("heavy")).toList()) {
        List<Double> ratios = new ArrayList<>();
        for (int rep = 1; rep <= run.get(REPS); rep++) {
          double plain = Summary.of(at(rep, 2, new Cell(body, false)), Row::millis).percentile(99);
          double packed = Summary.of(at(rep, 2, new Cell(body, true)), Row::millis).percentile(99);
          if (!Double.isNaN(plain) && !Double.isNaN(packed)) {
            ratios.add(plain / packed);
          }
        }
        if (!ratios.isEmpty()) {
          gain.row(
              body,
              String.join(", ", ratios.stream().map(x -> Table.fixed(x, 2)).toList()),
              Table.fixed(Summary.of(ratios, x -> x).median(), 2));
        }
      }
      for (String body : cells.stream().map(Cell::body).distinct().toList()) {
        Plot plot =
            Plot.of("Response time distribution: " + body, "percentile", "response time (ms)")
                .logarithmicY();
        for (Cell cell : cells.stream().filter(c -> c.body().equals(body)).toList()) {
          for (double loss : losses) {
            Summary ms = Summary.of(at(0, loss, cell), Row::millis);
            plot.series(
                cell.coding() + " " + Table.point(loss) + "%",
                PERCENTILES,
                PERCENTILES.stream().map(ms::percentile).toList());
          }
        }
        plot.write(run.out().resolve("distribution-" + body + ".png"));
      }
      run.writeReport(
          "Response times under packet loss (003's model)",
          settings(link, run.get(EXCHANGES), run.get(REPS)),
          List.of(
              Report.section("Distributions and the model's prediction (in brackets)", "", model),
              Report.section(
                  "Extra time over the lossless median: the retransmission clusters", "", clusters),
              Report.section("Compression's p99 gain under 2% loss", "", gain)));
    }

    /** The exchanges of {@code cell} at {@code loss}, of repetition {@code rep} or of all (0). */
    private List<Row> at(int rep, double loss, Cell cell) {
      return rows.stream()
          .filter(r -> (rep == 0 || r.rep() == rep) && r.loss() == loss && r.cell().equals(cell))
          .toList();
    }

    private static double share(List<Row> at, double base, double extraMillis) {
      return at.stream().filter(r -> r.millis() - base >= extraMillis).count() / (double) at.size();
    }
  }
}
