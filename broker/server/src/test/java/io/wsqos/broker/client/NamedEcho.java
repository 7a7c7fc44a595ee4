package io.wsqos.broker.client;

import io.wsqos.testing.service.EchoService;

/** An echo that answers with its provider's name before the text, so a test sees who answered. */
record NamedEcho(String name) implements EchoService {

  @Override
  public String echo(String text) {
    return name + ": " + text;
  }

  @Override
  public String text(int chars) {
    return "";
  }

  @Override
  public int length(String body) {
    return body.length();
  }
}
