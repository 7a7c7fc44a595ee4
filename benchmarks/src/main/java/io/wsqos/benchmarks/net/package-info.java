/**
 * Network emulation for the load experiments: a slow link (a network namespace behind a veth pair
 * shaped with {@code tc tbf}) and a user-space relay that adds one-way latency.
 */
package io.wsqos.benchmarks.net;
