package io.wsqos.core.header;

import java.io.CharConversionException;
import java.nio.charset.CharacterCodingException;
import javax.xml.stream.XMLStreamException;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.Phase;

/**
 * Gives the caller's errors the fault code that says so ({@code soap:Client} in SOAP 1.1, {@code
 * soap:Sender} in 1.2): a request CXF could not parse (not well-formed XML, bytes that are not
 * valid in the request's encoding), which CXF reports as {@code soap:Server} "Couldn't parse
 * stream.", a {@code GET} CXF could not answer (no {@code ?wsdl}, or an {@code ?xsd} it does not
 * have), which it reports as {@code soap:Server}, and a service exception whose class is marked
 * {@link ClientError}. Other faults keep their code. Part of {@link WsQosEndpointBaseline}.
 */
final class ClientErrorFaultInterceptor extends AbstractSoapInterceptor {

  static final String ID = ClientErrorFaultInterceptor.class.getName();

  // Bounds the walk down the causes: a cycle or a deep wrapper chain must not cost more.
  private static final int MAX_CAUSES = 8;

  ClientErrorFaultInterceptor() {
    // PRE_PROTOCOL after WebFaultOutInterceptor has turned a service exception into the fault that
    // Soap11/12FaultOutInterceptor (MARSHAL) writes with its code.
    super(ID, Phase.PRE_PROTOCOL);
    addAfter("org.apache.cxf.jaxws.interceptors.WebFaultOutInterceptor");
  }

  @Override
  public void handleMessage(SoapMessage message) {
    if (!(message.getContent(Exception.class) instanceof Fault fault)) {
      return;
    }
    if (isClientError(fault, message.getExchange())) {
      fault.setFaultCode(
          fault instanceof SoapFault ? message.getVersion().getSender() : Fault.FAULT_CODE_CLIENT);
    }
  }

  /** Whether {@code fault} is the caller's error, as this interceptor decides it. */
  static boolean isClientError(Fault fault, Exchange exchange) {
    // Before the service answered there is no response message: a parse failure then is the
    // request's, not a failure of the server writing its answer.
    boolean reading = exchange == null || exchange.getOutMessage() == null;
    if (reading && exchange != null && isGet(exchange.getInMessage())) {
      // A SOAP endpoint answers a GET only with its WSDL or a schema of it, before any service
      // runs: any other GET names an address, a method or a document the endpoint does not have.
      return true;
    }
    Throwable cause = fault;
    for (int i = 0; cause != null && i < MAX_CAUSES; i++, cause = cause.getCause()) {
      if (cause.getClass().isAnnotationPresent(ClientError.class)) {
        return true;
      }
      if (reading
          && (cause instanceof XMLStreamException
              || cause instanceof CharConversionException
              || cause instanceof CharacterCodingException)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isGet(Message in) {
    return in != null && "GET".equals(in.get(Message.HTTP_REQUEST_METHOD));
  }

  @Override
  public String toString() {
    return "ClientErrorFaultInterceptor";
  }
}
