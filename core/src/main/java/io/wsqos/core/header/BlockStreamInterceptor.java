package io.wsqos.core.header;

import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.binding.soap.interceptor.ReadHeadersInterceptor;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorChain;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Reads the WS-QoS header blocks of an inbound message from its XML stream, before CXF's {@link
 * ReadHeadersInterceptor} builds a DOM of the SOAP header: it wraps the message's reader in a
 * {@link BlockStreamReader}, which takes the blocks out of the stream as {@link BlockElement}s
 * (bounded, see {@link WsQos#MAX_BLOCK_CHARS}) and hides a {@code soap:Header} that held nothing
 * else, so that CXF builds no DOM for it. {@link WsQosHeaderInterceptor} decodes what was taken
 * ({@link #streamed}) with the blocks CXF listed.
 *
 * <p>The blocks stay in CXF's DOM and header list, and only their size is bounded, where something
 * reads the envelope as a document: a JAX-WS {@code SOAPHandler}, SAAJ (a {@code Provider} of
 * {@code SOAPMessage}s), WS-Security (which may have signed them), or an application that sets
 * {@link WsQosHeaderInterceptor#KEEP_IN_CXF_HEADERS} on its endpoint or client.
 */
final class BlockStreamInterceptor extends AbstractPhaseInterceptor<Message> {

  static final String ID = BlockStreamInterceptor.class.getName();

  /** The message property holding the names of the blocks cut short, a {@code List<QName>}. */
  static final String OVERSIZED_BLOCKS = BlockStreamInterceptor.class.getName() + ".oversized";

  /** The message property holding the blocks taken from the stream, a {@code List<Streamed>}. */
  static final String STREAMED_BLOCKS = BlockStreamInterceptor.class.getName() + ".streamed";

  // Interceptors that read the SOAP envelope as a document, by class or by package.
  private static final Set<String> READ_THE_DOCUMENT =
      Set.of(
          "org.apache.cxf.binding.soap.saaj.SAAJInInterceptor",
          "org.apache.cxf.jaxws.handler.soap.SOAPHandlerInterceptor");
  private static final String SECURITY_PACKAGE = "org.apache.cxf.ws.security.";

  private final ClassValue<Boolean> readsTheDocument =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (READ_THE_DOCUMENT.contains(c.getName())
                || c.getName().startsWith(SECURITY_PACKAGE)) {
              return true;
            }
          }
          return false;
        }
      };

  /** One block taken from the stream: its name, what was read of it, and its marking. */
  record Streamed(QName name, BlockElement element, boolean mustUnderstand) {}

  BlockStreamInterceptor() {
    // READ, before ReadHeadersInterceptor reads the header; StaxInInterceptor (POST_STREAM) has
    // created the reader.
    super(ID, Phase.READ);
    addBefore(ReadHeadersInterceptor.class.getName());
  }

  @Override
  public void handleMessage(Message message) {
    XMLStreamReader reader = message.getContent(XMLStreamReader.class);
    if (reader != null && !(reader instanceof BlockStreamReader)) {
      boolean keep =
          MessageUtils.getContextualBoolean(
                  message, WsQosHeaderInterceptor.KEEP_IN_CXF_HEADERS, false)
              || readsTheDocument(message.getInterceptorChain());
      message.setContent(
          XMLStreamReader.class,
          new BlockStreamReader(reader, message, !keep, !MessageUtils.isRequestor(message)));
    }
  }

  private boolean readsTheDocument(InterceptorChain chain) {
    if (chain != null) {
      for (Interceptor<? extends Message> interceptor : chain) {
        if (readsTheDocument.get(interceptor.getClass())) {
          return true;
        }
      }
    }
    return false;
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
