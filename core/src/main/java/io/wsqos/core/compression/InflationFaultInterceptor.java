package io.wsqos.core.compression;

import org.apache.cxf.binding.soap.Soap12;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.SoapVersion;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * On a server's fault chain, turns a fault caused by a compressed request that could not be
 * inflated into the documented answer: a SOAP Client (1.2: Sender) fault whose text names the
 * reason, with HTTP 413 for a bomb, 415 for an unsupported coding, and for a malformed body the
 * status SOAP prescribes for a sender fault (500 in SOAP 1.1, 400 in SOAP 1.2).
 */
final class InflationFaultInterceptor extends AbstractPhaseInterceptor<Message> {
  static final int PAYLOAD_TOO_LARGE = 413;
  static final int UNSUPPORTED_MEDIA_TYPE = 415;
  private static final int MAX_CAUSE_DEPTH = 16;

  InflationFaultInterceptor() {
    // SETUP: before the fault is serialized (MARSHAL) and the status line is sent.
    super(Phase.SETUP);
  }

  @Override
  public void handleMessage(Message message) {
    InflationException cause = find(message.getContent(Exception.class));
    if (cause == null) {
      Exchange exchange = message.getExchange();
      Message in = exchange == null ? null : exchange.getInMessage();
      InflatedBody body = in == null ? null : in.get(InflatedBody.class);
      cause = body == null ? null : body.failure();
    }
    if (cause == null) {
      return;
    }
    SoapVersion version = message instanceof SoapMessage soap ? soap.getVersion() : null;
    int status =
        switch (cause.reason().kind()) {
          case BOMB -> PAYLOAD_TOO_LARGE;
          case UNSUPPORTED -> UNSUPPORTED_MEDIA_TYPE;
          case MALFORMED -> version == Soap12.getInstance() ? 400 : 500;
        };
    String text = "Compressed request rejected: " + cause.getMessage();
    Fault fault =
        version != null
            ? new SoapFault(text, cause, version.getSender())
            : new Fault(cause, Fault.FAULT_CODE_CLIENT);
    fault.setStatusCode(status);
    message.setContent(Exception.class, fault);
    message.put(Message.RESPONSE_CODE, status);
  }

  private static InflationException find(Throwable t) {
    for (int depth = 0; t != null && depth < MAX_CAUSE_DEPTH; depth++, t = t.getCause()) {
      if (t instanceof InflationException e) {
        return e;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "CompressionFeature.InflationFaultInterceptor";
  }
}
