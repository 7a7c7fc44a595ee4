package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.headers.Header;
import org.w3c.dom.Element;

/**
 * Writes the WS-QoS blocks to a CXF {@link SoapMessage}'s header list ({@link
 * SoapMessage#getHeaders()}, one {@link SoapHeader} per block), and reads blocks that are DOM
 * elements outside a CXF message ({@link #readRequirement}, {@link #readTimestamps}, {@link
 * #readServerAction}); a message's blocks are read with {@link WsQosHeaders#from}. A wsqos endpoint
 * or client takes the blocks it receives out of the XML stream before CXF reads the header ({@link
 * WsQosHeaderInterceptor}); a block in the header list holds a DOM {@link Element} when CXF read
 * it, or the value itself when this codec wrote it, which CXF writes straight to the message's
 * stream when it serializes the envelope (no DOM per message). {@link #element(Header)} gives
 * either as an element.
 *
 * <p>Reading never throws for bad input: each block comes back absent, valid or invalid with a
 * {@link HeaderProblem}. It uses no JAXB, no reflection, no parser and no schema per message; it
 * walks what was read of each block, checks each value's lexical form by hand, and caps every value
 * at {@value WsQos#MAX_VALUE_CHARS} characters. Values are read as the XSD types them: whitespace
 * is collapsed ({@code " none "} is {@code none}), and a token must then match exactly ({@code
 * NONE} and {@code zip} are malformed). It is more lenient on order (a block's elements in any
 * order, each at most once). Writing replaces any block of the same kind, so that a message carries
 * at most one per concern. Reading a block this codec wrote gives back the value written.
 *
 * <p>Instances are immutable and thread-safe; one can serve every message of an application.
 */
public final class WsQosCodec {

  /** A codec; it holds no state, so one can serve every message. */
  public WsQosCodec() {}

  /**
   * Decodes the WS-QoS blocks of {@code message}: those in its header list, and on a message
   * received by a wsqos endpoint or client those taken from its stream before CXF read the header
   * (which are then not in the list; see {@link WsQosHeaderInterceptor}). A block present more than
   * once is invalid ({@link HeaderProblem.Reason#DUPLICATED}); header elements of the WS-QoS
   * namespace that version 1 does not define are listed in {@link WsQosHeaders#unknownBlocks()}.
   * Never throws for bad input. Outside the package, messages are read with {@link
   * WsQosHeaders#from}.
   */
  WsQosHeaders read(SoapMessage message) {
    requireNonNull(message, "message");
    List<BlockStreamInterceptor.Streamed> streamed = BlockStreamInterceptor.streamed(message);
    if (!message.hasHeaders() && streamed.isEmpty()) {
      return WsQosHeaders.NONE;
    }
    Found found = new Found();
    for (int i = 0, size = streamed.size(); i < size; i++) {
      BlockStreamInterceptor.Streamed block = streamed.get(i);
      found.add(block.name(), block.element(), block.mustUnderstand());
    }
    if (message.hasHeaders()) {
      List<Header> headers = message.getHeaders();
      for (int i = 0, size = headers.size(); i < size; i++) {
        Header header = headers.get(i);
        QName name = header.getName();
        if (name != null && WsQos.NAMESPACE.equals(name.getNamespaceURI())) {
          found.add(
              name,
              header.getObject(),
              header instanceof SoapHeader soap && soap.isMustUnderstand());
        }
      }
    }
    return found.decode();
  }

  /** The WS-QoS blocks of one message, by kind, before decoding. */
  private static final class Found {
    private final Object[] blocks = new Object[WsQosBlock.values().length];
    private final int[] counts = new int[blocks.length];
    private final boolean[] mustUnderstand = new boolean[blocks.length];
    private List<QName> unknown;

    void add(QName name, Object block, boolean marked) {
      int kind;
      switch (name.getLocalPart()) {
        case "Requirement":
          kind = WsQosBlock.REQUIREMENT.ordinal();
          break;
        case "Timestamps":
          kind = WsQosBlock.TIMESTAMPS.ordinal();
          break;
        case "ServerAction":
          kind = WsQosBlock.SERVER_ACTION.ordinal();
          break;
        default:
          if (unknown == null) {
            unknown = new ArrayList<>(2);
          }
          unknown.add(name);
          return;
      }
      blocks[kind] = block;
      counts[kind]++;
      mustUnderstand[kind] |= marked;
    }

