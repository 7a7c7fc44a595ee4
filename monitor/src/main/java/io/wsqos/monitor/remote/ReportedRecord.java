package io.wsqos.monitor.remote;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.Validity;
import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A {@link QosRecord} on the wire of {@link QosLogService}: a mutable bean because JAXB binds
 * beans, converted from and to the immutable record at the edges. Absent stamps and unknown sizes
 * are left out of the XML.
 */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(
    name = "record",
    propOrder = {
      "recordedAtMicros",
      "service",
      "operation",
      "endpoint",
      "side",
      "outcome",
      "t1",
      "t2",
      "t3",
      "t4",
      "requestBytes",
      "responseBytes",
      "validity"
    })
public final class ReportedRecord {

  @XmlElement(required = true)
  long recordedAtMicros;

  @XmlElement(required = true)
  String service;

  @XmlElement(required = true)
  String operation;

  @XmlElement(required = true)
  String endpoint;

  @XmlElement(required = true)
  String side;

  @XmlElement(required = true)
  String outcome;

  Long t1;
  Long t2;
  Long t3;
  Long t4;
  Long requestBytes;
  Long responseBytes;

  @XmlElement(required = true)
  String validity;

  /** For JAXB. */
  public ReportedRecord() {}

  /** The wire form of {@code record}. */
  public static ReportedRecord of(QosRecord record) {
    ReportedRecord r = new ReportedRecord();
    r.recordedAtMicros = ChronoUnit.MICROS.between(Instant.EPOCH, record.recordedAt());
    r.service = record.service();
    r.operation = record.operation();
    r.endpoint = record.endpoint();
    r.side = record.side().name();
    r.outcome = record.outcome().name();
    r.t1 = stamp(record.t1Micros());
    r.t2 = stamp(record.t2Micros());
    r.t3 = stamp(record.t3Micros());
    r.t4 = stamp(record.t4Micros());
    r.requestBytes = size(record.requestBytes());
    r.responseBytes = size(record.responseBytes());
    r.validity = record.validity().name();
    return r;
  }

  /**
   * The record this bean describes. Its validity is the sender's, re-checked by {@link QosRecord}'s
   * rules that need no clock (a record claiming to be valid with inconsistent stamps is
   * downgraded); the sender's clock cannot be checked from here.
   *
   * @throws IllegalArgumentException naming the field, if one is missing or malformed
   */
  public QosRecord toRecord() {
    return new QosRecord(
        Instant.EPOCH.plus(recordedAtMicros, ChronoUnit.MICROS),
        required(service, "service"),
        required(operation, "operation"),
        required(endpoint, "endpoint"),
        constant(Side.class, side, "side"),
        constant(Outcome.class, outcome, "outcome"),
        t1 == null ? QosRecord.ABSENT : nonNegative(t1, "t1"),
        t2 == null ? QosRecord.ABSENT : nonNegative(t2, "t2"),
        t3 == null ? QosRecord.ABSENT : nonNegative(t3, "t3"),
        t4 == null ? QosRecord.ABSENT : nonNegative(t4, "t4"),
        requestBytes == null ? QosRecord.UNKNOWN_SIZE : nonNegative(requestBytes, "requestBytes"),
        responseBytes == null
            ? QosRecord.UNKNOWN_SIZE
            : nonNegative(responseBytes, "responseBytes"),
        constant(Validity.class, validity, "validity"));
  }

  private static String required(String value, String field) {
    if (value == null) {
      throw new IllegalArgumentException(field + ": missing");
    }
    return value;
  }

  private static Long stamp(long micros) {
    return micros == QosRecord.ABSENT ? null : micros;
  }

  private static Long size(long bytes) {
    return bytes == QosRecord.UNKNOWN_SIZE ? null : bytes;
  }

  private static long nonNegative(long value, String field) {
    if (value < 0) {
      throw new IllegalArgumentException(field + ": " + value + " (expected: >= 0)");
    }
    return value;
  }

  private static <E extends Enum<E>> E constant(Class<E> type, String name, String field) {
    if (name == null) {
      throw new IllegalArgumentException(field + ": missing");
    }
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equals(name)) {
        return constant;
      }
    }
    String shown = name.length() > 40 ? name.substring(0, 40) + "..." : name;
    throw new IllegalArgumentException(
        field
            + ": '"
            + shown
            + "' (expected: one of "
            + java.util.Arrays.toString(type.getEnumConstants())
            + ")");
  }
}
