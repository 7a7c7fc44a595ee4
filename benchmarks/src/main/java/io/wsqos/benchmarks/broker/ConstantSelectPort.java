package io.wsqos.benchmarks.broker;

import io.wsqos.broker.soap.BrokerSoap;
import io.wsqos.broker.soap.SelectRequest;
import io.wsqos.broker.soap.SelectResponse;
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;

/**
 * The minimal JAX-WS baseline of the broker's SOAP select: the broker's own {@code select}
 * operation (same namespace, document/literal, bare, the same request and response types), and no
 * other operation and no feature.
 */
@WebService(name = "Broker", targetNamespace = BrokerSoap.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL)
public interface ConstantSelectPort {

  /** Answers every request with the same response. */
  @WebMethod(operationName = "select")
  @SOAPBinding(parameterStyle = SOAPBinding.ParameterStyle.BARE)
  @WebResult(name = "selectResponse", targetNamespace = BrokerSoap.NAMESPACE, partName = "result")
  SelectResponse select(
      @WebParam(name = "select", targetNamespace = BrokerSoap.NAMESPACE, partName = "request")
          SelectRequest request);
}
