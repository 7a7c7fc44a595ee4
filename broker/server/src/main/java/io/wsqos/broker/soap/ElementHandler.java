package io.wsqos.broker.soap;

import jakarta.xml.bind.ValidationEventHandler;
import jakarta.xml.bind.annotation.W3CDomHandler;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.dom.DOMResult;
import org.w3c.dom.DOMImplementation;

/**
 * JAXB's handling of an {@code xs:any} element as DOM, with each element's document made by one
 * shared {@link DOMImplementation}. JAXB's own {@link W3CDomHandler} leaves the document to its
 * transformer, which makes a new {@code DocumentBuilderFactory} and {@code DocumentBuilder} for
 * every element unmarshalled: on a select, the most expensive step of reading the request.
 */
final class ElementHandler extends W3CDomHandler {

  private static final DOMImplementation DOM = domImplementation();

  /** For JAXB, which makes one per property. */
  ElementHandler() {}

  @Override
  public DOMResult createUnmarshaller(ValidationEventHandler errorHandler) {
    return new DOMResult(DOM.createDocument(null, null, null));
  }

  private static DOMImplementation domImplementation() {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      return factory.newDocumentBuilder().getDOMImplementation();
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("no DOM implementation", e);
    }
  }
}
