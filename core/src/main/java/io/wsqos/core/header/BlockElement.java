package io.wsqos.core.header;

import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A WS-QoS block as {@link BlockReader} reads it, whether it came from the stream ({@link
 * TakingReader}) or from a DOM element: names, text and child elements, kept only as deep as the
 * reader looks ({@value #KEPT_DEPTH} levels: block, its elements, the terms' elements, and the
 * names of anything inside those). Elements of other namespaces are kept by name only, as the
 * reader skips them.
 *
 * @param namespace the element's namespace, {@code ""} for none
 * @param localName its local name
 * @param prefix its prefix as written, {@code ""} for none
 * @param content its text ({@link String}, adjacent text joined) and child elements ({@link
 *     BlockElement}) in document order; empty below the kept depth and for other namespaces
 */
record BlockElement(String namespace, String localName, String prefix, List<Object> content) {

  /** How many levels of a block are kept: deeper elements are seen only as names. */
  static final int KEPT_DEPTH = 4;

  /** Its name as written, prefix included. */
  String nodeName() {
    return prefix.isEmpty() ? localName : prefix + ":" + localName;
  }

  /** Whether the element's content is read: WS-QoS or no namespace. */
  boolean isOwn() {
    return namespace.isEmpty() || WsQos.NAMESPACE.equals(namespace);
  }

  /** {@code element} as a block element, read to the kept depth. */
  static BlockElement of(Element element) {
    return of(element, 1);
  }

  private static BlockElement of(Element element, int level) {
    String namespace = element.getNamespaceURI() == null ? "" : element.getNamespaceURI();
    String localName =
        element.getLocalName() == null ? element.getNodeName() : element.getLocalName();
    BlockElement read =
        new BlockElement(
            namespace,
            localName,
            element.getPrefix() == null ? "" : element.getPrefix(),
            new ArrayList<>(2));
    if (level >= KEPT_DEPTH || !read.isOwn()) {
      return read;
    }
    StringBuilder text = null;
    for (Node node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
      short type = node.getNodeType();
      if (type == Node.TEXT_NODE || type == Node.CDATA_SECTION_NODE) {
        text = text == null ? new StringBuilder() : text;
        if (text.length() <= WsQos.MAX_BLOCK_CHARS) {
          text.append(node.getNodeValue());
        }
      } else if (type == Node.ELEMENT_NODE) {
        if (text != null) {
          read.content.add(text.toString());
          text = null;
        }
        read.content.add(of((Element) node, level + 1));
      }
    }
    if (text != null) {
      read.content.add(text.toString());
    }
    return read;
  }
}
