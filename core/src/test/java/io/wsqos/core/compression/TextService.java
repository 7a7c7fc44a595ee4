package io.wsqos.core.compression;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A test service returning SOAP-sized text and measuring what it is sent. */
@WebService(targetNamespace = TextService.NAMESPACE)
public interface TextService {
  String NAMESPACE = "urn:wsqos:test:text";

  /** Text of exactly {@code chars} ASCII characters, the same for the same length. */
  @WebMethod
  String text(@WebParam(name = "chars") int chars);

  /** The length of {@code body}, as the service received it. */
  @WebMethod
  int length(@WebParam(name = "body") String body);
}
