package io.wsqos.monitor.jdbc.internal;

import io.wsqos.monitor.QosRecord;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * A batch into PostgreSQL through {@code COPY ... FROM STDIN}, which parses rows in bulk instead of
 * planning and binding a statement per row. The rows hold only numbers (names went to {@code
 * qos_target} as statement parameters), so the text format needs no escaping. A class of its own so
 * that the PostgreSQL driver is loaded only when the database is PostgreSQL.
 */
final class PostgresCopy {

  private static final String COPY =
      "COPY qos_record (" + RecordStore.COLUMNS + ") FROM STDIN (FORMAT text)";

  /** What COPY's text format reads as NULL. */
  private static final String NULL = "\\N";

  private PostgresCopy() {}

  /** Copies {@code batch} into {@code qos_record} on {@code connection}'s transaction. */
  static void copy(Connection connection, List<QosRecord> batch, int[] targetIds)
      throws SQLException {
    byte[] rows = rows(batch, targetIds);
    CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY);
    try {
      copy.writeToCopy(rows, 0, rows.length);
      copy.endCopy();
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
  }

  /** The batch in COPY's text format: tab-separated values, one line per record. */
  static byte[] rows(List<QosRecord> batch, int[] targetIds) {
    StringBuilder text = new StringBuilder(batch.size() * 128);
    for (int i = 0; i < batch.size(); i++) {
      QosRecord record = batch.get(i);
      text.append(RecordStore.toMicros(record.recordedAt()))
          .append('\t')
          .append(targetIds[i])
          .append('\t')
          .append(Codes.of(record.outcome()))
          .append('\t')
          .append(Codes.of(record.validity()));
      stamp(text, record.t1Micros());
      stamp(text, record.t2Micros());
      stamp(text, record.t3Micros());
      stamp(text, record.t4Micros());
      size(text, record.requestBytes());
      size(text, record.responseBytes());
      text.append('\n');
    }
    return text.toString().getBytes(StandardCharsets.US_ASCII);
  }

  private static void stamp(StringBuilder text, long micros) {
    nullable(text, micros, micros == QosRecord.ABSENT);
  }

  private static void size(StringBuilder text, long bytes) {
    nullable(text, bytes, bytes == QosRecord.UNKNOWN_SIZE);
  }

  private static void nullable(StringBuilder text, long value, boolean unknown) {
    text.append('\t');
    if (unknown) {
      text.append(NULL);
    } else {
      text.append(value);
    }
  }
}
