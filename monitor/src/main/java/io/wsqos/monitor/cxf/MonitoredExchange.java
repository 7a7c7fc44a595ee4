package io.wsqos.monitor.cxf;

import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Validity;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What both sides' monitors learn about one exchange, kept in the exchange: the stamps taken so
 * far, whether the peer's headers were valid, the tracer's state, and whether the record was
 * emitted (once, whoever gets there first).
 */
abstract class MonitoredExchange {
  final AtomicBoolean recorded = new AtomicBoolean();
  long t1 = QosRecord.ABSENT;
  long t2 = QosRecord.ABSENT;
  long t3 = QosRecord.ABSENT;
  Validity headerValidity = Validity.VALID;

  /** What the feature's {@link ExchangeTracer} keeps for this exchange, if any. */
  Object traced;
}
