package io.wsqos.proxy;

import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQos;
import io.wsqos.testing.service.EchoService;
import java.nio.charset.StandardCharsets;

/** Hand-written SOAP 1.1 calls of {@link EchoService#text}, with or without a WS-QoS class. */
final class Requests {

  private Requests() {}

  /** A call asking for {@code chars} characters in the class {@code priority}. */
  static byte[] text(int chars, TransportPriority priority) {
    return envelope(
        "<soap:Header><qos:Requirement xmlns:qos=\""
            + WsQos.NAMESPACE
            + "\"><qos:compression>none</qos:compression><qos:terms><qos:transportPriority>"
            + priority.token()
            + "</qos:transportPriority></qos:terms></qos:Requirement></soap:Header>",
        chars);
  }

  /** A call asking for {@code chars} characters without any WS-QoS header. */
  static byte[] text(int chars) {
    return envelope("", chars);
  }

  private static byte[] envelope(String header, int chars) {
    return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + header
            + "<soap:Body><t:text xmlns:t=\""
            + EchoService.NAMESPACE
            + "\"><chars>"
            + chars
            + "</chars></t:text></soap:Body></soap:Envelope>")
        .getBytes(StandardCharsets.UTF_8);
  }
}
