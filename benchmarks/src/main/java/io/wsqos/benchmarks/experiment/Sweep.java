package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Table;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * A named sweep: for each point, for each repetition, every variant in turn, so that a drift of the
 * machine during the run touches all variants alike. The order rotates by one each repetition (A B
 * C, then B C A, then C A B), so that no variant always runs first after a pause, or always right
 * after the same neighbour, whose leftover work (its GC, its JIT, its database flushing what the
 * run left) would otherwise fall on the same variant every time. Each run has its own warm-up;
 * between two runs the sweep {@linkplain #between waits} for the servers to drain what an
 * overloaded run left queued.
 *
 * @param name for the progress lines
 * @param points the rates or numbers of requesters, in the order run
 * @param variants the first is the baseline of the ratios
 * @param timing each run's warm-up, measurement and pause, and the repetitions
 * @param progress where each run is announced and summarised
 * @param between what runs between two runs: at least the timing's pause ({@link Run#settle})
 */
record Sweep(
    String name,
    List<Double> points,
    List<Variant> variants,
    RunTiming timing,
    PrintStream progress,
    Runnable between) {

  /** The pause between runs unless {@code --pause-ms} says otherwise. */
  static final long DEFAULT_PAUSE_MILLIS = 1_000;

  Sweep {
    requireNonNull(name, "name");
    points = List.copyOf(points);
    variants = List.copyOf(variants);
    requireNonNull(timing, "timing");
    requireNonNull(progress, "progress");
    requireNonNull(between, "between");
    if (points.isEmpty()) {
      throw new IllegalArgumentException("points: [] (expected: at least one)");
    }
    if (variants.isEmpty()) {
      throw new IllegalArgumentException("variants: [] (expected: at least one)");
    }
    if (timing.repetitions() < 1) {
      throw new IllegalArgumentException(
          "repetitions: " + timing.repetitions() + " (expected: >= 1)");
    }
  }

  /** One run of the loop: what {@link #interleave} does for a point, a repetition and a variant. */
  @FunctionalInterface
  interface Visit<P, V, R> {
    R run(P point, int pointIndex, int repetition, V variant);
  }

  /**
   * The measuring loop of every experiment: every variant in turn, the order rotated by one each
   * repetition (from 1), for each point and each repetition: the repetitions of a point together (a
   * sweep, point after point), or, {@code roundsFirst}, every point once per round (rounds that
   * each time every workload).
   *
   * @return what each run returned, in run order
   */
  static <P, V, R> List<R> interleave(
      List<P> points,
      int repetitions,
      List<V> variants,
      boolean roundsFirst,
      Visit<P, V, R> visit) {
    List<R> results = new ArrayList<>(points.size() * repetitions * variants.size());
    int outer = roundsFirst ? repetitions : points.size();
    int inner = roundsFirst ? points.size() : repetitions;
    for (int o = 0; o < outer; o++) {
      for (int i = 0; i < inner; i++) {
        int p = roundsFirst ? i : o;
        int rep = (roundsFirst ? o : i) + 1;
        for (V variant : rotated(variants, rep - 1)) {
          results.add(visit.run(points.get(p), p, rep, variant));
        }
      }
    }
    return results;
  }

  /** {@code items} rotated left by {@code by}: for 1, A B C becomes B C A. */
  static <V> List<V> rotated(List<V> items, int by) {
    return IntStream.range(0, items.size())
        .mapToObj(i -> items.get((i + by) % items.size()))
        .toList();
  }

  /** Runs every point, repetition and variant with {@code runner}; the results in run order. */
  List<PointResult> run(PointRunner runner) {
    int repetitions = timing.repetitions();
    int total = points.size() * repetitions * variants.size();
    long perRunNanos = timing.warmup().plus(timing.measure()).plus(timing.pause()).toNanos();
    long started = System.nanoTime();
    int[] done = {0};
    List<PointResult> results =
        interleave(
            points,
            repetitions,
            variants,
            false,
            (x, p, rep, variant) -> {
              long elapsed = System.nanoTime() - started;
              long remaining =
                  done[0] == 0
                      ? perRunNanos * total
                      : Math.max(elapsed / done[0], perRunNanos) * (total - done[0]);
              progress.printf(
                  Locale.ROOT,
                  "[%s] point %d/%d (%s) rep %d/%d variant %s | run %d/%d | elapsed %s |"
                      + " remaining ~%s%n",
                  name,
                  p + 1,
                  points.size(),
                  Table.point(x),
                  rep,
                  repetitions,
                  variant.name(),
                  done[0] + 1,
                  total,
                  clock(elapsed),
                  clock(remaining));
              RunResult run = runner.run(variant, x, timing.warmup(), timing.measure());
              PointResult result = PointResult.of(variant.name(), x, rep, run);
              progress.printf(
                  Locale.ROOT,
                  "[%s]   offered %.1f/s throughput %.1f/s mean %.2f ms p99 %.2f ms failed"
                      + " %d/%d%n",
                  name,
                  result.offeredPerSecond(),
                  result.throughputPerSecond(),
                  result.meanMillis(),
                  result.p99Millis(),
                  run.failed(),
                  run.requests());
              if (++done[0] < total) {
                between.run();
              }
              return result;
            });
    progress.printf(
        Locale.ROOT, "[%s] done: %d runs in %s%n", name, total, clock(System.nanoTime() - started));
    return results;
  }

  private static String clock(long nanos) {
    long seconds = nanos / 1_000_000_000L;
    return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
  }
}
