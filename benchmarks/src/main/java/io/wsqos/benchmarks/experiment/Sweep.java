package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.PointResult;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * A named sweep: for each point, for each repetition, every variant in turn, so that a drift of the
 * machine during the run touches all variants alike. The order rotates by one each repetition (A B
 * C, then B C A, then C A B), so that no variant always runs first after a pause, or always right
 * after the same neighbour, whose leftover work (its GC, its JIT, its database flushing what the
 * run left) would otherwise fall on the same variant every time. Each run has its own warm-up; a
 * pause between runs lets the server drain what an overloaded run left queued.
 */
public final class Sweep {

  public static final long DEFAULT_PAUSE_MILLIS = 1_000;

  private final String name;
  private final List<Double> points;
  private final int repetitions;
  private final List<Variant> variants;
  private final Duration warmup;
  private final Duration measure;
  private final Duration pause;
  private final PointRunner runner;
  private final PrintStream progress;

  private Sweep(Builder b) {
    this.name = requireNonNull(b.name, "name");
    this.points = List.copyOf(b.points);
    this.repetitions = b.repetitions;
    this.variants = List.copyOf(b.variants);
    this.warmup = requireNonNull(b.warmup, "warmup");
    this.measure = requireNonNull(b.measure, "measure");
    this.pause = requireNonNull(b.pause, "pause");
    this.runner = requireNonNull(b.runner, "runner");
    this.progress = requireNonNull(b.progress, "progress");
    if (points.isEmpty()) {
      throw new IllegalArgumentException("points: [] (expected: at least one)");
    }
    if (variants.isEmpty()) {
      throw new IllegalArgumentException("variants: [] (expected: at least one)");
    }
    if (repetitions < 1) {
      throw new IllegalArgumentException("repetitions: " + repetitions + " (expected: >= 1)");
    }
  }

  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** Runs every point, repetition and variant; returns the results in run order. */
  public List<PointResult> run() {
    int total = points.size() * repetitions * variants.size();
    long perRunNanos = warmup.toNanos() + measure.toNanos() + pause.toNanos();
    long started = System.nanoTime();
    List<PointResult> results = new ArrayList<>(total);
    int done = 0;
    for (int p = 0; p < points.size(); p++) {
      double x = points.get(p);
      for (int rep = 1; rep <= repetitions; rep++) {
        for (int v = 0; v < variants.size(); v++) {
          Variant variant = variants.get((v + rep - 1) % variants.size());
          long elapsed = System.nanoTime() - started;
          long remaining =
              done == 0
                  ? perRunNanos * total
                  : Math.max(elapsed / done, perRunNanos) * (total - done);
          progress.printf(
              Locale.ROOT,
              "[%s] point %d/%d (%s) rep %d/%d variant %s | run %d/%d | elapsed %s | remaining"
                  + " ~%s%n",
              name,
              p + 1,
              points.size(),
              format(x),
              rep,
              repetitions,
              variant.name(),
              done + 1,
              total,
              clock(elapsed),
              clock(remaining));
          RunResult run = runner.run(variant, x, warmup, measure);
          PointResult result = PointResult.of(variant.name(), x, rep, run);
          results.add(result);
          progress.printf(
              Locale.ROOT,
              "[%s]   offered %.1f/s throughput %.1f/s mean %.2f ms p99 %.2f ms failed %d/%d%n",
              name,
              result.offeredPerSecond(),
              result.throughputPerSecond(),
              result.meanMillis(),
              result.p99Millis(),
              run.failed(),
              run.requests());
          done++;
          if (done < total && !pause.isZero()) {
            LockSupport.parkNanos(pause.toNanos());
          }
        }
      }
    }
    progress.printf(
        Locale.ROOT, "[%s] done: %d runs in %s%n", name, total, clock(System.nanoTime() - started));
    return results;
  }

  private static String format(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
  }

  private static String clock(long nanos) {
    long seconds = nanos / 1_000_000_000L;
    return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
  }

  /** Builds a {@link Sweep}; points, variants and runner are required. */
  public static final class Builder {
    private final String name;
    private List<Double> points = List.of();
    private int repetitions = 3;
    private List<Variant> variants = List.of();
    private Duration warmup = Duration.ofSeconds(2);
    private Duration measure = Duration.ofSeconds(10);
    private Duration pause = Duration.ofMillis(DEFAULT_PAUSE_MILLIS);
    private PointRunner runner;
    private PrintStream progress = System.err;

    private Builder(String name) {
      this.name = requireNonNull(name, "name");
    }

    public Builder points(List<Double> points) {
      this.points = requireNonNull(points, "points");
      return this;
    }

    /** Default 3, as in the paper. */
    public Builder repetitions(int repetitions) {
      this.repetitions = repetitions;
      return this;
    }

    /** The first variant is the baseline of the ratios. */
    public Builder variants(List<Variant> variants) {
      this.variants = requireNonNull(variants, "variants");
      return this;
    }

    /** Default 2 s per run, not counted. */
    public Builder warmup(Duration warmup) {
      this.warmup = warmup;
      return this;
    }

    /** Default 10 s per run. */
    public Builder measure(Duration measure) {
      this.measure = measure;
      return this;
    }

    /** Default {@value #DEFAULT_PAUSE_MILLIS} ms between runs. */
    public Builder pause(Duration pause) {
      this.pause = pause;
      return this;
    }

    public Builder runner(PointRunner runner) {
      this.runner = runner;
      return this;
    }

    /** Default {@code System.err}. */
    public Builder progress(PrintStream progress) {
      this.progress = progress;
      return this;
    }

    public Sweep build() {
      return new Sweep(this);
    }
  }
}
