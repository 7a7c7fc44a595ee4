/**
 * Open-loop and closed-loop HTTP load drivers on one non-blocking NIO engine, in the spirit of
 * {@code sclient} and {@code httperf}: one connection per request by default, per-request connect
 * and response timeouts, outcomes counted apart, latencies of successes recorded in HdrHistograms
 * from the intended send time.
 */
package io.wsqos.benchmarks.load;
