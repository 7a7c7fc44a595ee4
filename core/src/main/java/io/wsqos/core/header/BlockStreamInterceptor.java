package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.binding.soap.interceptor.ReadHeadersInterceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Reads the WS-QoS header blocks of an inbound message from its XML stream, before CXF's {@link
 * ReadHeadersInterceptor} builds a DOM of the SOAP header: it wraps the message's reader in a
 * {@link BoundingReader}, which bounds every block (see {@link WsQos#MAX_BLOCK_CHARS}), and with
 * {@link BlockRetention#STREAMED} that in a {@link TakingReader}, which takes the known blocks out
 * of the stream as {@link BlockElement}s and hides a {@code soap:Header} that held nothing else, so
 * that CXF builds no DOM for it. {@link WsQosHeaderInterceptor} decodes what was taken ({@link
 * #streamed}) with the blocks CXF listed. The retention is the endpoint's or client's, fixed when
 * the interceptor is built.
 */
final class BlockStreamInterceptor extends AbstractPhaseInterceptor<Message> {

  static final String ID = BlockStreamInterceptor.class.getName();

  /** The message property holding the blocks cut short, a {@code List<Oversized>}. */
  static final String OVERSIZED_BLOCKS = BlockStreamInterceptor.class.getName() + ".oversized";

  /** The message property holding the blocks taken from the stream, a {@code List<Streamed>}. */
  static final String STREAMED_BLOCKS = BlockStreamInterceptor.class.getName() + ".streamed";

  /** One block taken from the stream: its name, what was read of it, and its marking. */
  record Streamed(QName name, BlockElement element, boolean mustUnderstand) {}

  /** One block cut short: its name and its marking. */
  record Oversized(QName name, boolean mustUnderstand) {}

  private final BlockRetention retention;

  BlockStreamInterceptor(BlockRetention retention) {
    // READ, before ReadHeadersInterceptor reads the header; StaxInInterceptor (POST_STREAM) has
    // created the reader.
    super(ID, Phase.READ);
    addBefore(ReadHeadersInterceptor.class.getName());
    this.retention = requireNonNull(retention, "retention");
  }

  /** What this interceptor does with the known blocks. */
  BlockRetention retention() {
    return retention;
  }

  @Override
  public void handleMessage(Message message) {
    XMLStreamReader reader = message.getContent(XMLStreamReader.class);
    if (reader != null && !(reader instanceof BoundingReader || reader instanceof TakingReader)) {
      message.setContent(
          XMLStreamReader.class,
          reader(reader, message, retention, !MessageUtils.isRequestor(message)));
    }
  }

  /**
   * {@code reader} as CXF's header interceptor reads it: bounded, and with {@link
   * BlockRetention#STREAMED} the known blocks taken out.
   *
   * @param request whether {@code message} is a request a server reads
   */
  static XMLStreamReader reader(
      XMLStreamReader reader, Message message, BlockRetention retention, boolean request) {
    BoundingReader bounded = new BoundingReader(reader, message, request);
    return retention == BlockRetention.STREAMED ? new TakingReader(bounded, message) : bounded;
  }

  /**
   * Puts the request's own reader back once the header has been read, so that the body is parsed
   * without these layers; returns the bounding reader taken off, or null if there was none.
   */
  static BoundingReader unwrap(Message message) {
    XMLStreamReader reader = message.getContent(XMLStreamReader.class);
    if (reader instanceof TakingReader taking) {
      reader = taking.getParent();
    }
    if (reader instanceof BoundingReader bounding) {
      message.setContent(XMLStreamReader.class, bounding.getParent());
      return bounding;
    }
    return null;
  }

  /** The blocks of {@code message} that were cut short, in message order. */
  @SuppressWarnings("unchecked")
  static List<Oversized> oversized(Message message) {
    Object blocks = message.get(OVERSIZED_BLOCKS);
    return blocks instanceof List<?> list ? (List<Oversized>) list : List.of();
  }

  /** The blocks of {@code message} taken from the stream, in message order. */
  @SuppressWarnings("unchecked")
  static List<Streamed> streamed(Message message) {
    Object blocks = message.get(STREAMED_BLOCKS);
    return blocks instanceof List<?> list ? (List<Streamed>) list : List.of();
  }

  /** Adds {@code item} to the list {@code message} holds under {@code key}. */
  @SuppressWarnings("unchecked")
  static <T> void record(Message message, String key, T item) {
    List<T> items = (List<T>) message.get(key);
    if (items == null) {
      items = new ArrayList<>(3);
      message.put(key, items);
    }
    items.add(item);
  }

  /** Whether the start tag {@code reader} is on is marked {@code mustUnderstand}. */
  static boolean mustUnderstand(XMLStreamReader reader, String soapNamespace) {
    String value = reader.getAttributeValue(soapNamespace, "mustUnderstand");
    return "1".equals(value) || Boolean.parseBoolean(value);
  }

  @Override
  public String toString() {
    return "BlockStreamInterceptor";
  }
}
