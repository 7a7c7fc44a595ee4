package io.wsqos.broker.soap;

import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Sends a {@link BrokerUnavailableFault} with HTTP status 503 instead of SOAP 1.1's 500, so that
 * HTTP clients, proxies and load balancers see a temporary failure; the envelope is the same {@code
 * soap:Server} fault.
 */
public final class UnavailableStatusInterceptor extends AbstractPhaseInterceptor<Message> {

  private static final int SERVICE_UNAVAILABLE = 503;

  // Bounds the walk down the causes.
  private static final int MAX_CAUSES = 8;

  /** For CXF's {@code @OutFaultInterceptors}. */
  public UnavailableStatusInterceptor() {
    // Before the fault is marshalled, which writes the status line.
    super(Phase.PRE_PROTOCOL);
  }

  @Override
  public void handleMessage(Message message) {
    Throwable cause = message.getContent(Exception.class);
    for (int i = 0; cause != null && i < MAX_CAUSES; i++, cause = cause.getCause()) {
      if (cause instanceof BrokerUnavailableFault) {
        if (message.getContent(Exception.class) instanceof Fault fault) {
          fault.setStatusCode(SERVICE_UNAVAILABLE);
        }
        message.put(Message.RESPONSE_CODE, SERVICE_UNAVAILABLE);
        return;
      }
    }
  }
}
