package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.experiment.CurlExchanges.Exchange;
import io.wsqos.benchmarks.experiment.PacketLossExperiment.Cell;
import io.wsqos.benchmarks.net.LinkProfile;
import io.wsqos.benchmarks.net.SlowLink;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Figures 47 to 50 of {@code 000_49aae6b7688bc2eb.txt}: a lone client's service time against the
 * response size, compressed and not, over the seed's wireless LAN, Bluetooth, GPRS and poor GPRS
 * ({@link LinkProfile}), with curl inside a {@link SlowLink}'s namespace.
 */
final class SlowLinksExperiment implements Experiment {

  static final Option<List<String>> LINKS =
      Option.list(
          "links",
          LinkProfile.FIGURES_47_TO_50.stream().map(LinkProfile::name).toList(),
          "the links: wlan, bluetooth, gprs, poor-gprs");
  static final Option<Integer> FETCHES =
      Option.integer("fetches", 3, 1, 100, "fetches per link, body and coding");

  /** Table 4's original sizes (bytes) and after compression, for the estimate. */
  private static final long[] TABLE_4_BYTES = {209, 3366, 16055, 28153, 36049, 50205};

  private static final long[] TABLE_4_COMPRESSED = {256, 1390, 6038, 10222, 12350, 15470};

  private static final int WARMUP = 20;

  /** One fetch over a link. */
  record Fetch(String link, Cell cell, Exchange exchange) {}

  @Override
  public String name() {
    return "slow-links";
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(List.of(LINKS, FETCHES), Servers.OPTIONS);
  }

  @Override
  public List<String> quickArguments() {
    return List.of("--links", "wlan,bluetooth", "--fetches", "1");
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    double seconds = 0;
    for (String name : options.get(LINKS)) {
      LinkProfile p = LinkProfile.named(name);
      double rtt = (p.downDelayMillis() + p.upDelayMillis()) / 1000.0;
      for (int i = 0; i < TABLE_4_BYTES.length; i++) {
        long bytes = TABLE_4_BYTES[i] + TABLE_4_COMPRESSED[i];
        seconds += 2 * (3 * rtt + 0.05) + bytes * 8.0 / p.downBitsPerSecond() + 1.0;
      }
    }
    return Estimates.jvmStarts(1).plus(Duration.ofSeconds((long) (seconds * options.get(FETCHES))));
  }

  @Override
  public void run(Run run) throws Exception {
    int fetches = run.get(FETCHES);
    URI server =
        run.servers(List.of("dynamic"), t -> List.of("--compression", t)).address("dynamic");
    List<Cell> cells = PacketLossExperiment.cells(PacketLossExperiment.TABLE_4);
    List<Fetch> rows = new ArrayList<>();
    List<String> qdiscs = new ArrayList<>();
    Path dir = Files.createTempDirectory("wsqos-slow-links");
    // The server's first answers of each kind are its slowest (class loading, compilation).
    try (SlowLink warm = SlowLink.create(LinkProfile.WLAN)) {
      InetSocketAddress at =
          warm.relayTo(new InetSocketAddress(server.getHost(), server.getPort())).address();
      for (Cell cell : cells) {
        Path request = PacketLossExperiment.bookstoreRequest(dir, cell);
        CurlExchanges.run(warm, at, server.getPath(), request, cell.compressed(), WARMUP);
      }
    }
    for (String name : run.get(LINKS)) {
      LinkProfile profile = LinkProfile.named(name);
      try (SlowLink link = SlowLink.create(profile)) {
        qdiscs.add(name + ": " + link.describe().replace('\n', ';'));
        InetSocketAddress at =
            link.relayTo(new InetSocketAddress(server.getHost(), server.getPort())).address();
        for (Cell cell : cells) {
          for (Exchange e :
              CurlExchanges.run(
                  link,
                  at,
                  server.getPath(),
                  PacketLossExperiment.bookstoreRequest(dir, cell),
                  cell.compressed(),
                  fetches)) {
            rows.add(new Fetch(name, cell, e));
          }
          run.progress()
              .printf(
                  Locale.ROOT,
                  "[%s] %s %s %s: %.0f ms%n",
                  name(),
                  name,
                  cell.body(),
                  cell.coding(),
                  median(rows, name, cell));
        }
      }
    }
    write(run, cells, rows, qdiscs);
  }

  /** The answered fetches of {@code cell} over {@code link}. */
  private static List<Fetch> answered(List<Fetch> rows, String link, Cell cell) {
    return rows.stream()
        .filter(f -> f.link().equals(link) && f.cell().equals(cell))
        .filter(f -> f.exchange().status() == 200)
        .toList();
  }

  private static double median(List<Fetch> rows, String link, Cell cell) {
    return Summary.of(answered(rows, link, cell), f -> f.exchange().totalSeconds() * 1000).median();
  }

  private static long bytes(List<Fetch> rows, String link, Cell cell) {
    return (long) Summary.of(answered(rows, link, cell), f -> f.exchange().bytesDown()).median();
  }

  private void write(Run run, List<Cell> cells, List<Fetch> rows, List<String> qdiscs) {
    Table.of(
            rows,
            column("link", Fetch::link),
            column("body", f -> f.cell().body()),
            column("coding", f -> f.cell().coding()),
            column("status", f -> f.exchange().status()),
            column("seconds", f -> Table.fixed(f.exchange().totalSeconds(), 3)),
            column("bytes_down", f -> f.exchange().bytesDown()),
            column("content_encoding", f -> f.exchange().contentEncoding()))
        .writeCsv(run.out().resolve("results.csv"));
    Table table =
        Table.of(
            "link",
            "body",
            "bytes",
            "identity ms",
            "compressed bytes",
            "compressed ms",
            "identity / compressed",
            "failed");
    List<String> bodies = cells.stream().map(Cell::body).distinct().toList();
    for (String link : run.get(LINKS)) {
      Plot plot =
          Plot.of(
              "Service time over " + link + " (Figures 47-50)",
              "response size (bytes)",
              "service time (ms)");
      List<Double> sizes = new ArrayList<>();
      List<Double> plain = new ArrayList<>();
      List<Double> packed = new ArrayList<>();
      for (String body : bodies) {
        Cell identity = new Cell(body, false);
        Cell compressed = new Cell(body, true);
        sizes.add((double) bytes(rows, link, identity));
        plain.add(median(rows, link, identity));
        packed.add(median(rows, link, compressed));
        table.row(
            link,
            body,
            bytes(rows, link, identity),
            Table.fixed(plain.get(plain.size() - 1), 0),
            bytes(rows, link, compressed),
            Table.fixed(packed.get(packed.size() - 1), 0),
            Table.fixed(plain.get(plain.size() - 1) / packed.get(packed.size() - 1), 2),
            rows.stream()
                .filter(f -> f.link().equals(link) && f.cell().body().equals(body))
                .filter(f -> f.exchange().status() != 200)
                .count());
      }
      plot.series("not compressed", sizes, plain);
      plot.series("compressed", sizes, packed);
      plot.write(run.out().resolve("service-time-" + link + ".png"));
    }
    run.writeReport(
        "Service time against response size over slow links (Figures 47-50)",
        Template.items(
            "reports/slow-links/settings.md",
            Map.of("qdiscs", String.join(" | ", qdiscs), "fetches", run.get(FETCHES))),
        List.of(Report.section("Service time (median ms)", "", table)));
  }
}
