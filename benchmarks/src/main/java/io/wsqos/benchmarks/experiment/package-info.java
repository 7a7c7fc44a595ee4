/**
 * Named sweeps run interleaved across variants, the bookstore experiments that use them, and the
 * command line that starts them ({@link io.wsqos.benchmarks.experiment.Experiments}).
 */
package io.wsqos.benchmarks.experiment;
