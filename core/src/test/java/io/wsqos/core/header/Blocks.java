package io.wsqos.core.header;

import java.io.StringReader;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.cxf.binding.soap.Soap11;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.message.MessageImpl;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/** Test helpers: WS-QoS blocks from XML text, on real CXF SOAP messages. */
final class Blocks {

  static final String NS = WsQos.NAMESPACE;

  private Blocks() {}

  /** A new, empty SOAP 1.1 message. */
  static SoapMessage newMessage() {
    SoapMessage message = new SoapMessage(new MessageImpl());
    message.setVersion(Soap11.getInstance());
    return message;
  }

  /** {@code <qos:localName xmlns:qos=NS>content</qos:localName>} as a DOM element. */
  static Element block(String localName, String content) {
    return parse(
        "<qos:" + localName + " xmlns:qos='" + NS + "'>" + content + "</qos:" + localName + ">");
  }

  static Element parse(String xml) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      return factory
          .newDocumentBuilder()
          .parse(new InputSource(new StringReader(xml)))
          .getDocumentElement();
    } catch (Exception e) {
      throw new IllegalArgumentException(xml, e);
    }
  }

  /** Adds {@code element} as a header the way CXF's ReadHeadersInterceptor does. */
  static SoapMessage add(SoapMessage message, Element element, boolean mustUnderstand) {
    SoapHeader header =
        new SoapHeader(new QName(element.getNamespaceURI(), element.getLocalName()), element);
    header.setMustUnderstand(mustUnderstand);
    message.getHeaders().add(header);
    return message;
  }

  static SoapMessage messageWith(Element... elements) {
    SoapMessage message = newMessage();
    for (Element element : elements) {
      add(message, element, false);
    }
    return message;
  }

  /** A valid Requirement block's content with {@code terms} inside its terms element. */
  static String requirementWithTerms(String terms) {
    return "<qos:compression>compress</qos:compression><qos:terms>" + terms + "</qos:terms>";
  }
}
