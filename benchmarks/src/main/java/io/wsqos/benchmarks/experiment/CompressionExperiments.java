package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.ClosedLoopDriver;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.OpenLoopDriver;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.core.header.CompressionPreference;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The compression experiments of issue 4 (Figures 53-54 and Table 5 of {@code
 * 000_49aae6b7688bc2eb.txt}): {@code compression-rate} (throughput and response time against
 * offered rate, per compression variant, with the share of {@code server-decides} responses the
 * server compressed) and {@code slow-client} ({@link SlowClientExperiment}).
 */
final class CompressionExperiments {

  /**
   * One connection per request keeps each requester waiting on hand-offs, not CPU: on 2 cores the
   * bookstore reaches its peak only from about 100 requesters on (200 in `baseline-requesters`).
   */
  static final List<Double> DEFAULT_REQUESTERS = List.of(50.0, 100.0, 200.0, 400.0);

  static final List<Double> DEFAULT_RATES =
      List.of(1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 8000.0);

  static final Set<String> OPTIONS = Experiments.sweepOptionsAnd("jar", "variants", "requesters");

  /** The heap and collector of every server JVM, the same for each mode. */
  static final List<String> SERVER_JVM_OPTIONS =
      List.of("-Xms256m", "-Xmx256m", "-XX:+UseParallelGC");

  private CompressionExperiments() {}

  /**
   * One side of the comparison: the server mode it runs against and the preferences its requests
   * carry, in turn ({@code null} sends no WS-QoS header).
   */
  record Side(
      String name,
      ServerMode mode,
      List<CompressionPreference> preferences,
      String acceptEncoding) {
    /** The share of this side's requests that leave the choice to the server. */
    double serverDecidesShare() {
      long n = preferences.stream().filter(p -> p == CompressionPreference.SERVER_DECIDES).count();
      return (double) n / preferences.size();
    }
  }

  /**
   * What a client that can inflate everything sends: the feature then picks its own first coding
   * (zstd), CXF's GZIPFeature gzip.
   */
  static final String ACCEPT_ANY = "gzip, deflate, zstd";

  static final List<Side> SIDES =
      List.of(
          new Side("none", ServerMode.NONE, nulls(1), ACCEPT_ANY),
          new Side("all", ServerMode.ALL, List.of(CompressionPreference.COMPRESS), ACCEPT_ANY),
          new Side("all-gzip", ServerMode.ALL, List.of(CompressionPreference.COMPRESS), "gzip"),
          new Side(
              "dynamic",
              ServerMode.DYNAMIC,
              List.of(CompressionPreference.NONE, CompressionPreference.SERVER_DECIDES),
              ACCEPT_ANY),
          new Side(
              "dynamic-graded",
              ServerMode.GRADED,
              List.of(CompressionPreference.NONE, CompressionPreference.SERVER_DECIDES),
              ACCEPT_ANY),
          new Side("cxf-gzip", ServerMode.CXF_GZIP, nulls(1), ACCEPT_ANY));

