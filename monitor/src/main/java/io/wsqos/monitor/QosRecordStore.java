package io.wsqos.monitor;

import io.wsqos.monitor.internal.RecordStore;
import java.util.List;
import javax.sql.DataSource;

/**
 * Where the logging manager's writer puts each batch: the monitor's tables in a database (the
 * default), a remote logging manager ({@link QosLog.Builder#remote}), or a store of the
 * application's own ({@link QosLog.Builder#store}). Called from the writer thread only, one batch
 * at a time.
 */
public interface QosRecordStore extends AutoCloseable {

  /**
   * The monitor's tables in {@code dataSource}, created or migrated by Flyway first: the store a
   * log built with a JDBC URL or a data source writes to. The caller owns the data source.
   *
   * @throws RuntimeException if the database cannot be reached or migrated
   */
  static QosRecordStore database(DataSource dataSource) {
    RecordStore database = new RecordStore(dataSource);
    database.migrate();
    return database::insert;
  }

  /**
   * Writes the whole batch or throws; the log retries a batch that throws and counts it lost after
   * its last attempt, so a store must not keep half of a batch it failed.
   */
  void write(List<QosRecord> batch) throws Exception;

  /** Releases what the store holds; called once, after the writer's last batch. */
  @Override
  default void close() {}
}
