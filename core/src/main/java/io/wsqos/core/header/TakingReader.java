package io.wsqos.core.header;

import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.message.Message;

/**
 * A message's XML reader with the known WS-QoS blocks taken out: each {@code Requirement}, {@code
 * Timestamps} or {@code ServerAction} child of the {@code soap:Header} is read whole into a {@link
 * BlockElement}, recorded in {@link BlockStreamInterceptor#STREAMED_BLOCKS}, and not passed on. A
 * header that held nothing else is not passed on either; otherwise its start tag is passed on, from
 * a copy, just before the first other block. Every other event is passed on as it is; past the
 * {@code soap:Body} start tag each event costs one comparison.
 *
 * <p>It bounds nothing itself: it reads a {@link BoundingReader}, which cuts a block short before
 * it is taken.
 */
final class TakingReader extends StartTagReplay {

  private final Message message;
  private int depth;
  private String soapNamespace;
  private boolean inHeader;
  private boolean done;

  TakingReader(XMLStreamReader reader, Message message) {
    super(reader);
    this.message = message;
  }

  @Override
  public int next() throws XMLStreamException {
    if (endReplay()) {
      // The underlying reader stands on the block after the header's start tag.
      return getParent().getEventType();
    }
    while (true) {
      int event = getParent().next();
      if (done) {
        return event;
      }
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
        if (depth == 1) {
          soapNamespace = getNamespaceURI();
        } else if (depth == 2 && isSoap("Header")) {
          inHeader = true;
          if (passHeader()) {
            return XMLStreamConstants.START_ELEMENT;
          }
          continue;
        } else if (depth == 2) {
          done = isSoap("Body");
        } else if (depth == BoundingReader.HEADER_CHILD && inHeader && take()) {
          continue;
        }
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        inHeader = inHeader && depth != 2;
        depth--;
      }
      return event;
    }
  }

  @Override
  public int nextTag() throws XMLStreamException {
    return BoundingReader.nextTag(this);
  }

  private boolean isSoap(String localName) {
    return localName.equals(getLocalName())
        && soapNamespace != null
        && soapNamespace.equals(getNamespaceURI());
  }

  /**
   * On the {@code soap:Header} start tag: takes the known blocks up to the first other one, and
   * says whether the header is passed on (its start tag from a copy, now, with that block next) or
   * was only known blocks and is gone (the reader then past its end).
   */
  private boolean passHeader() throws XMLStreamException {
    StartTag header = StartTag.of(getParent());
    while (true) {
      int event = getParent().next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
        if (take()) {
          continue;
        }
        replay(header);
        return true;
      }
      if (event == XMLStreamConstants.END_ELEMENT) {
        inHeader = false;
        depth--;
        return false;
      }
      // Whitespace, comments and processing instructions go with the header.
    }
  }

  /**
   * On a header block's start tag: when the block is one wsqos reads, reads it whole into a {@link
   * BlockElement}, records it and says so.
   */
  private boolean take() throws XMLStreamException {
    QName name = WsQos.NAMESPACE.equals(getNamespaceURI()) ? knownBlock(getLocalName()) : null;
    if (name == null) {
      return false;
    }
    boolean mustUnderstand = BlockStreamInterceptor.mustUnderstand(this, soapNamespace);
    BlockElement block = element(new ArrayList<>(4));
    // open[level] is the element whose content is kept at that level, or null.
    BlockElement[] open = new BlockElement[BlockElement.KEPT_DEPTH + 1];
    open[1] = block;
    StringBuilder text = null;
    int level = 1;
    while (level > 0) {
      switch (getParent().next()) {
        case XMLStreamConstants.START_ELEMENT:
          level++;
          BlockElement parent = level <= BlockElement.KEPT_DEPTH ? open[level - 1] : null;
          if (parent != null) {
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
          if (level <= BlockElement.KEPT_DEPTH && open[level] != null) {
            int length = getTextLength();
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
    BlockStreamInterceptor.record(
        message,
        BlockStreamInterceptor.STREAMED_BLOCKS,
        new BlockStreamInterceptor.Streamed(name, block, mustUnderstand));
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
}
