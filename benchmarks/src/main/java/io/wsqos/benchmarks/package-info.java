/** Benchmarks. */
package io.wsqos.benchmarks;
