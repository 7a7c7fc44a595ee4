package io.wsqos.proxy;

import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.apache.cxf.staxutils.StaxUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Adds to the {@code qos:ServerAction} of a serialized SOAP response, for a proxy that forwards
 * responses it did not build: the envelope is parsed with CXF's hardened StAX reader, the block
 * already there is amended (or one is added, with a {@code Header} when the response has none), and
 * the envelope is written again in UTF-8 with an XML declaration. Only for responses held whole;
 * thread-safe.
 */
final class ServerActionRewriter {

  private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

  private final WsQosCodec codec;

  ServerActionRewriter(WsQosCodec codec) {
    this.codec = codec;
  }

  /**
   * The envelope in {@code xml[0, length)} with {@code amendment} applied to its {@code
   * ServerAction} ({@link ServerAction#NONE} when it has none or has one that cannot be read, as
   * {@link WsQosCodec#amend} does), or null when the bytes are not a SOAP envelope.
   */
  byte[] rewrite(byte[] xml, int length, UnaryOperator<ServerAction> amendment) {
    Document document;
    try {
      document = StaxUtils.read(new ByteArrayInputStream(xml, 0, length));
    } catch (XMLStreamException | RuntimeException e) {
      return null;
    }
    Element envelope = document.getDocumentElement();
    String soap = envelope == null ? null : envelope.getNamespaceURI();
    if (!"Envelope".equals(envelope == null ? null : envelope.getLocalName())
        || !(SOAP11.equals(soap) || SOAP12.equals(soap))) {
      return null;
    }
    Element header = header(document, envelope, soap);
    Element existing = child(header, WsQos.NAMESPACE, "ServerAction");
    ServerAction current = ServerAction.NONE;
    String mustUnderstand = null;
    if (existing != null) {
      HeaderBlock<ServerAction> read = codec.readServerAction(existing);
      current = read.isValid() ? read.value().get() : ServerAction.NONE;
      mustUnderstand = existing.getAttributeNS(soap, "mustUnderstand");
    }
    Element amended = (Element) document.importNode(codec.element(amendment.apply(current)), true);
    if (mustUnderstand != null && !mustUnderstand.isEmpty()) {
      amended.setAttributeNS(
          soap,
          envelope.getPrefix() == null
              ? "mustUnderstand"
              : envelope.getPrefix() + ":mustUnderstand",
          mustUnderstand);
    }
    if (existing != null) {
      header.replaceChild(amended, existing);
    } else {
      header.appendChild(amended);
    }
    return serialize(document);
  }

  private static Element header(Document document, Element envelope, String soap) {
    Element first = firstElement(envelope);
    if (first != null
        && soap.equals(first.getNamespaceURI())
        && "Header".equals(first.getLocalName())) {
      return first;
    }
    String prefix = envelope.getPrefix();
    Element header = document.createElementNS(soap, prefix == null ? "Header" : prefix + ":Header");
    envelope.insertBefore(header, first);
    return header;
  }

  private static Element firstElement(Node parent) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element element) {
        return element;
      }
    }
    return null;
  }

  private static Element child(Element parent, String namespace, String localName) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element element
          && namespace.equals(element.getNamespaceURI())
          && localName.equals(element.getLocalName())) {
        return element;
      }
    }
    return null;
  }

  private static byte[] serialize(Document document) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      XMLStreamWriter writer = StaxUtils.createXMLStreamWriter(out, StandardCharsets.UTF_8.name());
      StaxUtils.writeDocument(document, writer, true, false);
      writer.flush();
      writer.close();
    } catch (XMLStreamException e) {
      // A document just parsed and amended with the codec's own element always serializes.
      throw new IllegalStateException("serializing an amended envelope", e);
    }
    return out.toByteArray();
  }
}
