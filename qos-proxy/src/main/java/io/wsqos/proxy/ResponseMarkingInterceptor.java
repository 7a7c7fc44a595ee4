package io.wsqos.proxy;

import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosHeaders;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.interceptor.MessageSenderInterceptor;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Decides a response's class, sets its connection's TOS before the first byte of the response is
 * written, and adds the decision to the response's {@code ServerAction}. A request without a valid
 * {@code Requirement} is best effort. A connection that cannot be marked is counted; the call goes
 * on, and its {@code ServerAction} then names the class but no DSCP.
 */
final class ResponseMarkingInterceptor extends AbstractPhaseInterceptor<Message> {

  /** The compression feature's interceptor, which writes {@code ServerAction} first. */
  private static final String COMPRESSION_INTERCEPTOR =
      "io.wsqos.core.compression.ServerCompressionInterceptor";

  private final MarkingPolicy policy;
  private final ClientIdentifier clients;
  private final ConnectionMarker marker;
  private final WsQosCodec codec;
  private final MarkingMetrics metrics;

  ResponseMarkingInterceptor(
      MarkingPolicy policy,
      ClientIdentifier clients,
      ConnectionMarker marker,
      WsQosCodec codec,
      MarkingMetrics metrics) {
    // PREPARE_SEND after the sender: the response's stream exists and nothing is written yet; the
    // SOAP headers are serialized later (WRITE), so ServerAction can still be amended.
    super(Phase.PREPARE_SEND);
    addAfter(MessageSenderInterceptor.class.getName());
    addAfter(COMPRESSION_INTERCEPTOR);
    this.policy = policy;
    this.clients = clients;
    this.marker = marker;
    this.codec = codec;
    this.metrics = metrics;
  }

  @Override
  public void handleMessage(Message message) {
    Exchange exchange = message.getExchange();
    if (MessageUtils.isRequestor(message) || exchange == null) {
      return;
    }
    Message in = exchange.getInMessage();
    if (in == null) {
      return;
    }
    HeaderBlock<QosRequirement> requirement =
        WsQosHeaders.from(in).map(WsQosHeaders::requirement).orElse(HeaderBlock.absent());
    TransportPriority requested =
        requirement.isValid()
            ? requirement.value().get().terms().transportPriority()
            : TransportPriority.BEST_EFFORT;
    MarkingDecision decision =
        policy.decide(
            requested, requested == TransportPriority.BEST_EFFORT ? null : clients.identify(in));
    ConnectionMarker.Failure failure = marker.mark(in, decision.tos());
    metrics.decided(decision);
    if (failure != null) {
      metrics.failed(failure);
    }
    if (message instanceof SoapMessage soap) {
      codec.amend(soap, action -> decision.report(action, failure == null));
    }
  }

  @Override
  public String toString() {
    return "DscpMarkingFeature.ResponseMarkingInterceptor";
  }
}
