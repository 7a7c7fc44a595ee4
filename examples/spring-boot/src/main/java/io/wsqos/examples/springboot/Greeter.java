package io.wsqos.examples.springboot;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The example's SOAP service. */
@WebService(targetNamespace = Greeter.NAMESPACE)
public interface Greeter {

  /** The service's namespace. */
  String NAMESPACE = "http://wsqos.io/ns/examples/spring-boot";

  /** "Hello, {name}! " {@code times} times (at most 10,000): from about 80, worth compressing. */
  String greet(@WebParam(name = "name") String name, @WebParam(name = "times") int times);
}
