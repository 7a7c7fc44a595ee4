package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.experiment.CompressionSides.Side;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The compression experiments (Figures 51-54 of {@code 000_49aae6b7688bc2eb.txt}): {@code
 * compression-rate} (open loop, with the share of {@code server-decides} responses compressed) and
 * {@code compression-requesters} (closed loop: each server's capacity without an open loop's
 * collapse past saturation).
 */
final class CompressionExperiment implements Experiment {

  /** One connection per request keeps each requester waiting on hand-offs, not CPU. */
  static final List<Double> DEFAULT_REQUESTERS = List.of(50.0, 100.0, 200.0, 400.0);

  static final List<Double> DEFAULT_RATES =
      List.of(1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 8000.0);

  /** Goal of all-compressed to none, on one connection per request. */
  static final double PER_REQUEST_ALL_RATIO = 0.85;

  /** Goal of all-compressed to none on kept-alive connections, where a request costs less. */
  static final double KEPT_ALIVE_ALL_RATIO = 0.88;

  /** Goal of all-compressed (zstd) to CXF's GZIPFeature on kept-alive connections. */
  static final double KEPT_ALIVE_ALL_TO_CXF_RATIO = 1.10;

  private final boolean closedLoop;

  CompressionExperiment(boolean closedLoop) {
    this.closedLoop = closedLoop;
  }

  @Override
  public String name() {
    return closedLoop ? "compression-requesters" : "compression-rate";
  }

  private Option<List<Double>> points() {
    return closedLoop
        ? Run.numbers("requesters", DEFAULT_REQUESTERS, "numbers of back-to-back requesters")
        : Run.numbers("rates", DEFAULT_RATES, "offered rates (req/s)");
  }

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(points(), CompressionSides.VARIANTS, Connections.OPTION, Run.REQUEST),
        Run.driverSweep(2, 1, 5, 5_000),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  /** A side run in one connection mode: one line of the report. */
  record Line(String name, Side side, boolean keepAlive) {}

  @Override
  public Duration estimatedDuration(OptionValues options) {
    List<Side> sides = options.get(CompressionSides.VARIANTS);
    int lines = lines(sides, options.get(Connections.OPTION)).size();
    return Estimates.serverSweep(options, sides.size(), options.get(points()).size(), lines);
  }

