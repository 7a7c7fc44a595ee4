package io.wsqos.core.compression;

import io.wsqos.core.header.CompressionAction;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.ServerActionSlot;
import io.wsqos.core.header.SkipReason;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosHeaders;
import java.io.OutputStream;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.interceptor.MessageSenderInterceptor;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Decides, for each response of a server, whether and how to compress it; writes the decision in
 * the WS-QoS {@code ServerAction} header through the codec; and for a compressed response wraps the
 * HTTP output stream in a {@link CompressingResponseStream}, which compresses as the envelope
 * streams out and sends responses under the minimum size as they are, switching their {@code
 * ServerAction} to {@code body-too-small} in the codec's {@link ServerActionSlot}.
 *
 * <p>The client's preference is its {@code Requirement} when it sent a valid one. A {@code
 * Requirement} that was present but unreadable (and not marked {@code mustUnderstand}, else the
 * request was refused already) is ignored, and the response is not compressed: it may have said
 * {@code none}; {@code ServerAction} says {@code requirement-refused}. Without a {@code
 * Requirement}, {@code Accept-Encoding} decides: no codec in common is {@code no-common-codec}.
 */
final class ServerCompressionInterceptor extends AbstractPhaseInterceptor<Message> {
  private static final String VARY_VALUE = HttpHeaders.ACCEPT_ENCODING;

  private final CompressionPolicy policy;
  private final EncodingNegotiator negotiator;
  private final Codec[] byCoding;
  private final Codec[] fastByCoding;
  private final int minBodyBytes;
  private final WsQosCodec headerCodec;
  private final CompressionMetrics metrics;
  private final ServerActionSlot[] applied;
  private final ServerAction[] skipped;

  ServerCompressionInterceptor(
      CompressionPolicy policy,
      EncodingNegotiator negotiator,
      Codec[] byCoding,
      Codec[] fastByCoding,
      int minBodyBytes,
      WsQosCodec headerCodec,
      CompressionMetrics metrics) {
    // PREPARE_SEND after MessageSenderInterceptor: the HTTP output stream exists and nothing has
    // been written to it, and the SOAP headers are not serialized yet (WRITE).
    super(Phase.PREPARE_SEND);
    addAfter(MessageSenderInterceptor.class.getName());
    this.policy = policy;
    this.negotiator = negotiator;
    this.byCoding = byCoding;
    this.fastByCoding = fastByCoding;
    this.minBodyBytes = minBodyBytes;
    this.headerCodec = headerCodec;
    this.metrics = metrics;
    SkipReason[] reasons = SkipReason.values();
    skipped = new ServerAction[reasons.length];
    for (SkipReason reason : reasons) {
      skipped[reason.ordinal()] =
          ServerAction.NONE.withCompression(CompressionAction.skipped(reason));
    }
    ContentCoding[] codings = ContentCoding.values();
    applied = new ServerActionSlot[codings.length];
    for (ContentCoding coding : codings) {
      applied[coding.ordinal()] =
          headerCodec.slot(
              ServerAction.NONE.withCompression(CompressionAction.applied(coding.token())),
              skipped[SkipReason.BODY_TOO_SMALL.ordinal()]);
    }
  }

  @Override
  public void handleMessage(Message message) {
    Exchange exchange = message.getExchange();
    if (MessageUtils.isRequestor(message) || exchange == null) {
      return;
    }
    Message in = exchange.getInMessage();
    OutputStream out = message.getContent(OutputStream.class);
    if (in == null || out == null) {
      return;
    }
    Negotiation negotiation =
        negotiator.negotiate(HttpHeaders.get(in, HttpHeaders.ACCEPT_ENCODING));
    HeaderBlock<QosRequirement> requirement =
        WsQosHeaders.from(in).map(WsQosHeaders::requirement).orElse(HeaderBlock.absent());
    addVary(message);
    SkipReason skip;
    Codec codec = null;
    CompressionPreference preference =
        requirement.isValid()
            ? requirement.value().get().compression()
            : negotiation.coding() == null ? null : negotiation.preference();
    if (requirement.isInvalid()) {
      skip = SkipReason.REQUIREMENT_REFUSED;
    } else if (preference == CompressionPreference.NONE) {
      skip = SkipReason.CLIENT_SAID_NONE;
    } else if (negotiation.coding() == null) {
      skip = SkipReason.NO_COMMON_CODEC;
    } else {
      CompressionPolicy.Decision decision = policy.decide(preference);
      skip = decision.skipReason();
      if (skip == null) {
        int i = negotiation.coding().ordinal();
        codec =
            decision == CompressionPolicy.Decision.COMPRESS_FAST ? fastByCoding[i] : byCoding[i];
      }
    }
    if (codec == null) {
      writeServerAction(message, skipped[skip.ordinal()]);
      metrics.skipped(skip);
      return;
    }
    ServerActionSlot slot = applied[codec.coding().ordinal()];
    boolean reported = false;
    if (message instanceof SoapMessage soap) {
      slot.write(soap);
      reported = true;
    }
    message.setContent(
        OutputStream.class,
        new CompressingResponseStream(
            out, message, codec, minBodyBytes, reported ? slot : null, metrics));
  }

  private boolean writeServerAction(Message message, ServerAction action) {
    if (message instanceof SoapMessage soap) {
      headerCodec.write(soap, action);
      return true;
    }
    return false;
  }

  private static void addVary(Message message) {
    String vary = HttpHeaders.get(message, HttpHeaders.VARY);
    if (vary == null) {
      HttpHeaders.set(message, HttpHeaders.VARY, VARY_VALUE);
    } else if (!vary.toLowerCase(java.util.Locale.ROOT).contains("accept-encoding")) {
      HttpHeaders.set(message, HttpHeaders.VARY, vary + ", " + VARY_VALUE);
    }
  }

  @Override
  public String toString() {
    return "CompressionFeature.ServerCompressionInterceptor";
  }
}
