package io.wsqos.monitor;

import java.util.List;

/**
 * Where a {@link QosLog}'s writer puts each batch: a database ({@code JdbcRecordStore} in the
 * {@code wsqos-monitor-jdbc} artifact), a remote logging manager ({@link
 * io.wsqos.monitor.remote.RemoteRecordStore}), or a store of the application's own. Called from the
 * writer thread only, one batch at a time.
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
