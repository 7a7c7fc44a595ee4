package io.wsqos.testing;

import jakarta.jws.WebService;

/** The tiny service the fixture's own tests publish. */
@WebService(targetNamespace = "http://wsqos.io/ns/test/echo")
public interface EchoService {

  String echo(String text);
}
