/**
 * Network fixtures for tests and experiments: a loopback port that refuses connections, a TCP relay
 * a test can cut and restore to make a server unreachable and bring it back, and a network
 * namespace behind a veth pair for shaping and DiffServ classes with {@code tc}, with the loss,
 * rate and delay of each direction ({@link io.wsqos.testing.net.LinkConditions}, a delaying relay),
 * and what this Linux machine lets a test do (its capabilities and tools).
 */
package io.wsqos.testing.net;
