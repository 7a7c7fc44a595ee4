package io.wsqos.core.compression;

import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosHeaders;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * On a client's requests: writes the WS-QoS {@code Requirement} with the call's compression
 * preference (the request context's, else the {@link ClientPreferencePolicy}'s; keeping the terms
 * of a requirement already on the message) and, unless the preference is {@code none}, an {@code
 * Accept-Encoding} listing the codings the client inflates.
 */
final class ClientPreferenceInterceptor extends AbstractPhaseInterceptor<Message> {
  private static final QosTerms DEFAULT_TERMS = QosTerms.of(TransportPriority.BEST_EFFORT);

  private final CompressionPreference defaultPreference;
  private final ClientPreferencePolicy policy;
  private final String acceptEncoding;
  private final WsQosCodec headerCodec;

  ClientPreferenceInterceptor(
      CompressionPreference defaultPreference,
      ClientPreferencePolicy policy,
      List<ContentCoding> codings,
      WsQosCodec codec) {
    // SETUP: before the conduit sends the HTTP headers and before the SOAP headers are written.
    super(Phase.SETUP);
    this.defaultPreference = defaultPreference;
    this.policy = policy;
    this.acceptEncoding =
        codings.stream().map(ContentCoding::token).collect(Collectors.joining(", "));
    this.headerCodec = codec;
  }

  @Override
  public void handleMessage(Message message) {
    if (!MessageUtils.isRequestor(message) || !MessageUtils.isOutbound(message)) {
      return;
    }
    CompressionPreference preference = preference(message);
    if (message instanceof SoapMessage soap) {
      HeaderBlock<QosRequirement> existing =
          WsQosHeaders.from(soap).map(WsQosHeaders::requirement).orElse(HeaderBlock.absent());
      QosTerms terms = existing.value().map(QosRequirement::terms).orElse(DEFAULT_TERMS);
      headerCodec.write(soap, QosRequirement.of(preference, terms));
    }
    if (preference != CompressionPreference.NONE) {
      HttpHeaders.set(message, HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
    }
  }

  private CompressionPreference preference(Message message) {
    Object value = message.getContextualProperty(CompressionFeature.PREFERENCE_PROPERTY);
    if (value == null) {
      // The conduit selector has set the call's address before the chain runs.
      Object endpoint = message.get(Message.ENDPOINT_ADDRESS);
      CompressionPreference preference =
          policy.preference(endpoint == null ? null : endpoint.toString(), defaultPreference);
      if (preference == null) {
        throw new IllegalStateException("ClientPreferencePolicy " + policy + " returned null");
      }
      return preference;
    }
    if (value instanceof CompressionPreference preference) {
      return preference;
    }
    if (value instanceof String token) {
      return CompressionPreference.fromToken(token)
          .orElseThrow(
              () ->
                  Checks.invalidText(
                      CompressionFeature.PREFERENCE_PROPERTY,
                      token,
                      "none, compress or server-decides"));
    }
    throw new InvalidValueException(
        CompressionFeature.PREFERENCE_PROPERTY,
        value.getClass().getName(),
        "a CompressionPreference or its token");
  }

  @Override
  public String toString() {
    return "CompressionFeature.ClientPreferenceInterceptor";
  }
}
