package io.wsqos.monitor.cxf;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Validity;
import java.util.concurrent.atomic.AtomicBoolean;

/** What the provider-side monitor learns about one exchange, kept in the exchange. */
final class ProviderExchange {

  final AtomicBoolean recorded = new AtomicBoolean();
  long t1 = QosRecord.ABSENT;
  long t2 = QosRecord.ABSENT;
  long t3 = QosRecord.ABSENT;
  Validity headerValidity = Validity.VALID;
  Outcome outcome = Outcome.SUCCESS;
  CountingInputStream requestBytes;
  CountingOutputStream responseBytes;
}
