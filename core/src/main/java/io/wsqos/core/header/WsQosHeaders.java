package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import javax.xml.namespace.QName;
import org.apache.cxf.message.Message;

/**
 * The WS-QoS blocks read from one message by {@link WsQosCodec#read}: each block absent, valid or
 * invalid, and the names of header elements of the WS-QoS namespace that version 1 does not define.
 *
 * <p>{@link WsQosHeaderInterceptor}, which every wsqos feature installs, stores the result of
 * inbound messages in the message; later interceptors get it with {@link #from(Message)} instead of
 * decoding again.
 */
public final class WsQosHeaders {

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
   * The blocks {@link WsQosHeaderInterceptor} decoded from {@code message}, or, for an outbound
   * message, from the inbound message of its exchange (a provider reads the request's blocks while
   * writing the response). Empty if no wsqos feature installed the {@link WsQosHeaderInterceptor}.
   */
  public static Optional<WsQosHeaders> from(Message message) {
    WsQosHeaders headers = message.get(WsQosHeaders.class);
    if (headers == null && message.getExchange() != null) {
      Message in = message.getExchange().getInMessage();
      if (in != null && in != message) {
        headers = in.get(WsQosHeaders.class);
      }
    }
    return Optional.ofNullable(headers);
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
