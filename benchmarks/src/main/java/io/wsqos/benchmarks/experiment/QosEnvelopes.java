package io.wsqos.benchmarks.experiment;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.apache.cxf.binding.soap.Soap11;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.staxutils.StaxUtils;

/**
 * Adds a WS-QoS header block, serialized by the codec itself, to a sample SOAP 1.1 envelope of
 * {@code examples/bookstore/requests/}: a {@code Requirement}, as the paper's {@code SOAPExtension}
 * did, or the {@code Timestamps} with a t1 a monitored requester sends.
 */
public final class QosEnvelopes {

  private static final WsQosCodec CODEC = new WsQosCodec();

  private QosEnvelopes() {}

  /**
   * {@code envelope} with a {@code soap:Header} holding a {@code Requirement} of {@code preference}
   * in the best-effort class, inserted before its {@code soap:Body}.
   *
   * @throws IllegalArgumentException if the envelope has a header already or no {@code <soap:Body>}
   */
  static byte[] withRequirement(byte[] envelope, CompressionPreference preference) {
    return withRequirement(envelope, preference, TransportPriority.BEST_EFFORT);
  }

  /**
   * {@code envelope} with a {@code Requirement} of {@code preference} in the class {@code
   * priority}.
   */
  public static byte[] withRequirement(
      byte[] envelope, CompressionPreference preference, TransportPriority priority) {
    return withHeader(envelope, m -> CODEC.write(m, QosRequirement.of(preference, priority)));
  }

  /**
   * {@code envelope} with a {@code Timestamps} block holding {@code t1} only, as the requester-side
   * monitor writes it (the provider echoes t1 and reads it into its record).
   */
  static byte[] withTimestamps(byte[] envelope, long t1) {
    return withHeader(envelope, m -> CODEC.write(m, MonitoringTimestamps.EMPTY.withT1(t1)));
  }

  private static byte[] withHeader(byte[] envelope, Consumer<SoapMessage> writeBlock) {
    String text = new String(envelope, StandardCharsets.UTF_8);
    int body = text.indexOf("<soap:Body>");
    if (body < 0 || text.contains("<soap:Header")) {
      throw new IllegalArgumentException(
          "envelope: expected a SOAP 1.1 envelope with prefix soap, a <soap:Body> and no header");
    }
    SoapMessage message = new SoapMessage(new MessageImpl());
    message.setVersion(Soap11.getInstance());
    writeBlock.accept(message);
    String block = StaxUtils.toString(CODEC.element(message.getHeaders().get(0)));
    return (text.substring(0, body)
            + "<soap:Header>"
            + block
            + "</soap:Header>"
            + text.substring(body))
        .getBytes(StandardCharsets.UTF_8);
  }
}
