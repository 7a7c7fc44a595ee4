package io.wsqos.monitor.internal;

import io.wsqos.monitor.QosRecord;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The hand-off from request threads to the log's writer: bounded, and without a lock, so that
 * hundreds of request threads offering at once never park on each other (an {@code
 * ArrayBlockingQueue} takes one lock per offer and, when the writer waits on it, signals the writer
 * on every offer). Many producers, one consumer; the consumer polls and sleeps, it never blocks
 * here.
 *
 * <p>The bound is exact for producers: a record is refused when {@code capacity} are queued. The
 * count is taken before the record is linked in, so {@link #size()} may briefly run ahead of what
 * the consumer can already see.
 */
public final class RecordQueue {

  private final ConcurrentLinkedQueue<QosRecord> records = new ConcurrentLinkedQueue<>();
  private final AtomicInteger size = new AtomicInteger();
  private final int capacity;

  public RecordQueue(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity: " + capacity + " (expected: >= 1)");
    }
    this.capacity = capacity;
  }

  /** Queues {@code record} unless {@code capacity} records are queued; never blocks. */
  public boolean offer(QosRecord record) {
    if (size.incrementAndGet() > capacity) {
      size.decrementAndGet();
      return false;
    }
    records.offer(record);
    return true;
  }

  /** Moves up to {@code max} records, oldest first, to {@code into}; returns how many. */
  public int drainTo(List<QosRecord> into, int max) {
    int moved = 0;
    for (QosRecord record; moved < max && (record = records.poll()) != null; moved++) {
      into.add(record);
    }
    if (moved > 0) {
      size.addAndGet(-moved);
    }
    return moved;
  }

  /** Moves every queued record to {@code into}; returns how many. */
  public int drainTo(List<QosRecord> into) {
    return drainTo(into, Integer.MAX_VALUE);
  }

  /** The number of records queued (or being queued). */
  public int size() {
    return size.get();
  }

  /** Whether no record is queued. */
  public boolean isEmpty() {
    return size.get() == 0;
  }
}
