package io.wsqos.monitor.cxf;

import io.wsqos.core.io.CountingOutputStream;
import io.wsqos.monitor.Outcome;

/** What the provider-side monitor learns about one exchange, kept in the exchange. */
final class ProviderExchange extends MonitoredExchange {
  Outcome outcome = Outcome.SUCCESS;
  CountingInputStream requestBytes;
  CountingOutputStream responseBytes;
}
