package io.wsqos.monitor.internal;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.Validity;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * Records waiting for the store, kept column by column in primitive arrays: holding a record here
 * gives a young collection no object to copy, where holding its {@link QosRecord} (or the rows an
 * embedded database keeps in its pages until it writes them) across young collections means copying
 * it twice and then collecting it from the old generation. The names are kept as the records' own
 * strings, which the interceptors make once per service and endpoint, so only a reference is stored
 * per name.
 *
 * <p>One thread only (the log's writer). Grows by doubling up to its capacity.
 */
public final class RecordColumns {

  private static final int INITIAL_CAPACITY = 1024;
  private static final Side[] SIDES = Side.values();
  private static final Outcome[] OUTCOMES = Outcome.values();
  private static final Validity[] VALIDITIES = Validity.values();

  private final int capacity;
  // Records are held at indexes head..end-1.
  private int head;
  private int end;
  private long[] seconds;
  private int[] nanos;
  private long[] t1;
  private long[] t2;
  private long[] t3;
  private long[] t4;
  private long[] requestBytes;
  private long[] responseBytes;
  private String[] service;
  private String[] operation;
  private String[] endpoint;
  private byte[] side;
  private byte[] outcome;
  private byte[] validity;

  public RecordColumns(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity: " + capacity + " (expected: >= 1)");
    }
    this.capacity = capacity;
    allocate(Math.min(capacity, INITIAL_CAPACITY));
  }

  /** The number of records held. */
  public int size() {
    return end - head;
  }

  /** Room left before the capacity. */
  public int room() {
    return capacity - size();
  }

  /**
   * Appends every record of {@code records}.
   *
   * @throws IllegalStateException if they do not fit in the {@link #room()} left
   */
  public void addAll(List<QosRecord> records) {
    if (records.size() > room()) {
      throw new IllegalStateException(
          records.size() + " records do not fit in the room for " + room());
    }
    makeRoomFor(records.size());
    for (QosRecord record : records) {
      int i = end++;
      Instant at = record.recordedAt();
      seconds[i] = at.getEpochSecond();
      nanos[i] = at.getNano();
      t1[i] = record.t1Micros();
      t2[i] = record.t2Micros();
      t3[i] = record.t3Micros();
      t4[i] = record.t4Micros();
      requestBytes[i] = record.requestBytes();
      responseBytes[i] = record.responseBytes();
      service[i] = record.service();
      operation[i] = record.operation();
      endpoint[i] = record.endpoint();
      side[i] = (byte) record.side().ordinal();
      outcome[i] = (byte) record.outcome().ordinal();
      validity[i] = (byte) record.validity().ordinal();
    }
  }

  /**
   * Appends the oldest {@code max} records (or all, if fewer) to {@code into} as equal {@link
   * QosRecord}s and stops holding them; returns how many.
   */
  public int removeOldest(List<QosRecord> into, int max) {
    int n = Math.min(max, size());
    for (int k = 0; k < n; k++) {
      int i = head++;
      into.add(
          new QosRecord(
              Instant.ofEpochSecond(seconds[i], nanos[i]),
              service[i],
              operation[i],
              endpoint[i],
              SIDES[side[i]],
              OUTCOMES[outcome[i]],
              t1[i],
              t2[i],
              t3[i],
              t4[i],
              requestBytes[i],
              responseBytes[i],
              VALIDITIES[validity[i]]));
      // Not kept alive by a slot that waits for the next lap.
      service[i] = null;
      operation[i] = null;
      endpoint[i] = null;
    }
    if (head == end) {
      head = 0;
      end = 0;
    }
    return n;
  }

  private void makeRoomFor(int more) {
    if (end + more <= seconds.length) {
      return;
    }
    if (head > 0) {
      int held = size();
      for (Object column : columns()) {
        System.arraycopy(column, head, column, 0, held);
      }
      Arrays.fill(service, held, end, null);
      Arrays.fill(operation, held, end, null);
      Arrays.fill(endpoint, held, end, null);
      head = 0;
      end = held;
    }
    if (end + more > seconds.length) {
      resize(Math.min(capacity, Math.max(end + more, seconds.length * 2)));
    }
  }

  private Object[] columns() {
    return new Object[] {
      seconds,
      nanos,
      t1,
      t2,
      t3,
      t4,
      requestBytes,
      responseBytes,
      service,
      operation,
      endpoint,
      side,
      outcome,
      validity
    };
  }

  private void allocate(int length) {
    seconds = new long[length];
    nanos = new int[length];
    t1 = new long[length];
    t2 = new long[length];
    t3 = new long[length];
    t4 = new long[length];
    requestBytes = new long[length];
    responseBytes = new long[length];
    service = new String[length];
    operation = new String[length];
    endpoint = new String[length];
    side = new byte[length];
    outcome = new byte[length];
    validity = new byte[length];
  }

  private void resize(int length) {
    seconds = Arrays.copyOf(seconds, length);
    nanos = Arrays.copyOf(nanos, length);
    t1 = Arrays.copyOf(t1, length);
    t2 = Arrays.copyOf(t2, length);
    t3 = Arrays.copyOf(t3, length);
    t4 = Arrays.copyOf(t4, length);
    requestBytes = Arrays.copyOf(requestBytes, length);
    responseBytes = Arrays.copyOf(responseBytes, length);
    service = Arrays.copyOf(service, length);
    operation = Arrays.copyOf(operation, length);
    endpoint = Arrays.copyOf(endpoint, length);
    side = Arrays.copyOf(side, length);
    outcome = Arrays.copyOf(outcome, length);
    validity = Arrays.copyOf(validity, length);
  }
}
