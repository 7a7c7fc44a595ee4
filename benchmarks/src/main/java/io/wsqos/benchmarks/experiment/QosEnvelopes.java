package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.WsQos;
import java.nio.charset.StandardCharsets;

/**
 * Adds the WS-QoS {@code Requirement} header block, with a compression preference, to a sample SOAP
 * 1.1 request envelope of {@code examples/bookstore/requests/}: the request body carries the
 * client's preference, as the paper's {@code SOAPExtension} did.
 */
final class QosEnvelopes {

  private static final String BODY_START = "<soap:Body>";

  private QosEnvelopes() {}

  /** The header block alone, e.g. for {@code server-decides}. */
  static String requirement(CompressionPreference preference) {
    requireNonNull(preference, "preference");
    return "<qos:Requirement xmlns:qos=\""
        + WsQos.NAMESPACE
        + "\"><qos:compression>"
        + preference.token()
        + "</qos:compression><qos:terms><qos:transportPriority>best-effort"
        + "</qos:transportPriority></qos:terms></qos:Requirement>";
  }

  /**
   * {@code envelope} with a {@code soap:Header} holding the requirement inserted before its {@code
   * soap:Body}.
   *
   * @throws IllegalArgumentException if the envelope has a header already or no {@code <soap:Body>}
   */
  static byte[] withRequirement(byte[] envelope, CompressionPreference preference) {
    String text = new String(envelope, StandardCharsets.UTF_8);
    int body = text.indexOf(BODY_START);
    if (body < 0 || text.contains("<soap:Header")) {
      throw new IllegalArgumentException(
          "envelope: expected a SOAP 1.1 envelope with prefix soap, a <soap:Body> and no header");
    }
    String result =
        text.substring(0, body)
            + "<soap:Header>"
            + requirement(preference)
            + "</soap:Header>"
            + text.substring(body);
    return result.getBytes(StandardCharsets.UTF_8);
  }
}
