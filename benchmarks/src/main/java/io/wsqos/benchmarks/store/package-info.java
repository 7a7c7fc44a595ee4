/**
 * The monitor's database store measured at scale: {@link io.wsqos.benchmarks.store.StoreBenchmark},
 * the experiment {@code monitor-store}, writes a million records through the JDBC store and times
 * the queries users run on them.
 */
package io.wsqos.benchmarks.store;
