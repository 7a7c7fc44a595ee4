package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;

/**
 * What the measurements within the broker's window say of an offer: {@link
 * io.wsqos.broker.api.MeasuredQos}.
 */
@XmlType(
    name = "Measured",
    propOrder = {"operations", "flagged", "reason", "evaluatedAt", "expiresAt"})
public final class MeasuredInfo {

  /** Per operation: {@link io.wsqos.broker.api.OperationQos}. */
  @XmlType(
      name = "OperationQos",
      propOrder = {
        "operation",
        "requests",
        "failures",
        "availability",
        "p50Millis",
        "p95Millis",
        "p99Millis",
        "reports"
      })
  public static final class Operation {
    /** The operation's local name, or {@code *} for every operation. */
    public String operation;

    /** Requests the window's reports counted. */
    public long requests;

    /** Those that failed. */
    public long failures;

    /** {@code (requests - failures) / requests}. */
    public double availability;

    /** The reports' medians, averaged by their requests. */
    public double p50Millis;

    /** The reports' 95th percentiles, averaged by their requests. */
    public double p95Millis;

    /** The reports' 99th percentiles, averaged by their requests. */
    public double p99Millis;

    /** Reports in the window. */
    public int reports;

    /** For JAXB. */
    public Operation() {}
  }

  /** Per operation, in name order. */
  public List<Operation> operations = new ArrayList<>();

  /** Whether the measurements break what the offer guarantees; a flagged offer is not selected. */
  public boolean flagged;

  /** Why it is flagged; empty when not. */
  public String reason;

  /** When the broker evaluated the window, ISO-8601. */
  public String evaluatedAt;

  /** When these figures stop counting, ISO-8601. */
  public String expiresAt;

  /** For JAXB. */
  public MeasuredInfo() {}
}
