package io.wsqos.monitor.jdbc.internal;

import io.wsqos.monitor.QosRecord;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * A batch into PostgreSQL through {@code COPY ... FROM STDIN} in the binary format, which parses
 * rows in bulk instead of planning and binding a statement per row, and takes each number as the
 * bytes of its column's type instead of digits to parse. One {@code COPY} is one statement, so a
 * batch is all stored or none without a transaction around it: a round trip fewer per batch. A
 * class of its own so that the PostgreSQL driver is loaded only when the database is PostgreSQL.
 */
final class PostgresCopy {

  private static final String COPY =
      "COPY qos_record (" + RecordStore.COLUMNS + ") FROM STDIN (FORMAT binary)";

  /** The binary format's signature, then its flags and header extension length, both 0. */
  private static final byte[] HEADER = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0
  };

  /** The largest row: the field count, then each column's length and value. */
  private static final int MAX_ROW_BYTES = 2 + RecordStore.COLUMN_COUNT * 4 + 8 + 4 + 2 + 2 + 6 * 8;

  /** A field's length that stands for NULL. */
  private static final int NULL = -1;

  private PostgresCopy() {}

  /** Copies {@code batch} into {@code qos_record} on {@code connection}, as one statement. */
  static void copy(Connection connection, List<QosRecord> batch, int[] targetIds)
      throws SQLException {
    ByteBuffer rows = rows(batch, targetIds);
    CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY);
    try {
      copy.writeToCopy(rows.array(), 0, rows.position());
      copy.endCopy();
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
  }

  /** The batch in COPY's binary format: the header, one tuple per record, the trailer. */
  static ByteBuffer rows(List<QosRecord> batch, int[] targetIds) {
    ByteBuffer rows = ByteBuffer.allocate(HEADER.length + batch.size() * MAX_ROW_BYTES + 2);
    rows.put(HEADER);
    for (int i = 0; i < batch.size(); i++) {
      QosRecord record = batch.get(i);
      rows.putShort((short) RecordStore.COLUMN_COUNT);
      rows.putInt(8).putLong(RecordStore.toMicros(record.recordedAt()));
      rows.putInt(4).putInt(targetIds[i]);
      rows.putInt(2).putShort(Codes.of(record.outcome()));
      rows.putInt(2).putShort(Codes.of(record.validity()));
      bigint(rows, record.t1Micros(), record.t1Micros() == QosRecord.ABSENT);
      bigint(rows, record.t2Micros(), record.t2Micros() == QosRecord.ABSENT);
      bigint(rows, record.t3Micros(), record.t3Micros() == QosRecord.ABSENT);
      bigint(rows, record.t4Micros(), record.t4Micros() == QosRecord.ABSENT);
      bigint(rows, record.requestBytes(), record.requestBytes() == QosRecord.UNKNOWN_SIZE);
      bigint(rows, record.responseBytes(), record.responseBytes() == QosRecord.UNKNOWN_SIZE);
    }
    rows.putShort((short) -1);
    return rows;
  }

  private static void bigint(ByteBuffer rows, long value, boolean unknown) {
    if (unknown) {
      rows.putInt(NULL);
    } else {
      rows.putInt(8).putLong(value);
    }
  }
}
