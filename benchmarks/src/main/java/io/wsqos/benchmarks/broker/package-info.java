/**
 * The broker experiments' data sets and server JVM: the broker filled with a set, or its baselines.
 */
package io.wsqos.benchmarks.broker;
