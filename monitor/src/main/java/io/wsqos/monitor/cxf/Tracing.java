package io.wsqos.monitor.cxf;

import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The feature's {@link ExchangeTracer}, its state type erased, called so that it cannot fail an
 * exchange; {@link #NONE} when no tracer was given.
 */
final class Tracing {

  private static final Logger logger = LoggerFactory.getLogger(Tracing.class);

  static final Tracing NONE = new Tracing(null);

  private final ExchangeTracer<Object> tracer;

  private Tracing(ExchangeTracer<Object> tracer) {
    this.tracer = tracer;
  }

  // The state only ever flows from this tracer's start to its own end, so its type is the same.
  @SuppressWarnings("unchecked")
  static Tracing of(ExchangeTracer<?> tracer) {
    return tracer == null ? NONE : new Tracing((ExchangeTracer<Object>) tracer);
  }

  Object start(Side side, long startMicros, Message message) {
    if (tracer == null) {
      return null;
    }
    try {
      return tracer.start(side, startMicros, message);
    } catch (RuntimeException e) {
      logger.debug("{} failed to start a trace", tracer, e);
      return null;
    }
  }

  void end(QosRecord record, Exchange exchange, Object started) {
    if (tracer == null) {
      return;
    }
    try {
      tracer.end(record, exchange, started);
    } catch (RuntimeException e) {
      logger.debug("{} failed to end a trace", tracer, e);
    }
  }
}
