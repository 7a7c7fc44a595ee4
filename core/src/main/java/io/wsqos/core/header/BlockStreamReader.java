package io.wsqos.core.header;

import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import org.apache.cxf.message.Message;

/**
 * The request's XML reader as CXF's header interceptor sees it. Up to the {@code soap:Body} it
 * either takes the WS-QoS blocks out of the stream, or only bounds them:
 *
 * <ul>
 *   <li>Taking: each {@code Requirement}, {@code Timestamps} or {@code ServerAction} child of the
 *       {@code soap:Header} is read into a {@link BlockElement} and not passed on. A header that
 *       held nothing else is not passed on either; otherwise its start tag is passed on, from a
 *       copy, just before the first other block.
 *   <li>Bounding: every other WS-QoS block, and every block when not taking, is passed on until it
 *       has delivered {@value WsQos#MAX_BLOCK_CHARS} characters (text, attribute values and element
 *       names); the rest of it is skipped as it streams in, never kept, and the block ends there.
 * </ul>
 *
 * <p>A block read to the end of its bound is recorded as oversized ({@link
 * BlockStreamInterceptor#OVERSIZED_BLOCKS}); taken blocks are recorded in {@link
 * BlockStreamInterceptor#STREAMED_BLOCKS}. Past the header each event costs one comparison.
 */
final class BlockStreamReader extends StreamReaderDelegate {

  private static final int HEADER_CHILD = 3;

  private final Message message;
  private final boolean take;
  private final boolean request;
  private int depth;
  private String soapNamespace;
  private boolean inHeader;
  private boolean done;
  // While not null, the current event is the soap:Header start tag, passed on from this copy; the
  // underlying reader is already on the header's first block that is passed on.
  private StartTag replay;
  private boolean inBoundedBlock;
  private int chars;
  private String blockName;
  private int pendingEnds;