  /** {@code n} times no preference (no WS-QoS header); {@code List.of} refuses nulls. */
  static List<CompressionPreference> nulls(int n) {
    List<CompressionPreference> list = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      list.add(null);
    }
    return list;
  }

  /** Compressed successes of one run of one side, kept beside the sweep's results. */
  record EncodedCount(String variant, double x, long succeeded, long encoded) {}

  static void compressionRate(Args args, String command) {
    compression(args, command, false);
  }

  /**
   * The same variants under N back-to-back requesters: each server's capacity, without the collapse
   * an open loop past saturation brings on 2 shared cores (connect timeouts, the driver's retries
   * taking CPU from the server), which makes open-loop peaks swing by 10-40%.
   */
  static void compressionRequesters(Args args, String command) {
    compression(args, command, true);
  }

  private static void compression(Args args, String command, boolean closedLoop) {
    String name = closedLoop ? "compression-requesters" : "compression-rate";
    String axis = closedLoop ? "requesters" : "offered rate (req/s)";
    DriverOptions options =
        DriverOptions.builder()
            .connectTimeout(
                args.millis("connect-timeout-ms", DriverOptions.DEFAULT_CONNECT_TIMEOUT_MILLIS))
            .responseTimeout(args.millis("response-timeout-ms", 5_000))
            .build();
    OpenLoopDriver openLoop = OpenLoopDriver.create(options);
    ClosedLoopDriver requesters = ClosedLoopDriver.create(options);
    List<Double> points =
        closedLoop
            ? args.numbers("requesters", DEFAULT_REQUESTERS)
            : args.numbers("rates", DEFAULT_RATES);
    List<Side> sides = selectedSides(args);
    Path requestFile = Path.of(args.string("request", "examples/bookstore/requests/lite-1.xml"));
    Servers servers = Servers.start(args, sides.stream().map(Side::mode).toList());
    try (servers) {
      List<Variant> variants = new ArrayList<>();
      for (Side side : sides) {
        variants.add(
            new Variant(side.name(), source(servers.address(side.mode()), requestFile, side)));
      }
      ServerWarmup.run(name, args, options, variants);
      RunTiming timing = RunTiming.of(args, 2, 1, 5);
      String loadBefore = loadAverage();
      List<EncodedCount> encoded = new ArrayList<>();
      Sweep sweep =
          timing
              .sweep(name)
              .points(points)
              .variants(variants)
              .runner(
                  (v, x, w, m) -> {
                    RunResult r =
                        closedLoop
                            ? requesters.run(v.source(), (int) x, w, m)
                            : openLoop.run(v.source(), x, w, m);
                    encoded.add(new EncodedCount(v.name(), x, r.succeeded(), r.succeededEncoded()));
                    return r;
                  })
              .build();
      List<PointResult> results = sweep.run();
      List<String> settings = new ArrayList<>();
      for (Side side : sides) {
        settings.add(
            "variant "
                + side.name()
                + ": server `CompressionServer --mode="
                + side.mode().token()
                + "` in its own JVM ("
                + servers.launch()
                + "), requests "
                + describe(side.preferences())
                + ", Accept-Encoding: "
                + side.acceptEncoding());
      }
      settings.add(
          "request: POST of `"
              + requestFile
              + "` (lite information for 1 book), one connection each");
      settings.add((closedLoop ? "requesters " : "rates ") + points);
      settings.add(timing.describe(args, true));
      settings.add(Experiments.timeouts(options));
      settings.add(
          "machine load (/proc/loadavg) before the sweep: "
              + loadBefore
              + "; after: "
              + loadAverage()
              + " (other work shares these 2 cores; the dynamic policy reads the system CPU load)");
      settings.add("command: `" + command + "`");
      String variantsText =
          " each variant against its own server JVM: no compression, everything compressed"
              + " (clients ask `compress`), dynamic (half the requests ask `none`, half"
              + " `server-decides`, the server compressing those while its load is under 80%), and"
              + " CXF's own `GZIPFeature` as a further line.";
      Path out =
          Experiments.write(
              args,
              name,
              closedLoop
                  ? "Compression: capacity under N back-to-back requesters"
                  : "Compression: throughput and response time against offered rate (Figures"
                      + " 51-54)",
              closedLoop
                  ? "The bookstore's \"lite information for 1 book\" from N requesters that each"
                      + " send their next request when the previous one ended, so each server runs"
                      + " at its capacity without being pushed past it;"
                      + variantsText
                  : "The bookstore's \"lite information for 1 book\" under an open-loop rate;"
                      + variantsText,
              axis,
              settings,
              results);
      appendCompressionShare(out, axis, sides, results, encoded);
    }
  }

  static List<Side> selectedSides(Args args) {
    if (!args.has("variants")) {
      return SIDES;
    }
    List<Side> chosen = new ArrayList<>();
    for (String token : args.string("variants", "").split(",")) {
      Side side =
          SIDES.stream()
              .filter(s -> s.name().equals(token.trim()))
              .findFirst()
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "--variants: '"
                              + token
                              + "' (expected: a comma-separated subset of none, all, dynamic,"
                              + " all-gzip, cxf-gzip)"));
      chosen.add(side);
    }
    return chosen;
  }

  private static String describe(List<CompressionPreference> preferences) {
    List<String> names = new ArrayList<>();
    for (CompressionPreference p : preferences) {
      names.add(p == null ? "without WS-QoS header" : "with Requirement " + p.token());
    }
    return String.join(" / ", names) + (preferences.size() > 1 ? " in turn" : "");
  }

  static RequestSource source(URI url, Path requestFile, Side side) {
    byte[] envelope = read(requestFile);
    List<HttpRequest> requests = new ArrayList<>();
    for (CompressionPreference p : side.preferences()) {
      byte[] body = p == null ? envelope : QosEnvelopes.withRequirement(envelope, p);
      HttpRequest.Builder builder =
          HttpRequest.post(url, body)
              .header("Content-Type", "text/xml; charset=UTF-8")
              .header("SOAPAction", "\"\"");
      if (!side.acceptEncoding().isEmpty()) {
        builder.header("Accept-Encoding", side.acceptEncoding());
      }
      requests.add(builder.build());
    }
    return RequestSource.cycling(requests);
  }

  static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException("request: " + file, e);
    }
  }

  /**
   * Appends the share of compressed responses per variant and rate, and the goals computed
   * from this run's peaks, to {@code report.md}; writes them to {@code compression.csv} too.
   */
  private static void appendCompressionShare(
      Path out,
      String axis,
      List<Side> sides,
      List<PointResult> results,
      List<EncodedCount> encoded) {
    Map<String, Map<Double, long[]>> byVariant = new LinkedHashMap<>();
    for (EncodedCount c : encoded) {
      long[] sums =
          byVariant
              .computeIfAbsent(c.variant(), k -> new LinkedHashMap<>())
              .computeIfAbsent(c.x(), k -> new long[2]);
      sums[0] += c.succeeded();
      sums[1] += c.encoded();
    }
    StringBuilder md = new StringBuilder();
    StringBuilder csv = new StringBuilder("variant,rate,succeeded,compressed,share_of_eligible\n");
    md.append("\n## Compressed responses\n\n")
        .append(
            "Share of successful responses with a `Content-Encoding` other than identity, summed"
                + " over repetitions. For `dynamic` the share is of the `server-decides` half"
                + " (compressed / (succeeded x 0.5), the requests alternating `none` and"
                + " `server-decides`): the paper's \"share of requests without preference that"
                + " were compressed\" (all up to 60 req/s, 20% at 120, none past 140).\n\n")
        .append("| ")
        .append(axis)
        .append(" |");
    for (Side s : sides) {
      md.append(' ').append(s.name()).append(" |");
    }
    md.append("\n| --- |").append(" --- |".repeat(sides.size())).append('\n');
    Set<Double> points = new java.util.LinkedHashSet<>();
    encoded.forEach(c -> points.add(c.x()));
    for (double x : points) {
      md.append("| ").append(format(x)).append(" |");
      for (Side s : sides) {
        long[] sums = byVariant.getOrDefault(s.name(), Map.of()).get(x);
        if (sums == null || sums[0] == 0) {
          md.append(" - |");
          continue;
        }
        double eligible = s.serverDecidesShare() > 0 ? sums[0] * s.serverDecidesShare() : sums[0];
        double share = Math.min(1.0, sums[1] / eligible);
        md.append(String.format(Locale.ROOT, " %.1f%% |", 100 * share));
        csv.append(
            String.format(
                Locale.ROOT, "%s,%s,%d,%d,%.4f%n", s.name(), format(x), sums[0], sums[1], share));
      }
      md.append('\n');
    }
    md.append(goals(results));
    try {
      Files.writeString(
          out.resolve("report.md"), md.toString(), java.nio.file.StandardOpenOption.APPEND);
      Files.writeString(out.resolve("compression.csv"), csv.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Peak throughput per variant (the best mean over repetitions at any rate) and the goals. */
  static String goals(List<PointResult> results) {
    Map<String, Double> peaks = Experiments.peaks(results);
    StringBuilder md = new StringBuilder("\n## Peak throughput and the issue's goals\n\n");
    md.append("Peak: the highest mean throughput (over repetitions) at any point.\n\n");
    md.append(Experiments.peakTable(peaks, "none"));
    Double none = peaks.get("none");
    if (none != null) {
      md.append('\n');
      goal(md, peaks, none, "dynamic", 0.97, "dynamic peak >= 97% of uncompressed");
      goal(md, peaks, none, "all", 0.85, "all-compressed loses <= 15% of peak");
    }
    return md.toString();
  }

  private static void goal(
      StringBuilder md,
      Map<String, Double> peaks,
      double none,
      String variant,
      double atLeast,
      String text) {
    Double peak = peaks.get(variant);
    if (peak == null) {
      md.append("- ").append(text).append(": not measured in this run\n");
      return;
    }
    double ratio = peak / none;
    md.append(
        String.format(
            Locale.ROOT,
            "- %s: %.1f%% -> %s%n",
            text,
            100 * ratio,
            ratio >= atLeast ? "met" : "NOT met"));
  }

  /** {@code /proc/loadavg}, to record how busy the shared machine was around a run. */
  static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "unavailable (" + e.getMessage() + ")";
    }
  }

  static String format(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
  }
}
