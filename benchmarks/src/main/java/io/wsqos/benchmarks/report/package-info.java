/**
 * What experiments write: one {@link io.wsqos.benchmarks.report.Table} (Markdown and CSV), one
 * {@link io.wsqos.benchmarks.report.Plot} (PNG), the {@link io.wsqos.benchmarks.report.Report} they
 * make up, and the standard tables and plots of a sweep's results.
 */
package io.wsqos.benchmarks.report;
