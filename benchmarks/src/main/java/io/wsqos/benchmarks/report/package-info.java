/** Results of load sweeps as CSV, Markdown tables and PNG plots. */
package io.wsqos.benchmarks.report;
