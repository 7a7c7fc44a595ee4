package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.RunResult;
import java.time.Duration;

/** Runs one variant at one point of a sweep (a rate, or a number of requesters). */
@FunctionalInterface
public interface PointRunner {
  RunResult run(Variant variant, double x, Duration warmup, Duration measure);
}
