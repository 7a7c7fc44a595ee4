package io.wsqos.server;

import jakarta.jws.WebService;

/** The tiny service the server's tests publish. */
@WebService(targetNamespace = "http://wsqos.io/ns/test/server")
public interface Echo {

  String echo(String text);

  /** The implementation: answers {@code echo: text}. */
  final class Impl implements Echo {
    @Override
    public String echo(String text) {
      return "echo: " + text;
    }
  }
}
