package io.wsqos.monitor.jdbc.internal;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Validity;
import java.nio.ByteBuffer;
import java.sql.SQLException;

/**
 * The records of one {@code qos_record_pack} row: its {@code records} column, {@link #RECORD_BYTES}
 * bytes per record, big-endian, in this layout (byte offsets):
 *
 * <pre>
 *  0  recorded_at_us  long   microseconds since the epoch
 *  8  target_id       int    id in qos_target
 * 12  outcome         byte   code in qos_outcome ({@link Codes})
 * 13  validity        byte   code in qos_validity
 * 14  t1_us .. t4_us  4 longs, {@link QosRecord#ABSENT} when not known
 * 46  request_bytes   long   {@link QosRecord#UNKNOWN_SIZE} when not known
 * 54  response_bytes  long   likewise
 * </pre>
 *
 * <p>Fixed widths, so that SQL can reach a record's fields by offset (the views {@code qos_record}
 * and {@code qos_record_named} do). A change of layout needs a migration that rewrites the packs.
 */
public final class RecordPack {

  /** Bytes per record. */
  public static final int RECORD_BYTES = 62;

  /** Offsets of the fields in a record, as the class comment lays them out. */
  public static final int RECORDED_AT = 0;

  public static final int TARGET_ID = 8;
  public static final int OUTCOME = 12;
  public static final int VALIDITY = 13;
  public static final int T1 = 14;
  public static final int T2 = 22;
  public static final int T3 = 30;
  public static final int T4 = 38;
  public static final int REQUEST_BYTES = 46;
  public static final int RESPONSE_BYTES = 54;

  private final ByteBuffer records;
  private final int size;
  private final Outcome[] outcome;
  private final Validity[] validity;

  private RecordPack(byte[] records) throws SQLException {
    if (records.length % RECORD_BYTES != 0) {
      throw new SQLException(
          "a qos_record_pack row holds "
              + records.length
              + " bytes, not a whole number of "
              + RECORD_BYTES
              + "-byte records");
    }
    this.records = ByteBuffer.wrap(records);
    size = records.length / RECORD_BYTES;
    outcome = new Outcome[size];
    validity = new Validity[size];
    for (int i = 0; i < size; i++) {
      outcome[i] = Codes.outcome(records[i * RECORD_BYTES + OUTCOME]);
      validity[i] = Codes.validity(records[i * RECORD_BYTES + VALIDITY]);
    }
  }

  /**
   * The records held in {@code records}, a {@code qos_record_pack} row's column of that name.
   *
   * @throws SQLException if its length or a code is not one this layout can hold
   */
  public static RecordPack of(byte[] records) throws SQLException {
    return new RecordPack(records);
  }

  /**
   * Appends one record in this layout to {@code pack}, which must have {@link #RECORD_BYTES} bytes
   * left.
   */
  public static void write(
      ByteBuffer pack,
      long recordedAtMicros,
      int targetId,
      int outcomeCode,
      int validityCode,
      long t1Micros,
      long t2Micros,
      long t3Micros,
      long t4Micros,
      long requestBytes,
      long responseBytes) {
    pack.putLong(recordedAtMicros)
        .putInt(targetId)
        .put((byte) outcomeCode)
        .put((byte) validityCode)
        .putLong(t1Micros)
        .putLong(t2Micros)
        .putLong(t3Micros)
        .putLong(t4Micros)
        .putLong(requestBytes)
        .putLong(responseBytes);
  }

  /** The number of records. */
  public int size() {
    return size;
  }

  /** When record {@code i} was made, in microseconds since the epoch. */
  public long recordedAt(int i) {
    return records.getLong(i * RECORD_BYTES + RECORDED_AT);
  }

  /** Record {@code i}'s id in {@code qos_target}. */
  public int targetId(int i) {
    return records.getInt(i * RECORD_BYTES + TARGET_ID);
  }

  public Outcome outcome(int i) {
    return outcome[i];
  }

  public Validity validity(int i) {
    return validity[i];
  }

  /** t3 - t2 of a valid record {@code i}, or {@link QosRecord#ABSENT}, as in {@link QosRecord}. */
  public long executionMicros(int i) {
    return difference(i, T3, T2);
  }

  /** t4 - t1 of a valid record {@code i}, or {@link QosRecord#ABSENT}, as in {@link QosRecord}. */
  public long responseMicros(int i) {
    return difference(i, T4, T1);
  }

  /** Response minus execution time of a valid record {@code i}, or {@link QosRecord#ABSENT}. */
  public long communicationMicros(int i) {
    long response = responseMicros(i);
    long execution = executionMicros(i);
    return response == QosRecord.ABSENT || execution == QosRecord.ABSENT
        ? QosRecord.ABSENT
        : response - execution;
  }

  private long difference(int i, int later, int earlier) {
    long to = records.getLong(i * RECORD_BYTES + later);
    long from = records.getLong(i * RECORD_BYTES + earlier);
    if (!validity[i].isValid() || to == QosRecord.ABSENT || from == QosRecord.ABSENT) {
      return QosRecord.ABSENT;
    }
    return to - from;
  }
}
