package io.wsqos.core.admission;

import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQos;
import io.wsqos.testing.service.EchoService;
import java.nio.charset.StandardCharsets;

/** Hand-written SOAP 1.1 calls of {@link EchoService}, with or without a WS-QoS class. */
final class Envelopes {

  private Envelopes() {}

  /** A call of {@code echo(text)} asking for {@code priority}; null for no requirement. */
  static byte[] echo(String text, TransportPriority priority) {
    return call("echo", "text", text, priority);
  }

  /** A call of {@code length(body)}, which answers at once, asking for {@code priority}. */
  static byte[] length(String body, TransportPriority priority) {
    return call("length", "body", body, priority);
  }

  private static byte[] call(
      String operation, String parameter, String value, TransportPriority priority) {
    return utf8(
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + header(priority)
            + "<soap:Body><t:"
            + operation
            + " xmlns:t=\""
            + EchoService.NAMESPACE
            + "\"><"
            + parameter
            + ">"
            + value
            + "</"
            + parameter
            + "></t:"
            + operation
            + "></soap:Body></soap:Envelope>");
  }

  /** A header asking for {@code priority}, followed by a body no parser would accept. */
  static byte[] unparsableBody(TransportPriority priority) {
    return utf8(
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + header(priority)
            + "<soap:Body><t:echo <<< not xml &&&");
  }

  private static String header(TransportPriority priority) {
    if (priority == null) {
      return "";
    }
    return "<soap:Header><qos:Requirement xmlns:qos=\""
        + WsQos.NAMESPACE
        + "\"><qos:compression>none</qos:compression><qos:terms><qos:transportPriority>"
        + priority.token()
        + "</qos:transportPriority></qos:terms></qos:Requirement></soap:Header>";
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