    WsQosHeaders decode() {
      int requirement = WsQosBlock.REQUIREMENT.ordinal();
      int timestamps = WsQosBlock.TIMESTAMPS.ordinal();
      int serverAction = WsQosBlock.SERVER_ACTION.ordinal();
      if (counts[requirement] + counts[timestamps] + counts[serverAction] == 0 && unknown == null) {
        return WsQosHeaders.NONE;
      }
      return new WsQosHeaders(
          counts[requirement] > 1
              ? duplicated(WsQosBlock.REQUIREMENT, counts[requirement], mustUnderstand[requirement])
              : counts[requirement] == 0
                  ? HeaderBlock.absent()
                  : BlockReader.requirement(blocks[requirement], mustUnderstand[requirement]),
          counts[timestamps] > 1
              ? duplicated(WsQosBlock.TIMESTAMPS, counts[timestamps], mustUnderstand[timestamps])
              : counts[timestamps] == 0
                  ? HeaderBlock.absent()
                  : BlockReader.timestamps(blocks[timestamps], mustUnderstand[timestamps]),
          counts[serverAction] > 1
              ? duplicated(
                  WsQosBlock.SERVER_ACTION, counts[serverAction], mustUnderstand[serverAction])
              : counts[serverAction] == 0
                  ? HeaderBlock.absent()
                  : BlockReader.serverAction(blocks[serverAction], mustUnderstand[serverAction]),
          unknown == null ? List.of() : unknown);
    }
  }

  /**
   * Decodes a {@code qos:Requirement} element found outside a SOAP header, such as one a request
   * carries in its body as a query, with the rules of {@link WsQosHeaders#from}: the block comes
   * back valid, or invalid with a {@link HeaderProblem} (also when {@code element} is not a {@code
   * Requirement} of the WS-QoS namespace); never absent, never {@code mustUnderstand}. Never throws
   * for bad input.
   */
  public HeaderBlock<QosRequirement> readRequirement(Element element) {
    HeaderProblem wrong = unexpected(element, WsQosBlock.REQUIREMENT);
    return wrong != null
        ? HeaderBlock.invalid(wrong, false)
        : BlockReader.requirement(element, false);
  }

  /**
   * Decodes a {@code qos:Timestamps} element read from a serialized envelope by something other
   * than CXF, with the rules of {@link WsQosHeaders#from}: valid, or invalid with a {@link
   * HeaderProblem} (also when {@code element} is not a {@code Timestamps} of the WS-QoS namespace);
   * never absent, never {@code mustUnderstand}. Never throws for bad input.
   */
  public HeaderBlock<MonitoringTimestamps> readTimestamps(Element element) {
    HeaderProblem wrong = unexpected(element, WsQosBlock.TIMESTAMPS);
    return wrong != null
        ? HeaderBlock.invalid(wrong, false)
        : BlockReader.timestamps(element, false);
  }

  /**
   * Decodes a {@code qos:ServerAction} element read from a serialized envelope by something other
   * than CXF (a proxy rewriting a response), with the rules of {@link WsQosHeaders#from}: valid, or
   * invalid with a {@link HeaderProblem} (also when {@code element} is not a {@code ServerAction}
   * of the WS-QoS namespace); never absent, never {@code mustUnderstand}. Never throws for bad
   * input.
   */
  public HeaderBlock<ServerAction> readServerAction(Element element) {
    HeaderProblem wrong = unexpected(element, WsQosBlock.SERVER_ACTION);
    return wrong != null
        ? HeaderBlock.invalid(wrong, false)
        : BlockReader.serverAction(element, false);
  }

  private static HeaderProblem unexpected(Element element, WsQosBlock block) {
    requireNonNull(element, "element");
    QName expected = block.qname();
    if (expected.getNamespaceURI().equals(element.getNamespaceURI())
        && expected.getLocalPart().equals(element.getLocalName())) {
      return null;
    }
    return new HeaderProblem(
        HeaderProblem.Reason.UNKNOWN_ELEMENT,
        block.localName(),
        "element {"
            + (element.getNamespaceURI() == null ? "" : element.getNamespaceURI())
            + "}"
            + (element.getLocalName() == null ? element.getNodeName() : element.getLocalName())
            + " (expected: "
            + expected
            + ")");
  }

  /** Writes {@code requirement} without {@code mustUnderstand}, replacing any previous one. */
  public void write(SoapMessage message, QosRequirement requirement) {
    write(message, requirement, false);
  }

  /** Writes {@code requirement}, replacing any previous one. */
  public void write(SoapMessage message, QosRequirement requirement, boolean mustUnderstand) {
    requireNonNull(requirement, "requirement");
    put(message, WsQosBlock.REQUIREMENT, requirement, mustUnderstand);
  }

  /** Writes {@code timestamps} without {@code mustUnderstand}, replacing any previous ones. */
  public void write(SoapMessage message, MonitoringTimestamps timestamps) {
    write(message, timestamps, false);
  }

