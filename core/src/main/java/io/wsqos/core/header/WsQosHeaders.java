package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;

/**
 * The WS-QoS blocks of one message: each block absent, valid or invalid, and the names of header
 * elements of the WS-QoS namespace that version 1 does not define. {@link #from(Message)} is the
 * one way to read them from a CXF message; {@link WsQosCodec} reads blocks that are DOM elements
 * outside a CXF message.
 *
 * <p>{@link WsQosHeaderInterceptor}, which every wsqos feature installs, decodes each inbound
 * message once and keeps the result in the message, so later interceptors read it without decoding
 * again.
 */
public final class WsQosHeaders {

  // The message property the header interceptor keeps an inbound message's blocks in: private to
  // the package, so that from(Message) is the one way to read them.
  static final String DECODED = WsQosHeaders.class.getName() + ".decoded";

  private static final WsQosCodec CODEC = new WsQosCodec();

  /** A message without any WS-QoS header. */
  public static final WsQosHeaders NONE =
      new WsQosHeaders(HeaderBlock.absent(), HeaderBlock.absent(), HeaderBlock.absent(), List.of());

  private final HeaderBlock<QosRequirement> requirement;
  private final HeaderBlock<MonitoringTimestamps> timestamps;
  private final HeaderBlock<ServerAction> serverAction;
  private final List<QName> unknownBlocks;

  WsQosHeaders(
      HeaderBlock<QosRequirement> requirement,
      HeaderBlock<MonitoringTimestamps> timestamps,
      HeaderBlock<ServerAction> serverAction,
      List<QName> unknownBlocks) {
    this.requirement = requireNonNull(requirement, "requirement");
    this.timestamps = requireNonNull(timestamps, "timestamps");
    this.serverAction = requireNonNull(serverAction, "serverAction");
    this.unknownBlocks = List.copyOf(unknownBlocks);
  }

  /**
   * The WS-QoS blocks of {@code message} itself. For an inbound message (a request a server
   * receives, a response or fault a client receives): the blocks {@link WsQosHeaderInterceptor}
   * decoded from it, empty if no wsqos feature installed the interceptor. For an outbound message:
   * the blocks written to its header list so far, decoded on each call (never empty); a provider
   * reads the request's blocks from the exchange's inbound message. Never throws for bad input.
   */
  public static Optional<WsQosHeaders> from(Message message) {
    requireNonNull(message, "message");
    if (MessageUtils.isOutbound(message)) {
      return Optional.of(message instanceof SoapMessage soap ? CODEC.read(soap) : NONE);
    }
    return Optional.ofNullable((WsQosHeaders) message.get(DECODED));
  }

  /** The client's requirement. */
  public HeaderBlock<QosRequirement> requirement() {
    return requirement;
  }

  /** The monitoring timestamps. */
  public HeaderBlock<MonitoringTimestamps> timestamps() {
    return timestamps;
  }

  /** What the server did. */
  public HeaderBlock<ServerAction> serverAction() {
    return serverAction;
  }

  /** The block of {@code block}. */
  public HeaderBlock<?> block(WsQosBlock block) {
    switch (block) {
      case REQUIREMENT:
        return requirement;
      case TIMESTAMPS:
        return timestamps;
      default:
        return serverAction;
    }
  }

  /** Header elements of the WS-QoS namespace that version 1 does not define, in message order. */
  public List<QName> unknownBlocks() {
    return unknownBlocks;
  }

  /** Whether any block is invalid or unknown. */
  public boolean hasProblems() {
    return requirement.isInvalid()
        || timestamps.isInvalid()
        || serverAction.isInvalid()
        || !unknownBlocks.isEmpty();
  }

  @Override
  public String toString() {
    return "WsQosHeaders{requirement="
        + requirement
        + ", timestamps="
        + timestamps
        + ", serverAction="
        + serverAction
        + (unknownBlocks.isEmpty() ? "" : ", unknownBlocks=" + unknownBlocks)
        + "}";
  }
}