  @Override
  public void run(Run run) {
    String axis = closedLoop ? "requesters" : "offered rate (req/s)";
    PointRunner driver = run.driver(closedLoop);
    List<Double> points = run.get(points());
    List<Side> sides = run.get(CompressionSides.VARIANTS);
    Connections connections = run.get(Connections.OPTION);
    Path requestFile = run.get(Run.REQUEST);
    Servers servers =
        run.servers(
            sides.stream().map(Side::compression).toList(),
            token -> List.of("--compression", token));
    List<Line> lines = lines(sides, connections);
    Map<String, Line> byName = new LinkedHashMap<>();
    List<Variant> variants = new ArrayList<>();
    for (Line line : lines) {
      byName.put(line.name(), line);
      variants.add(
          new Variant(
              line.name(),
              CompressionSides.source(
                  servers.address(line.side().compression()),
                  requestFile,
                  line.side(),
                  line.keepAlive())));
    }
    Map<String, Map<Double, long[]>> encoded = new LinkedHashMap<>();
    List<RunWindow> windows = new ArrayList<>();
    PointRunner counting =
        (v, x, w, m) -> {
          RunResult r = driver.run(v, x, w, m);
          long[] sums =
              encoded
                  .computeIfAbsent(v.name(), k -> new LinkedHashMap<>())
                  .computeIfAbsent(x, k -> new long[2]);
          sums[0] += r.succeeded();
          sums[1] += r.succeededEncoded();
          return r;
        };
    List<PointResult> results =
        run.sweep(
            points,
            variants,
            RunWindow.windowed(
                windows,
                counting,
                v -> servers.pid(byName.get(v.name()).side().compression()),
                run.progress()),
            true);
    List<String> settings = new ArrayList<>();
    for (Side side : sides) {
      settings.addAll(
          Template.items(
              "reports/compression/side.md",
              Map.of(
                  "name", side.name(),
                  "compression", side.compression(),
                  "jvm", servers.launch(),
                  "requests", CompressionSides.describe(side.preferences()),
                  "acceptEncoding", side.acceptEncoding())));
    }
    settings.addAll(
        Template.items(
            "reports/compression/settings.md",
            Map.of(
                "request", requestFile,
                "connections", connections.describe(),
                "axis", points().name(),
                "points", points,
                "timing", run.timing().describe(run.options(), true),
                "timeouts", run.describeTimeouts())));
    Table share = Table.of("variant", "rate", "succeeded", "compressed", "share_of_eligible");
    List<String> sections = new ArrayList<>();
    sections.add(compressionShare(axis, lines, points, encoded, share));
    List<PairedRatios.Goal> goals = new ArrayList<>();
    for (boolean keepAlive : connections.keepAlive()) {
      String none = Connections.variantName("none", keepAlive);
      List<String> names =
          lines.stream().filter(l -> l.keepAlive() == keepAlive).map(Line::name).toList();
      List<PointResult> mode = results.stream().filter(r -> names.contains(r.variant())).toList();
      String baseline = names.get(0);
      double allRatio = keepAlive ? KEPT_ALIVE_ALL_RATIO : PER_REQUEST_ALL_RATIO;
      String dynamic = Connections.variantName("dynamic", keepAlive);
      String all = Connections.variantName("all", keepAlive);
      sections.add(
          MonitoringTables.peakSection(
              mode,
              baseline,
              List.of(
                  new MonitoringTables.PeakGoal(
                      dynamic, 0.97, "dynamic peak >= 97% of uncompressed"),
                  new MonitoringTables.PeakGoal(
                      all,
                      allRatio,
                      String.format(
                          Locale.ROOT,
                          "all-compressed loses <= %.0f%% of peak",
                          100 - 100 * allRatio)))));
      goals.add(new PairedRatios.Goal(dynamic, none, 0.97));
      goals.add(new PairedRatios.Goal(all, none, allRatio));
      if (keepAlive) {
        goals.add(
            new PairedRatios.Goal(
                all, Connections.variantName("cxf-gzip", true), KEPT_ALIVE_ALL_TO_CXF_RATIO));
      }
      List<RunWindow> modeWindows =
          windows.stream().filter(w -> names.contains(w.variant())).toList();
      sections.add(CpuTables.section(modeWindows, baseline));
    }
    sections.add(PairedRatios.section(axis, results, goals));
    share.writeCsv(run.out().resolve("compression.csv"));
    CpuTables.csv(windows).writeCsv(run.out().resolve("cpu.csv"));
    run.writeSweep(
        closedLoop
            ? "Compression: capacity under N back-to-back requesters"
            : "Compression: throughput and response time against offered rate (Figures 51-54)",
        axis,
        settings,
        results,
        sections);
  }

  /** Each side in each connection mode, the modes in turn, per-request first. */
  static List<Line> lines(List<Side> sides, Connections connections) {
    List<Line> lines = new ArrayList<>();
    for (boolean keepAlive : connections.keepAlive()) {
      for (Side side : sides) {
        lines.add(new Line(Connections.variantName(side.name(), keepAlive), side, keepAlive));
      }
    }
    return lines;
  }

  /**
   * The section of the share of compressed responses per variant and point; adds the same figures
   * to {@code csv} (variant, rate, succeeded, compressed, share of eligible).
   */
  static String compressionShare(
      String axis,
      List<Line> lines,
      List<Double> points,
      Map<String, Map<Double, long[]>> encoded,
      Table csv) {
    List<String> header = new ArrayList<>(List.of(axis));
    lines.forEach(l -> header.add(l.name()));
    Table table = Table.of(header);
    for (double x : new LinkedHashSet<>(points)) {
      List<String> cells = new ArrayList<>(List.of(Table.point(x)));
      for (Line line : lines) {
        long[] sums = encoded.getOrDefault(line.name(), Map.of()).get(x);
        if (sums == null || sums[0] == 0) {
          cells.add("-");
          continue;
        }
        double decides = line.side().serverDecidesShare();
        double eligible = decides > 0 ? sums[0] * decides : sums[0];
        double share = Math.min(1.0, sums[1] / eligible);
        cells.add(String.format(Locale.ROOT, "%.1f%%", 100 * share));
        csv.row(line.name(), Table.point(x), sums[0], sums[1], Table.fixed(share, 4));
      }
      table.row(cells);
    }
    return Template.render("reports/compression/share.md", Map.of("table", table.markdown()));
  }
}
