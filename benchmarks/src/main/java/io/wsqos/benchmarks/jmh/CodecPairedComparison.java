package io.wsqos.benchmarks.jmh;

import io.wsqos.benchmarks.report.Summary;
import java.io.IOException;
import java.util.List;

/**
 * {@link CodecBenchmark}'s {@code rawLibrary}, {@code wsqosStream}, {@code wsqosResponsePath} and,
 * for gzip, {@code jdkGzipOutputStreamFreshDeflater} measured in alternating short batches in one
 * JVM, so that all sides see the same machine load: on a shared, busy machine separate JMH runs
 * minutes apart differ by more than the effect measured. Prints, per codec and size, the median
 * time per body of each side and the medians of the per-round ratios to the raw library. Run:
 * {@code java -cp benchmarks/target/benchmarks.jar io.wsqos.benchmarks.jmh.CodecPairedComparison
 * [CODEC...]} (default: every codec below).
 */
public final class CodecPairedComparison {
  private static final List<String> CODECS = List.of("gzip-1", "gzip-6", "zstd-1", "zstd-3");
  private static final int[] SIZES = {209, 3366, 16055, 28153, 36049, 50205};
  private static final int ROUNDS = 41;
  private static final long BATCH_NANOS = 5_000_000;

  private static final int RAW = 0;
  private static final int STREAM = 1;
  private static final int PATH = 2;
  private static final int FRESH = 3;

  private static volatile long sink;

  private CodecPairedComparison() {}

  public static void main(String[] args) throws IOException {
    List<String> codecs = args.length == 0 ? CODECS : List.of(args);
    System.out.printf(
        "%-7s %6s %10s %10s %9s %10s %9s %10s %9s%n",
        "codec",
        "bytes",
        "raw med",
        "stream med",
        "str/raw",
        "path med",
        "path/raw",
        "fresh med",
        "fresh/raw");
    for (String codec : codecs) {
      for (int size : SIZES) {
        CodecBenchmark b = new CodecBenchmark();
        b.codec = codec;
        b.size = size;
        b.setUp();
        try {
          for (int i = 0; i < 3000; i++) {
            sink += b.rawLibrary() + b.wsqosStream() + b.wsqosResponsePath();
          }
          long probe = System.nanoTime();
          for (int i = 0; i < 100; i++) {
            sink += b.rawLibrary();
          }
          int batch = (int) Math.max(1, BATCH_NANOS * 100 / Math.max(1, System.nanoTime() - probe));
          boolean gzip = codec.startsWith("gzip");
          int modes = gzip ? 4 : 3;
          double[][] times = new double[modes][ROUNDS];
          double[][] ratios = new double[modes][ROUNDS];
          for (int r = 0; r < ROUNDS; r++) {
            for (int k = 0; k < modes; k++) {
              int mode = (r + k) % modes;
              times[mode][r] = timeBatch(b, batch, mode);
            }
            for (int mode = 0; mode < modes; mode++) {
              ratios[mode][r] = times[mode][r] / times[RAW][r];
            }
          }
          System.out.printf(
              "%-7s %6d %10.2f %10.2f %9.3f %10.2f %9.3f %10.2f %9.3f%n",
              codec,
              size,
              median(times[RAW]),
              median(times[STREAM]),
              median(ratios[STREAM]),
              median(times[PATH]),
              median(ratios[PATH]),
              gzip ? median(times[FRESH]) : Double.NaN,
              gzip ? median(ratios[FRESH]) : Double.NaN);
        } finally {
          b.tearDown();
        }
      }
    }
  }

  /** Microseconds per body. */
  private static double timeBatch(CodecBenchmark b, int batch, int mode) throws IOException {
    long start = System.nanoTime();
    long s = 0;
    for (int i = 0; i < batch; i++) {
      s +=
          switch (mode) {
            case RAW -> b.rawLibrary();
            case STREAM -> b.wsqosStream();
            case PATH -> b.wsqosResponsePath();
            default -> b.jdkGzipOutputStreamFreshDeflater();
          };
    }
    long elapsed = System.nanoTime() - start;
    sink += s;
    return elapsed / 1000.0 / batch;
  }

  private static double median(double[] values) {
    return Summary.of(values).median();
  }
}
