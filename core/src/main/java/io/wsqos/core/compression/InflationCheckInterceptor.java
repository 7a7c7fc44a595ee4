package io.wsqos.core.compression;

import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Just before the service is invoked (or the client's caller gets the response), reads an inflated
 * body to its end and fails the message if any of it was truncated, corrupt, followed by garbage or
 * over the limits: nobody acts on a body that did not inflate completely and correctly.
 */
final class InflationCheckInterceptor extends AbstractPhaseInterceptor<Message> {

  InflationCheckInterceptor() {
    super(Phase.PRE_INVOKE);
  }

  @Override
  public void handleMessage(Message message) {
    InflatedBody body = (InflatedBody) message.get(InflatedBody.class);
    if (body == null) {
      return;
    }
    try {
      body.verify();
    } catch (InflationException e) {
      throw new Fault(e);
    }
  }

  @Override
  public String toString() {
    return "CompressionFeature.InflationCheckInterceptor";
  }
}
