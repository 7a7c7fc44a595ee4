package io.wsqos.monitor.remote;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import java.util.List;

/**
 * The logging manager as a SOAP service: requesters (or providers) send their records here in
 * batches, so that the records of many monitors end in one database. Served by {@link
 * QosLogEndpoint}; called by the log of {@code QosLog.builder(...).store(new
 * RemoteRecordStore(address))}.
 */
@WebService(name = "QosLogService", targetNamespace = QosLogService.NAMESPACE)
public interface QosLogService {

  /** The service's XML namespace. */
  String NAMESPACE = "http://wsqos.io/ns/monitor/1";

  /**
   * Hands every record to the provider's log and returns how many it queued (the rest were dropped
   * because its queue was full, and counted there). All or nothing on bad input: if one record is
   * malformed the call fails with a SOAP client fault naming it, and none is queued.
   */
  @WebMethod
  @WebResult(name = "accepted")
  int report(@WebParam(name = "record") List<ReportedRecord> records);
}
