package io.wsqos.monitor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link QosRecordStore} in memory: keeps every batch it accepted, in order, and can be told to
 * refuse batches or to hold writes until released, as a database that is down or stuck would.
 */
public final class TestStore implements QosRecordStore {

  private final List<QosRecord> records = new CopyOnWriteArrayList<>();
  private final AtomicInteger closes = new AtomicInteger();
  private final AtomicInteger attempts = new AtomicInteger();
  private volatile boolean failing;
  private volatile CountDownLatch gate;

  @Override
  public void write(List<QosRecord> batch) throws Exception {
    attempts.incrementAndGet();
    CountDownLatch held = gate;
    if (held != null) {
      held.await();
    }
    if (failing) {
      throw new IllegalStateException("test store refuses the batch");
    }
    records.addAll(new ArrayList<>(batch));
  }

  /** Every record accepted so far, in the order written. */
  public List<QosRecord> records() {
    return List.copyOf(records);
  }

  /** Write attempts so far, failed and held ones included. */
  public int attempts() {
    return attempts.get();
  }

  /** Whether to refuse every batch from now on. */
  public void failing(boolean failing) {
    this.failing = failing;
  }

  /** Holds every write from now on in the store until the returned hold is closed. */
  public Hold hold() {
    CountDownLatch latch = new CountDownLatch(1);
    gate = latch;
    return () -> {
      gate = null;
      latch.countDown();
    };
  }

  /** How many times {@link #close()} was called. */
  public int closes() {
    return closes.get();
  }

  @Override
  public void close() {
    closes.incrementAndGet();
  }

  /** Releases the writes a {@link #hold()} holds. */
  public interface Hold extends AutoCloseable {
    @Override
    void close();
  }
}
