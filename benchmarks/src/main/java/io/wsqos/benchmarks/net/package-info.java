/**
 * Network emulation for the load experiments: a slow link (a network namespace behind a veth pair
 * shaped with {@code tc tbf}), its profiles, and paced background traffic; the user-space relay
 * that adds one-way latency is the test kit's {@link io.wsqos.testing.net.DelayRelay}.
 */
package io.wsqos.benchmarks.net;
