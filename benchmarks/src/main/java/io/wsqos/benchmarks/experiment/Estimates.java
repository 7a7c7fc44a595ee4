package io.wsqos.benchmarks.experiment;

import java.time.Duration;

/**
 * The parts of a run time that the experiments share, for {@link Experiment#estimatedDuration}:
 * each experiment adds them up as its own {@link Experiment#run} spends them, so that {@code
 * EXPERIMENTS.md} can say how long each takes.
 */
final class Estimates {

  /** A child JVM's start until it listens: a bookstore, a proxy, a broker or a client. */
  static final Duration JVM_START = Duration.ofSeconds(3);

  /**
   * What a run takes beyond its warm-up and measured window: the requests still in flight answered
   * or timed out, the run's figures summed up.
   */
  static final Duration RUN_OVERHEAD = Duration.ofSeconds(1);

  /** The experiment's own JVM started, and its report and plots written at the end. */
  static final Duration OWN_START_AND_REPORT = Duration.ofSeconds(5);

  private Estimates() {}

  /**
   * A sweep of {@code points} times {@code variants} runs per repetition ({@link Sweep#run}), each
   * warmed up and measured, with a pause between two.
   */
  static Duration sweep(OptionValues options, int points, int variants) {
    return RunTiming.of(options).estimate(points * variants);
  }

  /** {@link ServerWarmup#run} over {@code variants}: each warmed in turn. */
  static Duration serverWarmups(OptionValues options, int variants) {
    return options.get(ServerWarmup.OPTION).multipliedBy(variants);
  }

  /**
   * The usual sweep of server JVMs: {@code servers} started, then {@code variants} warmed up and
   * swept over {@code points}.
   */
  static Duration serverSweep(OptionValues options, int servers, int points, int variants) {
    return jvmStarts(servers)
        .plus(serverWarmups(options, variants))
        .plus(sweep(options, points, variants));
  }

  /** {@code jvms} child JVMs started, one after the other. */
  static Duration jvmStarts(int jvms) {
    return JVM_START.multipliedBy(jvms);
  }
}
