package io.wsqos.core.header;

import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import org.apache.cxf.binding.soap.interceptor.ReadHeadersInterceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Bounds what one WS-QoS header block costs before CXF builds its DOM: CXF's {@link
 * ReadHeadersInterceptor} reads every header block whole into memory, so a 10 MB {@code
 * Requirement} would be buffered whole. This interceptor wraps the request's XML reader; once a
 * block of the WS-QoS namespace has delivered {@value WsQos#MAX_BLOCK_CHARS} characters (text,
 * attribute values and element names), the reader skips the rest of it (consumed from the stream as
 * it arrives, not kept) and ends the block there, and the block's name is remembered so that {@link
 * WsQosHeaderInterceptor} reads it as {@link HeaderProblem.Reason#OVERSIZED}. Outside the WS-QoS
 * blocks each event costs one comparison.
 */
final class HeaderSizeLimit extends AbstractPhaseInterceptor<Message> {

  static final String ID = HeaderSizeLimit.class.getName();

  /** The message property holding the names of the blocks cut short, a {@code List<QName>}. */
  static final String OVERSIZED_BLOCKS = HeaderSizeLimit.class.getName() + ".oversized";

  HeaderSizeLimit() {
    // READ, before ReadHeadersInterceptor walks the header into a DOM; StaxInInterceptor
    // (POST_STREAM) has created the reader.
    super(ID, Phase.READ);
    addBefore(ReadHeadersInterceptor.class.getName());
  }

  @Override
  public void handleMessage(Message message) {
    XMLStreamReader reader = message.getContent(XMLStreamReader.class);
    if (reader != null && !(reader instanceof BoundedReader)) {
      message.setContent(XMLStreamReader.class, new BoundedReader(reader, message));
    }
  }

  /**
   * Puts the request's own reader back once the header has been read, so that the body is parsed
   * without this layer.
   */
  static void unwrap(Message message) {
    if (message.getContent(XMLStreamReader.class) instanceof BoundedReader bounded) {
      message.setContent(XMLStreamReader.class, bounded.getParent());
    }
  }

  /** The names of the blocks of {@code message} that were cut short, in message order. */
  @SuppressWarnings("unchecked")
  static List<QName> oversized(Message message) {
    Object names = message.get(OVERSIZED_BLOCKS);
    return names instanceof List<?> list ? (List<QName>) list : List.of();
  }

  @Override
  public String toString() {
    return "HeaderSizeLimit";
  }

  /** Counts the characters of each WS-QoS block in the SOAP header and cuts it at the bound. */
  private static final class BoundedReader extends StreamReaderDelegate {
    private final Message message;
    private int depth;
    // The depth of soap:Header's children while inside it, else -1.
    private int blockDepth = -1;
    private boolean inQosBlock;
    private boolean done;
    private int chars;
    private String blockName;
    private int pendingEnds;

    BoundedReader(XMLStreamReader reader, Message message) {
      super(reader);
      this.message = message;
    }

    @Override
    public int next() throws XMLStreamException {
      if (pendingEnds > 0) {
        // The underlying reader is on the cut block's end tag already: close the open levels.
        pendingEnds--;
        return XMLStreamConstants.END_ELEMENT;
      }
      int event = super.next();
      if (done) {
        return event;
      }
      switch (event) {
        case XMLStreamConstants.START_ELEMENT:
          depth++;
          startElement();
          if (inQosBlock && (chars += startTagChars()) > WsQos.MAX_BLOCK_CHARS) {
            // This start tag is not passed on: the levels open are those above it.
            return cut(depth - blockDepth);
          }
          break;
        case XMLStreamConstants.END_ELEMENT:
          endElement();
          depth--;
          break;
        case XMLStreamConstants.CHARACTERS:
        case XMLStreamConstants.CDATA:
        case XMLStreamConstants.SPACE:
          if (inQosBlock && (chars += getTextLength()) > WsQos.MAX_BLOCK_CHARS) {
            return cut(depth - blockDepth + 1);
          }
          break;
        default:
          break;
      }
      return event;
    }

    @Override
    public int nextTag() throws XMLStreamException {
      // Through next(), so that every event is counted.
      int event = next();
      while ((event == XMLStreamConstants.CHARACTERS && isWhiteSpace())
          || (event == XMLStreamConstants.CDATA && isWhiteSpace())
          || event == XMLStreamConstants.SPACE
          || event == XMLStreamConstants.PROCESSING_INSTRUCTION
          || event == XMLStreamConstants.COMMENT) {
        event = next();
      }
      if (event != XMLStreamConstants.START_ELEMENT && event != XMLStreamConstants.END_ELEMENT) {
        throw new XMLStreamException("expected a start or end tag", getLocation());
      }
      return event;
    }

    private void startElement() {
      String local = getLocalName();
      if (blockDepth < 0) {
        if (depth == 2 && "Header".equals(local)) {
          blockDepth = 3;
        } else if (depth == 2 && "Body".equals(local)) {
          // Past the header: nothing more to bound.
          done = true;
        }
      } else if (depth == blockDepth) {
        inQosBlock = WsQos.NAMESPACE.equals(getNamespaceURI());
        blockName = local;
        chars = 0;
      }
    }

    private void endElement() {
      if (blockDepth >= 0 && depth == blockDepth) {
        inQosBlock = false;
      } else if (blockDepth >= 0 && depth == blockDepth - 1) {
        blockDepth = -1;
      }
    }

    /**
     * What a start tag counts towards the bound: its name, so that a flood of empty elements is cut
     * too, and its attribute values.
     */
    private int startTagChars() {
      int total = getLocalName().length();
      for (int i = 0, n = getAttributeCount(); i < n; i++) {
        total += getAttributeValue(i).length();
      }
      return total;
    }

    /**
     * Skips the rest of the current block, consuming the stream without keeping it, and returns an
     * end tag for each of the {@code openLevels} elements the caller has seen start.
     */
    private int cut(int openLevels) throws XMLStreamException {
      List<QName> names = new ArrayList<>(oversized(message));
      names.add(new QName(WsQos.NAMESPACE, blockName));
      message.put(OVERSIZED_BLOCKS, names);
      while (true) {
        int event = super.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          depth++;
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          if (depth == blockDepth) {
            break;
          }
          depth--;
        }
      }
      endElement();
      depth--;
      pendingEnds = openLevels - 1;
      return XMLStreamConstants.END_ELEMENT;
    }
  }
}
