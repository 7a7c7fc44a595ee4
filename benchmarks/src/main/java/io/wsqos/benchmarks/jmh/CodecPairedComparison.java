package io.wsqos.benchmarks.jmh;

import java.io.IOException;
import java.util.Arrays;

/**
 * {@link CodecBenchmark}'s {@code wsqosStream} and {@code rawLibrary} measured in alternating short
 * batches in one JVM, so that both sides see the same machine load: on a shared, busy machine
 * separate JMH runs minutes apart differ by more than the effect measured. Prints, per codec and
 * size, the minimum and median time per body of each side and the median of the per-round ratios
 * wsqos/raw. Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.wsqos.benchmarks.jmh.CodecPairedComparison}.
 */
public final class CodecPairedComparison {
  private static final String[] CODECS = {"gzip-1", "gzip-6", "zstd-1", "zstd-3"};
  private static final int[] SIZES = {209, 3366, 16055, 28153, 36049, 50205};
  private static final int ROUNDS = 41;
  private static final long BATCH_NANOS = 5_000_000;

  private static volatile long sink;

  private CodecPairedComparison() {}

  public static void main(String[] args) throws IOException {
    System.out.printf(
        "%-7s %6s %10s %10s %10s %10s %9s %10s %9s%n",
        "codec",
        "bytes",
        "raw min",
        "wsqos min",
        "raw med",
        "wsqos med",
        "med ratio",
        "fresh med",
        "fresh/raw");
    for (String codec : CODECS) {
      for (int size : SIZES) {
        CodecBenchmark b = new CodecBenchmark();
        b.codec = codec;
        b.size = size;
        b.setUp();
        try {
          for (int i = 0; i < 3000; i++) {
            sink += b.rawLibrary() + b.wsqosStream();
          }
          long probe = System.nanoTime();
          for (int i = 0; i < 100; i++) {
            sink += b.rawLibrary();
          }
          int batch = (int) Math.max(1, BATCH_NANOS * 100 / Math.max(1, System.nanoTime() - probe));
          boolean gzip = codec.startsWith("gzip");
          int modes = gzip ? 3 : 2;
          double[][] times = new double[modes][ROUNDS];
          double[] ratio = new double[ROUNDS];
          double[] freshRatio = new double[ROUNDS];
          for (int r = 0; r < ROUNDS; r++) {
            for (int k = 0; k < modes; k++) {
              int mode = (r + k) % modes;
              times[mode][r] = timeBatch(b, batch, mode);
            }
            ratio[r] = times[1][r] / times[0][r];
            freshRatio[r] = gzip ? times[2][r] / times[0][r] : Double.NaN;
          }
          double[] raw = times[0];
          double[] ours = times[1];
          System.out.printf(
              "%-7s %6d %10.2f %10.2f %10.2f %10.2f %9.3f %10.2f %9.3f%n",
              codec,
              size,
              min(raw),
              min(ours),
              median(raw),
              median(ours),
              median(ratio),
              gzip ? median(times[2]) : Double.NaN,
              median(freshRatio));
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
            case 0 -> b.rawLibrary();
            case 1 -> b.wsqosStream();
            default -> b.jdkGzipOutputStreamFreshDeflater();
          };
    }
    long elapsed = System.nanoTime() - start;
    sink += s;
    return elapsed / 1000.0 / batch;
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElseThrow();
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
