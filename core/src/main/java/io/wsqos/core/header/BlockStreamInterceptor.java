package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

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
 * {@link BlockStreamReader}, which bounds every block (see {@link WsQos#MAX_BLOCK_CHARS}) and, with
 * {@link BlockRetention#STREAMED}, takes the known blocks out of the stream as {@link
 * BlockElement}s and hides a {@code soap:Header} that held nothing else, so that CXF builds no DOM
 * for it. {@link WsQosHeaderInterceptor} decodes what was taken ({@link #streamed}) with the blocks
 * CXF listed. The retention is the endpoint's or client's, fixed when the interceptor is built.
 */
final class BlockStreamInterceptor extends AbstractPhaseInterceptor<Message> {

  static final String ID = BlockStreamInterceptor.class.getName();

  /** The message property holding the names of the blocks cut short, a {@code List<QName>}. */
  static final String OVERSIZED_BLOCKS = BlockStreamInterceptor.class.getName() + ".oversized";

  /** The message property holding the blocks taken from the stream, a {@code List<Streamed>}. */
  static final String STREAMED_BLOCKS = BlockStreamInterceptor.class.getName() + ".streamed";

  /** One block taken from the stream: its name, what was read of it, and its marking. */
  record Streamed(QName name, BlockElement element, boolean mustUnderstand) {}

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
    if (reader != null && !(reader instanceof BlockStreamReader)) {
      message.setContent(
          XMLStreamReader.class,
          new BlockStreamReader(
              reader,
              message,
              retention == BlockRetention.STREAMED,
              !MessageUtils.isRequestor(message)));
    }
  }

  /**
   * Puts the request's own reader back once the header has been read, so that the body is parsed
   * without this layer; returns the wrapper taken off, or null if there was none.
   */
  static BlockStreamReader unwrap(Message message) {
    if (message.getContent(XMLStreamReader.class) instanceof BlockStreamReader wrapped) {
      message.setContent(XMLStreamReader.class, wrapped.getParent());
      return wrapped;
    }
    return null;
  }

  /** The names of the blocks of {@code message} that were cut short, in message order. */
  @SuppressWarnings("unchecked")
  static List<QName> oversized(Message message) {
    Object names = message.get(OVERSIZED_BLOCKS);
    return names instanceof List<?> list ? (List<QName>) list : List.of();
  }

  /** The blocks of {@code message} taken from the stream, in message order. */
  @SuppressWarnings("unchecked")
  static List<Streamed> streamed(Message message) {
    Object blocks = message.get(STREAMED_BLOCKS);
    return blocks instanceof List<?> list ? (List<Streamed>) list : List.of();
  }

  @Override
  public String toString() {
    return "BlockStreamInterceptor";
  }
}
