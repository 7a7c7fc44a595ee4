package io.wsqos.benchmarks.jmh;

import io.wsqos.benchmarks.experiment.Experiment;
import io.wsqos.benchmarks.experiment.Run;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.cli.Option;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The experiment {@code codec-paired}: {@link CodecBenchmark}'s {@code rawLibrary}, {@code
 * wsqosStream}, {@code wsqosResponsePath} and, for gzip, {@code jdkGzipOutputStreamFreshDeflater}
 * measured in alternating short batches in one JVM, so that all sides see the same machine load: on
 * a shared, busy machine separate JMH runs minutes apart differ by more than the effect measured.
 * Writes, per codec and size, the compressed size over the original, the median time per body of
 * each side and the medians of the per-round ratios to the raw library.
 */
public final class CodecPairedComparison implements Experiment {

  private static final int[] SIZES = {209, 3366, 16055, 28153, 36049, 50205};
  private static final long BATCH_NANOS = 5_000_000;
  private static final List<String> SIDES = List.of("raw", "stream", "path", "fresh");

  static final Option<List<String>> CODECS =
      Option.list(
          "codecs",
          List.of("gzip-1", "gzip-6", "zstd-1", "zstd-3"),
          "codings and levels, e.g. zstd-1,gzip-1 (gzip, deflate or zstd; any level)");
  static final Option<Integer> ROUNDS =
      Option.integer("rounds", 41, 1, 10_000, "rounds of alternating 5 ms batches per size");

  /** Where the sides' results go, so that the JIT cannot drop their work. */
  private volatile long sink;

  @Override
  public String name() {
    return "codec-paired";
  }

  @Override
  public List<Option<?>> options() {
    return List.of(CODECS, ROUNDS);
  }

  @Override
  public void run(Run run) throws IOException {
    int rounds = run.get(ROUNDS);
    List<String> columns = new ArrayList<>(List.of("codec", "bytes", "compressed_ratio"));
    SIDES.forEach(side -> columns.add(side + "_us"));
    SIDES.stream().skip(1).forEach(side -> columns.add(side + "_over_raw"));
    Table table = Table.of(columns);
    for (String codec : run.get(CODECS)) {
      for (int size : SIZES) {
        CodecBenchmark b = new CodecBenchmark();
        b.codec = codec;
        b.size = size;
        b.setUp();
        try {
          table.row(measure(b, codec.startsWith("gzip") ? 4 : 3, rounds));
          run.progress().println(String.join(" ", table.rows().get(table.rows().size() - 1)));
        } finally {
          b.tearDown();
        }
      }
    }
    table.writeCsv(run.out().resolve("results.csv"));
    run.report(
            "Codecs: our streams and response path against the raw library, paired",
            summary(),
            List.of(
                rounds + " rounds per codec and size, the sides in an order rotated each round"))
        .add(Report.section("Per codec and size", "", table))
        .write(run.out().resolve("report.md"));
    run.progress().println("wrote " + run.out().toAbsolutePath());
  }

  /** One row: the sides timed in {@code rounds} rounds, their order rotated each round. */
  private List<String> measure(CodecBenchmark b, int sides, int rounds) throws IOException {
    for (int i = 0; i < 3000; i++) {
      sink += b.rawLibrary() + b.wsqosStream() + b.wsqosResponsePath();
    }
    long probe = System.nanoTime();
    for (int i = 0; i < 100; i++) {
      sink += b.rawLibrary();
    }
    int batch = (int) Math.max(1, BATCH_NANOS * 100 / Math.max(1, System.nanoTime() - probe));
    double[][] times = new double[sides][rounds];
    double[][] ratios = new double[sides][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < sides; k++) {
        int side = (r + k) % sides;
        times[side][r] = timeBatch(b, batch, side);
      }
      for (int side = 0; side < sides; side++) {
        ratios[side][r] = times[side][r] / times[0][r];
      }
    }
    List<String> row = new ArrayList<>(List.of(b.codec, Integer.toString(b.size)));
    row.add(Table.fixed(b.wsqosStream() / (double) b.size, 3));
    for (int side = 0; side < SIDES.size(); side++) {
      row.add(side < sides ? Table.fixed(Summary.of(times[side]).median(), 2) : "");
    }
    for (int side = 1; side < SIDES.size(); side++) {
      row.add(side < sides ? Table.fixed(Summary.of(ratios[side]).median(), 3) : "");
    }
    return row;
  }

  /** Microseconds per body. */
  private double timeBatch(CodecBenchmark b, int batch, int side) throws IOException {
    long start = System.nanoTime();
    long s = 0;
    for (int i = 0; i < batch; i++) {
      s +=
          switch (side) {
            case 0 -> b.rawLibrary();
            case 1 -> b.wsqosStream();
            case 2 -> b.wsqosResponsePath();
            default -> b.jdkGzipOutputStreamFreshDeflater();
          };
    }
    long elapsed = System.nanoTime() - start;
    sink += s;
    return elapsed / 1000.0 / batch;
  }
}
