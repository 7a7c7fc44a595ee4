package io.wsqos.monitor.cxf;

import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Validity;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the requester-side monitor learns about one exchange, kept in the exchange. Written by the
 * out chain, then by the in chain (the same thread for a synchronous call, ordered by CXF's
 * hand-off for an asynchronous one); the record is emitted once, whoever gets there first.
 */
final class RequesterExchange {

  final AtomicBoolean recorded = new AtomicBoolean();
  String endpoint;
  long t1 = QosRecord.ABSENT;
  long t2 = QosRecord.ABSENT;
  long t3 = QosRecord.ABSENT;
  long t4 = QosRecord.ABSENT;
  Validity headerValidity = Validity.VALID;
  CountingOutputStream requestBytes;
  CountingInputStream responseBytes;
}
