package io.wsqos.testing.service;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;

/**
 * Hand-written SOAP 1.1 requests to {@link EchoService}, as UTF-8 bytes, for tests that post them
 * with {@link io.wsqos.testing.RawHttp} (or compress them first) instead of using a CXF client.
 */
public final class EchoEnvelopes {

  private static final String HEAD =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>";
  private static final String TAIL = "</soap:Body></soap:Envelope>";
  private static final String LENGTH_HEAD =
      HEAD + "<t:length xmlns:t=\"" + EchoService.NAMESPACE + "\"><body>";

  /** What follows the body text of {@link #lengthHead()}: the end of the request. */
  public static final String LENGTH_TAIL = "</body></t:length>" + TAIL;

  private EchoEnvelopes() {}

  /** A call of {@link EchoService#echo} with {@code text} (written as given: escape it first). */
  public static byte[] echo(String text) {
    requireNonNull(text, "text");
    return utf8(
        HEAD
            + "<t:echo xmlns:t=\""
            + EchoService.NAMESPACE
            + "\"><text>"
            + text
            + "</text></t:echo>"
            + TAIL);
  }

  /** A call of {@link EchoService#text} asking for {@code chars} characters. */
  public static byte[] text(int chars) {
    return utf8(
        HEAD
            + "<t:text xmlns:t=\""
            + EchoService.NAMESPACE
            + "\"><chars>"
            + chars
            + "</chars></t:text>"
            + TAIL);
  }

  /** A call of {@link EchoService#length} with {@code body} (written as given: escape it first). */
  public static byte[] length(String body) {
    requireNonNull(body, "body");
    return utf8(LENGTH_HEAD + body + LENGTH_TAIL);
  }

  /**
   * The start of a {@link #length} call, up to its body text, for a test that streams a body too
   * large to build as a string and then writes {@link #LENGTH_TAIL}.
   */
  public static byte[] lengthHead() {
    return utf8(LENGTH_HEAD);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
