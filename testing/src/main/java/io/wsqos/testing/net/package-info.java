/**
 * Network fixtures for tests and experiments: a loopback port that refuses connections, a TCP relay
 * a test can cut and restore to make a server unreachable and bring it back, and a network
 * namespace behind a veth pair for shaping and DiffServ classes with {@code tc}.
 */
package io.wsqos.testing.net;
