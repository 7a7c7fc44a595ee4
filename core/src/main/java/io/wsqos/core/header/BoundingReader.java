package io.wsqos.core.header;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import org.apache.cxf.message.Message;

/**
 * A message's XML reader with each WS-QoS block of its {@code soap:Header} bounded: a block is
 * passed on until it has delivered {@value WsQos#MAX_BLOCK_CHARS} characters (text, attribute
 * values and element names); the rest of it is skipped as it streams in, never kept, the open
 * levels are closed, and the block is recorded as oversized ({@link
 * BlockStreamInterceptor#OVERSIZED_BLOCKS}). Every other event is passed on as it is. Past the
 * {@code soap:Body} start tag each event costs one comparison.
 *
 * <p>On a request a server reads, it also refuses, as a malformed message, a processing instruction
 * before the body's content (SOAP 1.1 and 1.2 forbid them) and an envelope that ends without a
 * {@code soap:Body}.
 */
final class BoundingReader extends StreamReaderDelegate {

  /** The depth of a header block: envelope 1, header 2. */
  static final int HEADER_CHILD = 3;

  private final Message message;
  private final boolean request;
  private int depth;
  private String soapNamespace;
  private boolean inHeader;
  private boolean done;
  private boolean inBlock;
  private int chars;
  private BlockStreamInterceptor.Oversized block;
  private int pendingEnds;

  /**
   * @param request whether this is a request a server reads, which must have a {@code soap:Body}
   *     and no processing instruction
   */
  BoundingReader(XMLStreamReader reader, Message message, boolean request) {
    super(reader);
    this.message = message;
    this.request = request;
  }

  /** The next event of the message's reader, refusing what a request must not have. */
  private int read() throws XMLStreamException {
    if (request && !done && !super.hasNext()) {
      // CXF would read on past the end and answer the NoSuchElementException as a server fault.
      throw new XMLStreamException(
          "no soap:Body (expected: a soap:Body after the optional soap:Header)", getLocation());
    }
    int event = super.next();
    if (event == XMLStreamConstants.PROCESSING_INSTRUCTION && request) {
      throw new XMLStreamException(
          "a processing instruction (expected: none, SOAP forbids them in a message)",
          getLocation());
    }
    return event;
  }

  @Override
  public int next() throws XMLStreamException {
    if (pendingEnds > 0) {
      // The underlying reader is on the cut block's end tag already: close the open levels.
      pendingEnds--;
      return XMLStreamConstants.END_ELEMENT;
    }
    while (true) {
      int event = read();
      if (done) {
        return event;
      }
      switch (event) {
        case XMLStreamConstants.START_ELEMENT:
          depth++;
          if (depth == 1) {
            soapNamespace = getNamespaceURI();
          } else if (depth == 2) {
            inHeader = isSoap("Header");
            done = isSoap("Body");
          } else if (depth == HEADER_CHILD && inHeader) {
            startBlock();
          }
          if (inBlock && (chars += startTagChars()) > WsQos.MAX_BLOCK_CHARS) {
            // This start tag is not passed on: the levels open are those above it.
            if (cut(depth - HEADER_CHILD)) {
              return XMLStreamConstants.END_ELEMENT;
            }
            continue;
          }
          break;
        case XMLStreamConstants.END_ELEMENT:
          endElement();
          break;
        case XMLStreamConstants.CHARACTERS:
        case XMLStreamConstants.CDATA:
        case XMLStreamConstants.SPACE:
          if (inBlock && (chars += getTextLength()) > WsQos.MAX_BLOCK_CHARS) {
            cut(depth - HEADER_CHILD + 1);
            return XMLStreamConstants.END_ELEMENT;
          }
          break;
        default:
          break;
      }
      return event;
    }
  }

  @Override
  public int nextTag() throws XMLStreamException {
    return nextTag(this);
  }

  /** {@link XMLStreamReader#nextTag()} through {@code reader}'s own {@code next()}. */
  static int nextTag(XMLStreamReader reader) throws XMLStreamException {
    int event = reader.next();
    while ((event == XMLStreamConstants.CHARACTERS && reader.isWhiteSpace())
        || (event == XMLStreamConstants.CDATA && reader.isWhiteSpace())
        || event == XMLStreamConstants.SPACE
        || event == XMLStreamConstants.PROCESSING_INSTRUCTION
        || event == XMLStreamConstants.COMMENT) {
      event = reader.next();
    }
    if (event != XMLStreamConstants.START_ELEMENT && event != XMLStreamConstants.END_ELEMENT) {
      throw new XMLStreamException("expected a start or end tag", reader.getLocation());
    }
    return event;
  }

  private boolean isSoap(String localName) {
    return localName.equals(getLocalName())
        && soapNamespace != null
        && soapNamespace.equals(getNamespaceURI());
  }

  /** On a header block's start tag: bounds it if it is of the WS-QoS namespace. */
  private void startBlock() {
    inBlock = WsQos.NAMESPACE.equals(getNamespaceURI());
    if (inBlock) {
      block =
          new BlockStreamInterceptor.Oversized(
              new QName(WsQos.NAMESPACE, getLocalName()),
              BlockStreamInterceptor.mustUnderstand(this, soapNamespace));
      chars = 0;
    }
  }

  private void endElement() {
    if (depth == HEADER_CHILD) {
      inBlock = false;
    } else if (depth == 2) {
      inHeader = false;
    }
    depth--;
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
   * Records the current block as oversized and skips the rest of it, consuming the stream without
   * keeping it; says whether end tags are due for the {@code openLevels} elements the caller has
   * seen start: the first is the current event, the rest follow.
   */
  private boolean cut(int openLevels) throws XMLStreamException {
    BlockStreamInterceptor.record(message, BlockStreamInterceptor.OVERSIZED_BLOCKS, block);
    while (true) {
      int event = read();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        if (depth == HEADER_CHILD) {
          break;
        }
        depth--;
      }
    }
    endElement();
    if (openLevels == 0) {
      return false;
    }
    pendingEnds = openLevels - 1;
    return true;
  }

  @Override
  public boolean hasNext() throws XMLStreamException {
    return pendingEnds > 0 || super.hasNext();
  }
}
