package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import java.nio.charset.StandardCharsets;
import org.apache.cxf.binding.soap.Soap11;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.headers.Header;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.staxutils.StaxUtils;

/**
 * Adds a WS-QoS header block to a sample SOAP 1.1 request envelope of {@code
 * examples/bookstore/requests/}: the {@code Requirement} with a compression preference, as the
 * paper's {@code SOAPExtension} did, or the {@code Timestamps} block with a t1, as a monitored
 * requester sends it.
 */
final class QosEnvelopes {

  private static final String BODY_START = "<soap:Body>";

  private QosEnvelopes() {}

  // Stateless: one serves every call.
  private static final WsQosCodec CODEC = new WsQosCodec();

  /**
   * The header block alone, with {@code preference} and the {@code best-effort} class, serialized
   * by the codec itself.
   */
  static String requirement(CompressionPreference preference) {
    requireNonNull(preference, "preference");
    SoapMessage message = newMessage();
    CODEC.write(message, QosRequirement.of(preference, TransportPriority.BEST_EFFORT));
    return serialized(message);
  }

  /**
   * {@code envelope} with a {@code soap:Header} holding the requirement inserted before its {@code
   * soap:Body}.
   *
   * @throws IllegalArgumentException if the envelope has a header already or no {@code <soap:Body>}
   */
  static byte[] withRequirement(byte[] envelope, CompressionPreference preference) {
    return withHeader(envelope, requirement(preference));
  }

  /**
   * {@code envelope} with a {@code Requirement} of {@code preference} in the class {@code
   * priority}, as {@link #withRequirement(byte[], CompressionPreference)}.
   */
  static byte[] withRequirement(
      byte[] envelope, CompressionPreference preference, TransportPriority priority) {
    requireNonNull(preference, "preference");
    requireNonNull(priority, "priority");
    SoapMessage message = newMessage();
    CODEC.write(message, QosRequirement.of(preference, priority));
    return withHeader(envelope, serialized(message));
  }

  /**
   * The {@code Timestamps} block with only {@code t1}, as the requester-side monitor writes it,
   * serialized by the codec itself.
   */
  static String timestamps(long t1) {
    SoapMessage message = newMessage();
    CODEC.write(message, MonitoringTimestamps.EMPTY.withT1(t1));
    return serialized(message);
  }

  private static SoapMessage newMessage() {
    SoapMessage message = new SoapMessage(new MessageImpl());
    message.setVersion(Soap11.getInstance());
    return message;
  }

  /** The one block the codec wrote in {@code message}, as the codec serializes it. */
  private static String serialized(SoapMessage message) {
    Header header = message.getHeaders().get(0);
    return StaxUtils.toString(CODEC.element(header));
  }

  /**
   * {@code envelope} with a {@code soap:Header} holding a {@code Timestamps} block with {@code t1}:
   * what a monitored requester sends (the provider echoes t1 and reads it into its record).
   *
   * @throws IllegalArgumentException if the envelope has a header already or no {@code <soap:Body>}
   */
  static byte[] withTimestamps(byte[] envelope, long t1) {
    return withHeader(envelope, timestamps(t1));
  }

  private static byte[] withHeader(byte[] envelope, String headerBlock) {
    String text = new String(envelope, StandardCharsets.UTF_8);
    int body = text.indexOf(BODY_START);
    if (body < 0 || text.contains("<soap:Header")) {
      throw new IllegalArgumentException(
          "envelope: expected a SOAP 1.1 envelope with prefix soap, a <soap:Body> and no header");
    }
    String result =
        text.substring(0, body)
            + "<soap:Header>"
            + headerBlock
            + "</soap:Header>"
            + text.substring(body);
    return result.getBytes(StandardCharsets.UTF_8);
  }
}
