/**
 * The monitor's records in a database: {@link io.wsqos.monitor.jdbc.JdbcRecordStore} writes a
 * {@link io.wsqos.monitor.QosLog}'s batches to H2 or PostgreSQL, and {@link
 * io.wsqos.monitor.jdbc.QosAnalysis} reads them back as the seeds' Tables 2 and 3.
 */
package io.wsqos.monitor.jdbc;
