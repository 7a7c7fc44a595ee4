package io.wsqos.monitor;

import java.util.List;

/**
 * Receives the records the logging manager takes off its queue, batch by batch, on its writer
 * thread and before they are written to the database. This is how the diagnosis sees records
 * without polling the database. Implementations must be quick and must not block: the writer waits
 * for them. An exception is logged and does not stop the writer.
 */
@FunctionalInterface
public interface QosRecordListener {

  /** Called with each batch (valid and invalid records, in queue order); do not keep the list. */
  void onRecords(List<QosRecord> batch);
}
