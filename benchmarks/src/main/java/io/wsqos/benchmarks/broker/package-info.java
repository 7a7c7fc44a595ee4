/**
 * The broker's benchmark data sets and the server JVM the broker experiments start: the broker over
 * H2 or PostgreSQL filled with a data set, or the minimal JAX-RS and JAX-WS endpoints the goals are
 * ratios to.
 */
package io.wsqos.benchmarks.broker;
