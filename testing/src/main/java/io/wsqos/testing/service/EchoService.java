package io.wsqos.testing.service;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/**
 * The one service the tests publish: it echoes a string (the header, monitoring and server tests),
 * returns text of a requested size (the compression tests' responses) and measures what it was sent
 * (their requests). {@link EchoServiceImpl} can also be made slow or made to fault.
 */
@WebService(targetNamespace = EchoService.NAMESPACE)
public interface EchoService {

  /** The service's namespace, for hand-written SOAP requests. */
  String NAMESPACE = "http://wsqos.io/ns/test/echo";

  /**
   * Returns {@code "echo: " + text}; {@link EchoServiceImpl#FAULT} makes the provider answer with a
   * SOAP fault instead.
   */
  @WebMethod
  String echo(@WebParam(name = "text") String text);

  /** Text of exactly {@code chars} ASCII characters, the same for the same length. */
  @WebMethod
  String text(@WebParam(name = "chars") int chars);

  /** The length of {@code body}, as the service received it. */
  @WebMethod
  int length(@WebParam(name = "body") String body);
}
