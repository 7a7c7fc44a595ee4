package io.wsqos.monitor.remote;

import static java.util.Objects.requireNonNull;

import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import jakarta.jws.WebService;
import java.util.ArrayList;
import java.util.List;
import org.apache.cxf.interceptor.Fault;

/**
 * Serves a {@link QosLog} as {@link QosLogService}, so that many monitors report to one database.
 * Publish it like any JAX-WS implementor, e.g. {@code
 * Endpoint.publish("http://0.0.0.0:8081/qos-log", new QosLogEndpoint(log))}. Records received are
 * queued in the log exactly as local ones are: the call never waits for the database.
 */
@WebService(
    serviceName = "QosLogService",
    portName = "QosLogPort",
    targetNamespace = QosLogService.NAMESPACE,
    endpointInterface = "io.wsqos.monitor.remote.QosLogService")
public final class QosLogEndpoint implements QosLogService {

  /** Most records one call may carry; a larger batch is refused with a client fault. */
  public static final int MAX_RECORDS_PER_CALL = 10_000;

  private final QosLog log;

  /** An endpoint queueing what it receives in {@code log}, which the caller owns and closes. */
  public QosLogEndpoint(QosLog log) {
    this.log = requireNonNull(log, "log");
  }

  @Override
  public int report(List<ReportedRecord> records) {
    if (records == null || records.isEmpty()) {
      return 0;
    }
    if (records.size() > MAX_RECORDS_PER_CALL) {
      throw clientFault(
          "records: "
              + records.size()
              + " in one call (expected: at most "
              + MAX_RECORDS_PER_CALL
              + ")");
    }
    // Every record is checked before any is queued: a bad batch leaves nothing half-logged.
    List<QosRecord> checked = new ArrayList<>(records.size());
    for (int i = 0; i < records.size(); i++) {
      ReportedRecord record = records.get(i);
      if (record == null) {
        throw clientFault("record " + i + ": empty");
      }
      try {
        checked.add(record.toRecord());
      } catch (IllegalArgumentException e) {
        throw clientFault("record " + i + ": " + e.getMessage());
      }
    }
    int accepted = 0;
    for (QosRecord record : checked) {
      if (log.record(record)) {
        accepted++;
      }
    }
    return accepted;
  }

  private static Fault clientFault(String message) {
    Fault fault = new Fault(new IllegalArgumentException(message));
    fault.setFaultCode(Fault.FAULT_CODE_CLIENT);
    return fault;
  }

  @Override
  public String toString() {
    return "QosLogEndpoint[" + log + "]";
  }
}
