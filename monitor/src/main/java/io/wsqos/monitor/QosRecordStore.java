package io.wsqos.monitor;

import java.util.List;

/**
 * Where the logging manager's writer puts each batch: the monitor's tables in a database (the
 * default), a remote logging manager ({@link QosLog.Builder#remote}), or a store of the
 * application's own ({@link QosLog.Builder#store}). Called from the writer thread only, one batch
 * at a time.
 */
public interface QosRecordStore extends AutoCloseable {

  /**
   * Writes the whole batch or throws; the log retries a batch that throws and counts it lost after
   * its last attempt, so a store must not keep half of a batch it failed.
   */
  void write(List<QosRecord> batch) throws Exception;

  /** Releases what the store holds; called once, after the writer's last batch. */
  @Override
  default void close() {}
}
