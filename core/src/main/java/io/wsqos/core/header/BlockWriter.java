package io.wsqos.core.header;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.apache.cxf.staxutils.W3CDOMStreamWriter;
import org.w3c.dom.Element;

/**
 * Writes each WS-QoS block as StAX events, in the order and form the XSD defines: straight into
 * CXF's output stream when the message is serialized (through {@link BlockDataBinding}), or into a
 * DOM element for tools that want one.
 */
final class BlockWriter {

  private BlockWriter() {}

  /**
   * Writes {@code block}, a {@link QosRequirement}, {@link MonitoringTimestamps} or {@link
   * ServerAction}, to {@code out}, declaring the WS-QoS namespace on the block itself so that it
   * stands alone wherever it is copied.
   */
  static void write(Object block, XMLStreamWriter out) throws XMLStreamException {
    if (block instanceof MonitoringTimestamps timestamps) {
      timestamps(timestamps, out);
    } else if (block instanceof QosRequirement requirement) {
      requirement(requirement, out);
    } else if (block instanceof ServerAction action) {
      serverAction(action, 0, out);
    } else if (block instanceof ServerActionSlot.PaddedServerAction padded) {
      serverAction(padded.action(), padded.padding(), out);
    } else {
      throw new IllegalArgumentException(
          "block: "
              + (block == null ? "null" : block.getClass().getName())
              + " (expected: QosRequirement, MonitoringTimestamps or ServerAction)");
    }
  }

  /** {@code block} as a DOM element of its own document. */
  static Element element(Object block) {
    try {
      W3CDOMStreamWriter dom = new W3CDOMStreamWriter();
      write(block, dom);
      return dom.getDocument().getDocumentElement();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("writing " + block + " to DOM", e);
    }
  }

  private static void requirement(QosRequirement requirement, XMLStreamWriter out)
      throws XMLStreamException {
    start(WsQosBlock.REQUIREMENT, out);
    text(out, "compression", requirement.compression().token());
    QosTerms terms = requirement.terms();
    out.writeStartElement(WsQos.PREFIX, "terms", WsQos.NAMESPACE);
    text(out, "transportPriority", terms.transportPriority().token());
    if (terms.maxPrice().isPresent()) {
      text(out, "maxPrice", terms.maxPrice().get().toPlainString());
    }
    if (terms.maxResponseTimeMillis().isPresent()) {
      text(out, "maxResponseTimeMillis", Long.toString(terms.maxResponseTimeMillis().getAsLong()));
    }
    if (terms.minAvailability().isPresent()) {
      text(out, "minAvailability", Double.toString(terms.minAvailability().getAsDouble()));
    }
    out.writeEndElement();
    out.writeEndElement();
  }

  private static void timestamps(MonitoringTimestamps timestamps, XMLStreamWriter out)
      throws XMLStreamException {
    start(WsQosBlock.TIMESTAMPS, out);
    if (timestamps.t1().isPresent()) {
      text(out, "t1", Long.toString(timestamps.t1().getAsLong()));
    }
    if (timestamps.t2().isPresent()) {
      text(out, "t2", Long.toString(timestamps.t2().getAsLong()));
    }
    if (timestamps.t3().isPresent()) {
      text(out, "t3", Long.toString(timestamps.t3().getAsLong()));
    }
    if (timestamps.t4().isPresent()) {
      text(out, "t4", Long.toString(timestamps.t4().getAsLong()));
    }
    out.writeEndElement();
  }

  private static void serverAction(ServerAction action, int padding, XMLStreamWriter out)
      throws XMLStreamException {
    start(WsQosBlock.SERVER_ACTION, out);
    compression(action, out);
    if (padding > 0) {
      // Whitespace between elements: the width ServerActionSlot needs to switch in place.
      out.writeCharacters(" ".repeat(padding));
    }
    if (action.dscp().isPresent()) {
      text(out, "dscp", Integer.toString(action.dscp().getAsInt()));
    }
    if (action.grantedPriority().isPresent()) {
      text(out, "grantedPriority", action.grantedPriority().get().token());
    }
    if (action.clampedFrom().isPresent()) {
      text(out, "clampedFrom", action.clampedFrom().get().token());
    }
    out.writeEndElement();
  }

  /** The {@code compressionApplied} or {@code compressionSkipped} element of {@code action}. */
  static void compression(ServerAction action, XMLStreamWriter out) throws XMLStreamException {
    if (action.compression().isPresent()) {
      CompressionAction compression = action.compression().get();
      if (compression.isApplied()) {
        text(out, "compressionApplied", compression.codec().get());
      } else {
        text(out, "compressionSkipped", compression.skipReason().get().token());
      }
    }
  }

  static void start(WsQosBlock block, XMLStreamWriter out) throws XMLStreamException {
    out.writeStartElement(WsQos.PREFIX, block.localName(), WsQos.NAMESPACE);
    out.writeNamespace(WsQos.PREFIX, WsQos.NAMESPACE);
  }

  private static void text(XMLStreamWriter out, String localName, String text)
      throws XMLStreamException {
    out.writeStartElement(WsQos.PREFIX, localName, WsQos.NAMESPACE);
    out.writeCharacters(text);
    out.writeEndElement();
  }
}
