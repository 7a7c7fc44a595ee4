package io.wsqos.core.header;

import org.apache.cxf.Bus;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.logging.FaultListener;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;

/**
 * Gives a caller's error its client fault code as soon as it happens, before the fault is logged:
 * CXF tells its {@link FaultListener} of a fault where it is thrown, and {@link
 * ClientErrorFaultInterceptor} sets the code only later, in the out-fault chain, so a listener that
 * logs by the code (the embedded server's logs a client's fault at INFO, others at WARN) would see
 * a service's {@link ClientError} exception as the server's. It then hands the fault to the bus's
 * listener, or to CXF's own logging when the bus has none. Part of {@link WsQosEndpointBaseline}.
 */
final class ClientErrorFaultListener implements FaultListener {

  @Override
  public boolean faultOccurred(Exception exception, String description, Message message) {
    Exchange exchange = message == null ? null : message.getExchange();
    if (exception instanceof Fault fault
        && ClientErrorFaultInterceptor.isClientError(fault, exchange)) {
      // SOAP 1.2's Sender replaces this in the out-fault chain, as for every client error.
      fault.setFaultCode(Fault.FAULT_CODE_CLIENT);
    }
    Bus bus = exchange == null ? null : exchange.getBus();
    Object next = bus == null ? null : bus.getProperty(FaultListener.class.getName());
    return next instanceof FaultListener listener && next != this
        ? listener.faultOccurred(exception, description, message)
        : true;
  }

  @Override
  public String toString() {
    return "ClientErrorFaultListener";
  }
}
