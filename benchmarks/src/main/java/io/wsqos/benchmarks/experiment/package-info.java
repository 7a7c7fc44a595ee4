/**
 * The load experiments: each an {@link io.wsqos.benchmarks.experiment.Experiment} with typed {@link
 * io.wsqos.benchmarks.experiment.Option}s, run by {@link io.wsqos.benchmarks.experiment.Run}, which
 * holds its servers, warms them up, runs the variants interleaved and writes the report; {@link
 * io.wsqos.benchmarks.experiment.Experiments} is the command line that lists and starts them.
 */
package io.wsqos.benchmarks.experiment;
