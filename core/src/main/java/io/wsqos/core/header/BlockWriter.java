package io.wsqos.core.header;

import javax.xml.XMLConstants;
import org.w3c.dom.DOMImplementation;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Builds the DOM element of each WS-QoS block, in the order and form the XSD defines. */
final class BlockWriter {

  private static final String PREFIXED = WsQos.PREFIX + ":";
  private static final String XMLNS_QOS = XMLConstants.XMLNS_ATTRIBUTE + ":" + WsQos.PREFIX;

  private final DOMImplementation dom;

  BlockWriter(DOMImplementation dom) {
    this.dom = dom;
  }

  Element requirement(QosRequirement requirement) {
    Element root = root(WsQosBlock.REQUIREMENT);
    Document document = root.getOwnerDocument();
    text(document, root, "qos:compression", requirement.compression().token());
    QosTerms terms = requirement.terms();
    Element termsElement = child(document, root, "qos:terms");
    text(document, termsElement, "qos:transportPriority", terms.transportPriority().token());
    if (terms.maxPrice().isPresent()) {
      text(document, termsElement, "qos:maxPrice", terms.maxPrice().get().toPlainString());
    }
    if (terms.maxResponseTimeMillis().isPresent()) {
      text(
          document,
          termsElement,
          "qos:maxResponseTimeMillis",
          Long.toString(terms.maxResponseTimeMillis().getAsLong()));
    }
    if (terms.minAvailability().isPresent()) {
      text(
          document,
          termsElement,
          "qos:minAvailability",
          Double.toString(terms.minAvailability().getAsDouble()));
    }
    return root;
  }

  Element timestamps(MonitoringTimestamps timestamps) {
    Element root = root(WsQosBlock.TIMESTAMPS);
    Document document = root.getOwnerDocument();
    if (timestamps.t1().isPresent()) {
      text(document, root, "qos:t1", Long.toString(timestamps.t1().getAsLong()));
    }
    if (timestamps.t2().isPresent()) {
      text(document, root, "qos:t2", Long.toString(timestamps.t2().getAsLong()));
    }
    if (timestamps.t3().isPresent()) {
      text(document, root, "qos:t3", Long.toString(timestamps.t3().getAsLong()));
    }
    if (timestamps.t4().isPresent()) {
      text(document, root, "qos:t4", Long.toString(timestamps.t4().getAsLong()));
    }
    return root;
  }

  Element serverAction(ServerAction action) {
    Element root = root(WsQosBlock.SERVER_ACTION);
    Document document = root.getOwnerDocument();
    if (action.compression().isPresent()) {
      CompressionAction compression = action.compression().get();
      if (compression.isApplied()) {
        text(document, root, "qos:compressionApplied", compression.codec().get());
      } else {
        text(document, root, "qos:compressionSkipped", compression.skipReason().get().token());
      }
    }
    if (action.dscp().isPresent()) {
      text(document, root, "qos:dscp", Integer.toString(action.dscp().getAsInt()));
    }
    return root;
  }

  private Element root(WsQosBlock block) {
    // A fresh, empty document per block: documents are not thread-safe, and creating one through
    // the DOM implementation costs a few objects, no parser and no lock.
    Document document = dom.createDocument(null, null, null);
    Element root = document.createElementNS(WsQos.NAMESPACE, PREFIXED + block.localName());
    // Declared on the block itself so that it stands alone wherever it is copied or serialized.
    root.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, XMLNS_QOS, WsQos.NAMESPACE);
    document.appendChild(root);
    return root;
  }

  private static Element child(Document document, Element parent, String qualifiedName) {
    Element child = document.createElementNS(WsQos.NAMESPACE, qualifiedName);
    parent.appendChild(child);
    return child;
  }

  private static void text(Document document, Element parent, String qualifiedName, String text) {
    child(document, parent, qualifiedName).appendChild(document.createTextNode(text));
  }
}
