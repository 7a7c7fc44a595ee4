package io.wsqos.monitor.remote;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.ClientTimeouts;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;

/**
 * Sends each batch to a {@link QosLogService} (a remote logging manager) in one SOAP call. A call
 * that fails throws, so the log retries the batch and counts it lost after its last attempt. A call
 * whose answer was lost after the provider queued it is sent again: a retried batch may be logged
 * twice there, never lost silently.
 */
public final class RemoteRecordStore implements QosRecordStore {

  /** Longest wait to connect to the logging manager. */
  public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** Longest wait for its answer. */
  public static final Duration RECEIVE_TIMEOUT = Duration.ofSeconds(30);

  private final String address;
  private final QosLogService service;

  /**
   * A store sending to the logging manager at {@code address}, e.g. {@code
   * http://monitor.example:8081/qos-log}.
   *
   * @throws IllegalArgumentException if {@code address} is not an http or https URL
   */
  public RemoteRecordStore(String address) {
    this.address = checkAddress(address);
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(QosLogService.class);
    factory.setAddress(address);
    service = (QosLogService) factory.create();
    ClientTimeouts.apply(ClientProxy.getClient(service), CONNECT_TIMEOUT, RECEIVE_TIMEOUT);
  }

  /**
   * Returns {@code address} if it is an http or https URL.
   *
   * @throws IllegalArgumentException if it is not
   */
  public static String checkAddress(String address) {
    requireNonNull(address, "address");
    if (!address.startsWith("http://") && !address.startsWith("https://")) {
      throw new IllegalArgumentException(
          "address: '" + address + "' (expected: an http:// or https:// URL)");
    }
    return address;
  }

  @Override
  public void write(List<QosRecord> batch) {
    List<ReportedRecord> records = new ArrayList<>(batch.size());
    for (QosRecord record : batch) {
      records.add(ReportedRecord.of(record));
    }
    service.report(records);
  }

  @Override
  public void close() {
    Client client = ClientProxy.getClient(service);
    client.destroy();
  }

  @Override
  public String toString() {
    return "RemoteRecordStore[" + address + "]";
  }
}
