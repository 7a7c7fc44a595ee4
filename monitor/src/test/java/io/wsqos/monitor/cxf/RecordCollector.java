package io.wsqos.monitor.cxf;

import static org.awaitility.Awaitility.await;

import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordListener;
import io.wsqos.monitor.Side;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Collects the records a monitor emits, for assertions. */
final class RecordCollector implements QosRecordListener {

  private final ConcurrentLinkedQueue<QosRecord> records = new ConcurrentLinkedQueue<>();

  @Override
  public void onRecords(List<QosRecord> batch) {
    records.addAll(batch);
  }

  List<QosRecord> of(Side side) {
    return records.stream().filter(r -> r.side() == side).toList();
  }

  /** Waits (at most 5 s) for exactly one record of {@code side} and returns it. */
  QosRecord single(Side side) {
    await().atMost(Duration.ofSeconds(5)).until(() -> !of(side).isEmpty());
    List<QosRecord> found = of(side);
    if (found.size() != 1) {
      throw new AssertionError("expected one " + side + " record, got " + found);
    }
    return found.get(0);
  }

  void clear() {
    records.clear();
  }
}
