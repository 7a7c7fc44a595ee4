package io.wsqos.server;

import jakarta.jws.WebService;
import org.apache.cxf.annotations.Policy;

/** {@link Echo} whose binding carries a policy by annotation: WS-Addressing required. */
@WebService(targetNamespace = "http://wsqos.io/ns/test/server")
@Policy(uri = "classpath:io/wsqos/server/addressing-required-policy.xml")
public interface AddressedEcho {

  String echo(String text);

  /** The implementation: answers {@code echo: text}. */
  final class Impl implements AddressedEcho {
    @Override
    public String echo(String text) {
      return "echo: " + text;
    }
  }
}
