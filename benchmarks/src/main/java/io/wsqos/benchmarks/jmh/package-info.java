/** JMH suites: per-call costs, each next to its baseline. */
package io.wsqos.benchmarks.jmh;
