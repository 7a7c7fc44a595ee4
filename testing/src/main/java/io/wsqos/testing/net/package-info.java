/** Network fixtures for tests: a loopback port that refuses connections. */
package io.wsqos.testing.net;
