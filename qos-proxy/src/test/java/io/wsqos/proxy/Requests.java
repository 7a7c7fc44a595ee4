package io.wsqos.proxy;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQos;
import io.wsqos.testing.service.EchoService;
import java.nio.charset.StandardCharsets;

/** Hand-written SOAP 1.1 calls of {@link EchoService#text}, with or without a WS-QoS class. */
final class Requests {

  private Requests() {}

  /** A call asking for {@code chars} characters in the class {@code priority}. */
  static byte[] text(int chars, TransportPriority priority) {
    return envelope(requirement(priority, CompressionPreference.NONE), chars);
  }

  /**
   * A call asking for {@code chars} characters in {@code priority}, compressed as {@code asked}.
   */
  static byte[] text(int chars, TransportPriority priority, CompressionPreference asked) {
    return envelope(requirement(priority, asked), chars);
  }

  /** A call asking for {@code chars} characters without any WS-QoS header. */
  static byte[] text(int chars) {
    return envelope("", chars);
  }

  /** A call of {@link EchoService#echo} with {@code text} in the class {@code priority}. */
  static byte[] echo(String text, TransportPriority priority) {
    return utf8(
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + requirement(priority, CompressionPreference.NONE)
            + "<soap:Body><t:echo xmlns:t=\""
            + EchoService.NAMESPACE
            + "\"><text>"
            + text
            + "</text></t:echo></soap:Body></soap:Envelope>");
  }

  private static String requirement(TransportPriority priority, CompressionPreference asked) {
    return "<soap:Header><qos:Requirement xmlns:qos=\""
        + WsQos.NAMESPACE
        + "\"><qos:compression>"
        + asked.token()
        + "</qos:compression><qos:terms><qos:transportPriority>"
        + priority.token()
        + "</qos:transportPriority></qos:terms></qos:Requirement></soap:Header>";
  }

  private static byte[] envelope(String header, int chars) {
    return utf8(
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + header
            + "<soap:Body><t:text xmlns:t=\""
            + EchoService.NAMESPACE
            + "\"><chars>"
            + chars
            + "</chars></t:text></soap:Body></soap:Envelope>");
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
