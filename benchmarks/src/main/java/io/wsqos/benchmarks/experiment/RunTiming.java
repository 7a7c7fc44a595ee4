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

  /** As {@code --reps}, {@code --warmup}, {@code --measure} and {@code --pause-ms} say. */
  static RunTiming of(OptionValues options) {
    return new RunTiming(
        options.get(Run.REPS),
        options.get(Run.WARMUP),
        options.get(Run.MEASURE),
        options.get(Run.PAUSE));
  }

  /**
   * How long {@code runsPerRepetition} runs (points times variants) take over every repetition:
   * each warmed up, measured and finished ({@link Estimates#RUN_OVERHEAD}), a pause between two.
   */
  Duration estimate(int runsPerRepetition) {
    long runs = (long) runsPerRepetition * repetitions;
    return warmup
        .plus(measure)
        .plus(Estimates.RUN_OVERHEAD)
        .multipliedBy(runs)
        .plus(pause.multipliedBy(Math.max(0, runs - 1)));
  }

  /**
   * The settings line of a report, with how the servers were warmed up where the experiment warms
   * them.
   */
  String describe(OptionValues options, boolean interleaved) {
    return "per run: warm-up "
        + warmup.toMillis()
        + " ms (not counted), measured "
        + measure.toMillis()
        + " ms, pause "
        + pause.toMillis()
        + " ms; "
        + repetitions
        + " repetition(s) per point"
        + (interleaved ? ", variants interleaved" : "")
        + (options.declares(Servers.CPUS_OPTION) ? "; " + Servers.settling() : "")
        + (options.declares(ServerWarmup.REQUESTERS_OPTION)
            ? "; " + ServerWarmup.describe(options)
            : "");
  }
}
