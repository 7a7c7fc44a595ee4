package io.wsqos.monitor.cxf;

import io.wsqos.core.io.CountingOutputStream;
import io.wsqos.monitor.QosRecord;

/**
 * What the requester-side monitor learns about one exchange, kept in the exchange. Written by the
 * out chain, then by the in chain (the same thread for a synchronous call, ordered by CXF's
 * hand-off for an asynchronous one).
 */
final class RequesterExchange extends MonitoredExchange {
  String endpoint;
  long t4 = QosRecord.ABSENT;
  CountingOutputStream requestBytes;
  CountingInputStream responseBytes;
}
