package io.wsqos.core.admission;

import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Gives a request's permit back once its response (or fault) has been sent, or, for a one-way
 * operation, once it has been invoked; also when the chain fails before that.
 */
final class PermitReleaseInterceptor extends AbstractPhaseInterceptor<Message> {

  /** After the response: the last phase of an outgoing chain. */
  static PermitReleaseInterceptor afterSend() {
    return new PermitReleaseInterceptor(Phase.SEND_ENDING, false);
  }

  /** After a one-way operation's invocation, which sends no response. */
  static PermitReleaseInterceptor afterOneWay() {
    return new PermitReleaseInterceptor(Phase.POST_INVOKE, true);
  }

  private final boolean oneWayOnly;

  private PermitReleaseInterceptor(String phase, boolean oneWayOnly) {
    super(phase);
    this.oneWayOnly = oneWayOnly;
  }

  @Override
  public void handleMessage(Message message) {
    Exchange exchange = message.getExchange();
    if (exchange != null && (!oneWayOnly || exchange.isOneWay())) {
      release(exchange);
    }
  }

  @Override
  public void handleFault(Message message) {
    if (message.getExchange() != null) {
      release(message.getExchange());
    }
  }

  private static void release(Exchange exchange) {
    Permit permit = exchange.remove(Permit.class);
    if (permit != null) {
      permit.release();
    }
  }
}
