/**
 * Network fixtures for tests: a loopback port that refuses connections, and a TCP relay a test can
 * cut and restore to make a server unreachable and bring it back.
 */
package io.wsqos.testing.net;