  /**
   * @param take whether to take the known blocks out of the stream, or only bound them
   * @param request whether this is a request a server reads: it then refuses, as a malformed
   *     message, a processing instruction before the body's content (SOAP 1.1 and 1.2 forbid them)
   *     and an envelope that ends without a {@code soap:Body}
   */
  BlockStreamReader(XMLStreamReader reader, Message message, boolean take, boolean request) {
    super(reader);
    this.message = message;
    this.take = take;
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
    if (replay != null) {
      replay = null;
      return super.getEventType();
    }
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
          } else if (depth == 2 && isSoap("Header")) {
            inHeader = true;
            if (take) {
              if (passHeader()) {
                return XMLStreamConstants.START_ELEMENT;
              }
              continue;
            }
          } else if (depth == 2 && isSoap("Body")) {
            // Past the header: nothing more to read or bound.
            done = true;
          } else if (depth == HEADER_CHILD && inHeader && takeIfKnown()) {
            continue;
          } else if (depth == HEADER_CHILD && inHeader) {
            inBoundedBlock = WsQos.NAMESPACE.equals(getNamespaceURI());
            blockName = getLocalName();
            chars = 0;
          }
          if (inBoundedBlock && (chars += startTagChars()) > WsQos.MAX_BLOCK_CHARS) {
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
          if (inBoundedBlock && (chars += getTextLength()) > WsQos.MAX_BLOCK_CHARS) {
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
    // Through next(), so that every event is seen.
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

  private boolean isSoap(String localName) {
    return localName.equals(getLocalName())
        && soapNamespace != null
        && soapNamespace.equals(getNamespaceURI());
  }

  private void endElement() {
    if (depth == HEADER_CHILD) {
      inBoundedBlock = false;
    } else if (depth == 2) {
      inHeader = false;
    }
    depth--;
  }

  /**
   * On the {@code soap:Header} start tag: takes the known blocks up to the first other one, and
   * says whether the header is passed on (its start tag from a copy, now, with that block next) or
   * was only known blocks and is gone (the reader then past its end).
   */
  private boolean passHeader() throws XMLStreamException {
    StartTag header = StartTag.of(getParent());
    while (true) {
      int event = read();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
        if (takeIfKnown()) {
          continue;
        }
        inBoundedBlock = WsQos.NAMESPACE.equals(getNamespaceURI());
        blockName = getLocalName();
        chars = 0;
        if (inBoundedBlock && (chars += startTagChars()) > WsQos.MAX_BLOCK_CHARS) {
          cut(0);
          continue;
        }
        replay = header;
        return true;
      }
      if (event == XMLStreamConstants.END_ELEMENT) {
        endElement();
        return false;
      }
      // Whitespace, comments and processing instructions go with the header.
    }
  }

  /**
   * On a header block's start tag: when taking and the block is one wsqos reads, reads it whole
   * into a {@link BlockElement} (its start tag's characters were not counted yet) and says so.
   */
  private boolean takeIfKnown() throws XMLStreamException {
    if (!take || !WsQos.NAMESPACE.equals(getNamespaceURI())) {
      return false;
    }
    QName name = knownBlock(getLocalName());
    if (name == null) {
      return false;
    }
    String mustUnderstand = getAttributeValue(soapNamespace, "mustUnderstand");
    BlockElement block = element(new ArrayList<>(4));
    int used = startTagChars();
    boolean over = used > WsQos.MAX_BLOCK_CHARS;
    // open[level] is the element whose content is kept at that level, or null.
    BlockElement[] open = new BlockElement[BlockElement.KEPT_DEPTH + 1];
    open[1] = block;
    StringBuilder text = null;
    int level = 1;
    while (level > 0) {
      switch (read()) {
        case XMLStreamConstants.START_ELEMENT:
          level++;
          over = over || (used += startTagChars()) > WsQos.MAX_BLOCK_CHARS;
          BlockElement parent = level <= BlockElement.KEPT_DEPTH ? open[level - 1] : null;
          if (parent != null && !over) {
            if (text != null) {
              parent.content().add(text.toString());
              text = null;
            }
            BlockElement child =
                element(level < BlockElement.KEPT_DEPTH ? new ArrayList<>(2) : null);
            parent.content().add(child);
            open[level] = level < BlockElement.KEPT_DEPTH && child.isOwn() ? child : null;
          } else if (level <= BlockElement.KEPT_DEPTH) {
            open[level] = null;
          }
          break;
        case XMLStreamConstants.END_ELEMENT:
          if (text != null && level <= BlockElement.KEPT_DEPTH && open[level] != null) {
            open[level].content().add(text.toString());
          }
          text = null;
          level--;
          break;
        case XMLStreamConstants.CHARACTERS:
        case XMLStreamConstants.CDATA:
        case XMLStreamConstants.SPACE:
          int length = getTextLength();
          over = over || (used += length) > WsQos.MAX_BLOCK_CHARS;
          if (!over && level <= BlockElement.KEPT_DEPTH && open[level] != null) {
            text = text == null ? new StringBuilder(length) : text;
            text.append(getTextCharacters(), getTextStart(), length);
          }
          break;
        default:
          // Comments and processing instructions are not part of a value.
          break;
      }
    }
    depth--;
    if (over) {
      add(BlockStreamInterceptor.OVERSIZED_BLOCKS, name);
    }
    add(
        BlockStreamInterceptor.STREAMED_BLOCKS,
        new BlockStreamInterceptor.Streamed(
            name, block, "1".equals(mustUnderstand) || Boolean.parseBoolean(mustUnderstand)));
    return true;
  }

  private static QName knownBlock(String localName) {
    switch (localName) {
      case "Requirement":
        return WsQosBlock.REQUIREMENT.qname();
      case "Timestamps":
        return WsQosBlock.TIMESTAMPS.qname();
      case "ServerAction":
        return WsQosBlock.SERVER_ACTION.qname();
      default:
        return null;
    }
  }

  /** The current start tag as a block element, with {@code content} (none if null). */
  private BlockElement element(List<Object> content) {
    String namespace = getNamespaceURI();
    String prefix = getPrefix();
    return new BlockElement(
        namespace == null ? "" : namespace,
        getLocalName(),
        prefix == null ? "" : prefix,
        content == null ? List.of() : content);
  }

  @SuppressWarnings("unchecked")
  private <T> void add(String key, T item) {
    List<T> items = (List<T>) message.get(key);
    if (items == null) {
      items = new ArrayList<>(3);
      message.put(key, items);
    }
    items.add(item);
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
   * Skips the rest of the current passed-on block, consuming the stream without keeping it, and
   * says whether end tags are due for the {@code openLevels} elements the caller has seen start:
   * the first is the current event, the rest follow.
   */
  private boolean cut(int openLevels) throws XMLStreamException {
    add(BlockStreamInterceptor.OVERSIZED_BLOCKS, new QName(WsQos.NAMESPACE, blockName));
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

  // While the header's start tag is passed on from its copy, the copy answers.

  @Override
  public int getEventType() {
    return replay != null ? XMLStreamConstants.START_ELEMENT : super.getEventType();
  }

  @Override
  public boolean isStartElement() {
    return replay != null || super.isStartElement();
  }

  @Override
  public boolean isEndElement() {
    return replay == null && super.isEndElement();
  }

  @Override
  public boolean isCharacters() {
    return replay == null && super.isCharacters();
  }

  @Override
  public boolean isWhiteSpace() {
    return replay == null && super.isWhiteSpace();
  }

  @Override
  public boolean hasName() {
    return replay != null || super.hasName();
  }

  @Override
  public boolean hasText() {
    return replay == null && super.hasText();
  }

  @Override
  public boolean hasNext() throws XMLStreamException {
    return replay != null || pendingEnds > 0 || super.hasNext();
  }

  @Override
  public QName getName() {
    return replay != null ? replay.name() : super.getName();
  }

  @Override
  public String getLocalName() {
    return replay != null ? replay.name().getLocalPart() : super.getLocalName();
  }

  @Override
  public String getNamespaceURI() {
    return replay != null ? replay.name().getNamespaceURI() : super.getNamespaceURI();
  }

  @Override
  public String getPrefix() {
    return replay != null ? replay.name().getPrefix() : super.getPrefix();
  }

  @Override
  public int getNamespaceCount() {
    return replay != null ? replay.namespacePrefixes().length : super.getNamespaceCount();
  }

  @Override
  public String getNamespacePrefix(int index) {
    return replay != null ? replay.namespacePrefixes()[index] : super.getNamespacePrefix(index);
  }

  @Override
  public String getNamespaceURI(int index) {
    return replay != null ? replay.namespaceUris()[index] : super.getNamespaceURI(index);
  }

  @Override
  public int getAttributeCount() {
    return replay != null ? replay.attributeNames().length : super.getAttributeCount();
  }

  @Override
  public QName getAttributeName(int index) {
    return replay != null ? replay.attributeNames()[index] : super.getAttributeName(index);
  }

  @Override
  public String getAttributeNamespace(int index) {
    return replay != null
        ? replay.attributeNames()[index].getNamespaceURI()
        : super.getAttributeNamespace(index);
  }

  @Override
  public String getAttributeLocalName(int index) {
    return replay != null
        ? replay.attributeNames()[index].getLocalPart()
        : super.getAttributeLocalName(index);
  }

  @Override
  public String getAttributePrefix(int index) {
    return replay != null
        ? replay.attributeNames()[index].getPrefix()
        : super.getAttributePrefix(index);
  }

  @Override
  public String getAttributeType(int index) {
    return replay != null ? "CDATA" : super.getAttributeType(index);
  }

  @Override
  public String getAttributeValue(int index) {
    return replay != null ? replay.attributeValues()[index] : super.getAttributeValue(index);
  }

  @Override
  public boolean isAttributeSpecified(int index) {
    return replay != null || super.isAttributeSpecified(index);
  }

  @Override
  public String getAttributeValue(String namespaceUri, String localName) {
    if (replay == null) {
      return super.getAttributeValue(namespaceUri, localName);
    }
    QName[] names = replay.attributeNames();
    for (int i = 0; i < names.length; i++) {
      if (names[i].getLocalPart().equals(localName)
          && (namespaceUri == null || namespaceUri.equals(names[i].getNamespaceURI()))) {
        return replay.attributeValues()[i];
      }
    }
    return null;
  }

  @Override
  public String getText() {
    notOnTheCopy();
    return super.getText();
  }

  @Override
  public char[] getTextCharacters() {
    notOnTheCopy();
    return super.getTextCharacters();
  }

  @Override
  public int getTextCharacters(int sourceStart, char[] target, int targetStart, int length)
      throws XMLStreamException {
    notOnTheCopy();
    return super.getTextCharacters(sourceStart, target, targetStart, length);
  }

  @Override
  public int getTextStart() {
    notOnTheCopy();
    return super.getTextStart();
  }

  @Override
  public int getTextLength() {
    notOnTheCopy();
    return super.getTextLength();
  }

  @Override
  public String getElementText() throws XMLStreamException {
    if (replay != null) {
      // The header holds an element: what a reader says for an element inside a text-only one.
      throw new XMLStreamException("soap:Header holds elements, not text", getLocation());
    }
    return super.getElementText();
  }

  private void notOnTheCopy() {
    if (replay != null) {
      throw new IllegalStateException("the current event is a start tag, which has no text");
    }
  }

  /** A copy of a start tag: its name, the namespaces it declares and its attributes. */
  private record StartTag(
      QName name,
      String[] namespacePrefixes,
      String[] namespaceUris,
      QName[] attributeNames,
      String[] attributeValues) {

    static StartTag of(XMLStreamReader reader) {
      int namespaces = reader.getNamespaceCount();
      String[] prefixes = new String[namespaces];
      String[] uris = new String[namespaces];
      for (int i = 0; i < namespaces; i++) {
        prefixes[i] = reader.getNamespacePrefix(i);
        uris[i] = reader.getNamespaceURI(i);
      }
      int attributes = reader.getAttributeCount();
      QName[] names = new QName[attributes];
      String[] values = new String[attributes];
      for (int i = 0; i < attributes; i++) {
        names[i] = reader.getAttributeName(i);
        values[i] = reader.getAttributeValue(i);
      }
      return new StartTag(reader.getName(), prefixes, uris, names, values);
    }
  }
}
