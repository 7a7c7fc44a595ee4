package io.wsqos.testing;

final class EchoServiceImpl implements EchoService {

  @Override
  public String echo(String text) {
    return "echo: " + text;
  }
}