  /** Writes {@code timestamps}, replacing any previous ones. */
  public void write(SoapMessage message, MonitoringTimestamps timestamps, boolean mustUnderstand) {
    requireNonNull(timestamps, "timestamps");
    put(message, WsQosBlock.TIMESTAMPS, timestamps, mustUnderstand);
  }

  /** Writes {@code action} without {@code mustUnderstand}, replacing any previous one. */
  public void write(SoapMessage message, ServerAction action) {
    write(message, action, false);
  }

  /** Writes {@code action}, replacing any previous one. */
  public void write(SoapMessage message, ServerAction action, boolean mustUnderstand) {
    requireNonNull(action, "action");
    put(message, WsQosBlock.SERVER_ACTION, action, mustUnderstand);
  }

  /**
   * Adds to what the message's {@code ServerAction} block reports: {@code amendment} is applied to
   * the block already there ({@link ServerAction#NONE} when there is none, or when the one there
   * cannot be read) and the result replaces it, keeping its {@code mustUnderstand}. This is how
   * features that report different things share one block, whichever writes first: a block written
   * through a {@link ServerActionSlot} stays switchable, since only the elements after the
   * compression decision change.
   *
   * @throws IllegalArgumentException if {@code amendment} changes the compression decision of a
   *     block written through a slot
   */
  public void amend(SoapMessage message, UnaryOperator<ServerAction> amendment) {
    requireNonNull(message, "message");
    requireNonNull(amendment, "amendment");
    QName name = WsQosBlock.SERVER_ACTION.qname();
    Header existing = null;
    for (Header header : message.getHeaders()) {
      if (name.equals(header.getName())) {
        existing = header;
      }
    }
    boolean mustUnderstand = existing instanceof SoapHeader soap && soap.isMustUnderstand();
    Object block = existing == null ? null : existing.getObject();
    if (block instanceof ServerActionSlot.PaddedServerAction padded) {
      ServerAction amended = requireNonNull(amendment.apply(padded.action()), "amended action");
      if (!amended.compression().equals(padded.action().compression())) {
        throw new IllegalArgumentException(
            "amended: "
                + amended
                + " (expected: the compression decision of the slot's block, "
                + padded.action().compression()
                + ")");
      }
      put(
          message,
          WsQosBlock.SERVER_ACTION,
          new ServerActionSlot.PaddedServerAction(amended, padded.padding()),
          mustUnderstand);
      return;
    }
    ServerAction current = ServerAction.NONE;
    if (block != null) {
      HeaderBlock<ServerAction> read = BlockReader.serverAction(block, mustUnderstand);
      current = read.value().orElse(ServerAction.NONE);
    }
    put(
        message,
        WsQosBlock.SERVER_ACTION,
        requireNonNull(amendment.apply(current), "amended action"),
        mustUnderstand);
  }

  /**
   * A slot for a {@code ServerAction} that is written as {@code first} and may be switched to
   * {@code second} in the serialized envelope; see {@link ServerActionSlot}. Build slots once and
   * reuse them.
   *
   * @throws IllegalArgumentException unless both carry a compression action and the same DSCP
   */
  public ServerActionSlot slot(ServerAction first, ServerAction second) {
    return new ServerActionSlot(first, second);
  }

  /**
   * The DOM element of a WS-QoS {@code header}: the element itself when it was read from the wire,
   * or the block as it will be serialized when this codec wrote it (for tools and tests; built on
   * each call).
   *
   * @throws IllegalArgumentException if the header holds neither
   */
  public Element element(Header header) {
    Object block = requireNonNull(header, "header").getObject();
    return block instanceof Element element ? element : BlockWriter.element(block);
  }

  /**
   * {@code action} as the {@code qos:ServerAction} element this codec writes into a header, in a
   * document of its own (import it to place it elsewhere); built on each call.
   */
  public Element element(ServerAction action) {
    return BlockWriter.element(requireNonNull(action, "action"));
  }

  static void put(SoapMessage message, WsQosBlock block, Object value, boolean mustUnderstand) {
    requireNonNull(message, "message");
    List<Header> headers = message.getHeaders();
    for (int i = headers.size() - 1; i >= 0; i--) {
      if (block.qname().equals(headers.get(i).getName())) {
        headers.remove(i);
      }
    }
    SoapHeader header = new SoapHeader(block.qname(), value, BlockDataBinding.INSTANCE);
    header.setMustUnderstand(mustUnderstand);
    headers.add(header);
  }

  private static <T> HeaderBlock<T> duplicated(
      WsQosBlock block, int count, boolean mustUnderstand) {
    return HeaderBlock.invalid(
        new HeaderProblem(
            HeaderProblem.Reason.DUPLICATED,
            block.localName(),
            block.localName() + ": " + count + " blocks (expected: at most one)"),
        mustUnderstand);
  }

  @Override
  public String toString() {
    return "WsQosCodec";
  }
}
