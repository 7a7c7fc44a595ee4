package io.wsqos.benchmarks.experiment;

import java.nio.file.Path;

/**
 * The database the monitored server's {@code QosLog} writes and the report then reads: by default
 * an H2 file in the experiment's temp directory, or any JDBC URL given with {@code
 * --monitor-jdbc-url} (e.g. a PostgreSQL schema, to keep the records out of the server's heap).
 */
record LogDatabase(String url, String user) {

  /** The H2 file database in {@code dbDir}, as the bookstore's {@code --monitor} makes it. */
  static LogDatabase h2(Path dbDir) {
    return new LogDatabase(ClientMonitor.jdbcUrl(dbDir), "");
  }
}
