package io.wsqos.benchmarks.experiment;

import java.time.Duration;

/**
 * How long each run of a sweep lasts and how often it repeats, read once from the options ({@code
 * --reps}, {@code --warmup}, {@code --measure}, {@code --pause-ms}) so that the sweep and its
 * report's settings cannot disagree.
 *
 * @param repetitions runs per point and variant
 * @param warmup the start of each run, not counted
 * @param measure the counted part of each run
 * @param pause between two runs
 */
record RunTiming(int repetitions, Duration warmup, Duration measure, Duration pause) {

  /** The options' values, or the given defaults (the pause defaults to the sweep's). */
  static RunTiming of(Args args, int repetitions, double warmupSeconds, double measureSeconds) {
    return new RunTiming(
        args.integer("reps", repetitions),
        args.seconds("warmup", warmupSeconds),
        args.seconds("measure", measureSeconds),
        args.millis("pause-ms", Sweep.DEFAULT_PAUSE_MILLIS));
  }

  /** A sweep builder with this timing. */
  Sweep.Builder sweep(String name) {
    return Sweep.builder(name)
        .repetitions(repetitions)
        .warmup(warmup)
        .measure(measure)
        .pause(pause);
  }

  /** The settings line of a report, with how the servers were warmed up. */
  String describe(Args args, boolean interleaved) {
    return "per run: warm-up "
        + warmup.toMillis()
        + " ms (not counted), measured "
        + measure.toMillis()
        + " ms, pause "
        + pause.toMillis()
        + " ms; "
        + repetitions
        + " repetition(s) per point"
        + (interleaved ? ", variants interleaved; " : "; ")
        + ServerWarmup.describe(args);
  }
}
