package io.wsqos.monitor.cxf;

import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;

/**
 * Follows each monitored exchange from its first stamp to its record: how a tracing system (such as
 * {@code wsqos-monitor-otel}) takes the monitor's t1..t4 as span times and carries its context in
 * the exchange's HTTP headers. Given to {@link MonitoringFeature.Builder#tracer}.
 *
 * <p>Both methods run on the request path, on the thread that took the stamp or made the record:
 * they must be quick and must not block. An exception they throw is caught and dropped, so a broken
 * tracer never fails a call; it should not throw at all.
 *
 * @param <S> what the tracer keeps for one exchange between {@link #start} and {@link #end}
 */
public interface ExchangeTracer<S> {

  /**
   * The exchange's first stamp was taken. On the {@link Side#REQUESTER requester} that is t1, just
   * before the request's headers are written: entries put in the request's {@link
   * Message#PROTOCOL_HEADERS} travel as HTTP headers. On the {@link Side#PROVIDER provider} it is
   * t2, as the request enters CXF: its HTTP headers are in {@code message}'s {@link
   * Message#PROTOCOL_HEADERS}.
   *
   * @param side which monitor took the stamp
   * @param startMicros t1 or t2, microseconds since the epoch on the monitor's clock
   * @param message the request
   * @return the exchange's state, handed back to {@link #end}; may be null
   */
  S start(Side side, long startMicros, Message message);

  /**
   * The exchange's record was made: the requester's once the response was read or the exchange
   * failed, the provider's once the response was sent. A provider exchange that sends nothing back
   * (one-way, or failed before its response was written) has no record and no call.
   *
   * @param record the record, as the monitor's sink received it
   * @param exchange the CXF exchange, for what the record does not carry (e.g. HTTP headers)
   * @param started what {@link #start} returned, or null when the exchange failed before its first
   *     stamp
   */
  void end(QosRecord record, Exchange exchange, S started);
}
