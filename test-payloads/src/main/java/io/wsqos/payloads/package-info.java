/**
 * Deterministic SOAP payloads of exact sizes: the one generator shared by the tests (through
 * wsqos-testing) and the codec benchmarks, which may not depend on the test kit.
 */
package io.wsqos.payloads;
