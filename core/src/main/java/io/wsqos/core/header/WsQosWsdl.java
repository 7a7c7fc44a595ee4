package io.wsqos.core.header;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import org.apache.cxf.frontend.WSDLGetUtils;
import org.apache.cxf.message.Message;
import org.apache.cxf.service.model.EndpointInfo;
import org.apache.cxf.staxutils.StaxUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Serves a wsqos endpoint's WSDL ({@code ?wsdl}) with the WS-QoS header blocks declared, so that a
 * client generated from it (wsimport, zeep) can set them without building XML by hand: the WS-QoS
 * schema is inlined in {@code wsdl:types}, one {@code wsdl:message} per block carries it as a part,
 * and every operation of every SOAP binding lists {@code Requirement} and {@code Timestamps} as
 * optional headers of its input, and {@code Timestamps} and {@code ServerAction} of its output
 * ({@code soap:header} with {@code wsdl:required="false"}, WSDL 1.1 section 2.8).
 *
 * <p>CXF asks the endpoint's contextual property {@code org.apache.cxf.frontend.WSDLGetUtils} for
 * the object that builds the document; {@link WsQosEndpointBaseline#install} sets this one. The
 * document is built on each {@code ?wsdl} request, so it is patched on each, off the SOAP path.
 */
final class WsQosWsdl extends WSDLGetUtils {

  static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
  static final String XSD = "http://www.w3.org/2001/XMLSchema";
  private static final String XMLNS = "http://www.w3.org/2000/xmlns/";
  private static final String SOAP11_BINDING = "http://schemas.xmlsoap.org/wsdl/soap/";
  private static final String SOAP12_BINDING = "http://schemas.xmlsoap.org/wsdl/soap12/";
  // The prefix of the WS-QoS messages' namespace (the document's target namespace) in this patch.
  private static final String MESSAGE_PREFIX = "wsqosmsg";

  /** The message name prefix: {@code WsQosRequirement}, {@code WsQosTimestamps}, ... */
  static final String MESSAGE_NAME_PREFIX = "WsQos";

  /** The part name of every WS-QoS message. */
  static final String PART = "block";

  private final Element schema;

  WsQosWsdl() {
    try (InputStream in = WsQosWsdl.class.getResourceAsStream(WsQos.SCHEMA_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(WsQos.SCHEMA_RESOURCE + ": not on the class path");
      }
      schema = StaxUtils.read(in).getDocumentElement();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (XMLStreamException e) {
      throw new IllegalStateException(WsQos.SCHEMA_RESOURCE + ": not readable", e);
    }
  }

  @Override
  public Document getDocument(
      Message message,
      String base,
      Map<String, String> params,
      String ctxUri,
      EndpointInfo endpointInfo) {
    Document document = super.getDocument(message, base, params, ctxUri, endpointInfo);
    Element definitions = document == null ? null : document.getDocumentElement();
    if (definitions != null
        && WSDL.equals(definitions.getNamespaceURI())
        && "definitions".equals(definitions.getLocalName())
        && firstChild(definitions, WSDL, "binding") != null) {
      declareHeaders(document, definitions);
    }
    return document;
  }

  private void declareHeaders(Document document, Element definitions) {
    String targetNamespace = definitions.getAttribute("targetNamespace");
    for (Element message = firstChild(definitions, WSDL, "message");
        message != null;
        message = nextSibling(message, WSDL, "message")) {
      if (message.getAttribute("name").startsWith(MESSAGE_NAME_PREFIX)) {
        return; // patched already
      }
    }
    definitions.setAttributeNS(XMLNS, "xmlns:" + MESSAGE_PREFIX, targetNamespace);
    definitions.setAttributeNS(XMLNS, "xmlns:" + WsQos.PREFIX, WsQos.NAMESPACE);
    Element types = firstChild(definitions, WSDL, "types");
    if (types == null) {
      types = document.createElementNS(WSDL, "wsdl:types");
      definitions.insertBefore(types, firstOther(definitions));
    }
    types.appendChild(document.importNode(schema, true));
    // Messages go before the first portType or binding, where WSDL 1.1 orders them.
    Node before = firstChild(definitions, WSDL, "portType");
    if (before == null) {
      before = firstChild(definitions, WSDL, "binding");
    }
    for (WsQosBlock block : WsQosBlock.values()) {
      Element message = document.createElementNS(WSDL, "wsdl:message");
      message.setAttribute("name", MESSAGE_NAME_PREFIX + block.localName());
      Element part = document.createElementNS(WSDL, "wsdl:part");
      part.setAttribute("name", PART);
      part.setAttribute("element", WsQos.PREFIX + ":" + block.localName());
      message.appendChild(part);
      definitions.insertBefore(message, before);
    }
    for (Element binding = firstChild(definitions, WSDL, "binding");
        binding != null;
        binding = nextSibling(binding, WSDL, "binding")) {
      String soap = soapNamespace(binding);
      if (soap == null) {
        continue;
      }
      for (Element operation = firstChild(binding, WSDL, "operation");
          operation != null;
          operation = nextSibling(operation, WSDL, "operation")) {
        addHeaders(
            document,
            firstChild(operation, WSDL, "input"),
            soap,
            WsQosBlock.REQUIREMENT,
            WsQosBlock.TIMESTAMPS);
        addHeaders(
            document,
            firstChild(operation, WSDL, "output"),
            soap,
            WsQosBlock.TIMESTAMPS,
            WsQosBlock.SERVER_ACTION);
      }
    }
  }

  private static void addHeaders(
      Document document, Element bindingMessage, String soap, WsQosBlock... blocks) {
    if (bindingMessage == null) {
      return;
    }
    for (WsQosBlock block : blocks) {
      Element header = document.createElementNS(soap, "soap:header");
      header.setAttribute(
          "message", MESSAGE_PREFIX + ":" + MESSAGE_NAME_PREFIX + block.localName());
      header.setAttribute("part", PART);
      header.setAttribute("use", "literal");
      header.setAttributeNS(WSDL, "wsdl:required", "false");
      bindingMessage.appendChild(header);
    }
  }

  /** The SOAP binding namespace of {@code binding}, or null for a binding that is not SOAP. */
  private static String soapNamespace(Element binding) {
    for (Node node = binding.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && "binding".equals(element.getLocalName())) {
        String namespace = element.getNamespaceURI();
        if (SOAP11_BINDING.equals(namespace) || SOAP12_BINDING.equals(namespace)) {
          return namespace;
        }
      }
    }
    return null;
  }

  /** The first child that is not documentation or import, where {@code wsdl:types} belongs. */
  private static Node firstOther(Element definitions) {
    for (Node node = definitions.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element
          && !("documentation".equals(element.getLocalName())
              || "import".equals(element.getLocalName()))) {
        return element;
      }
    }
    return null;
  }

  private static Element firstChild(Element parent, String namespace, String localName) {
    return next(parent.getFirstChild(), namespace, localName);
  }

  private static Element nextSibling(Element element, String namespace, String localName) {
    return next(element.getNextSibling(), namespace, localName);
  }

  private static Element next(Node from, String namespace, String localName) {
    for (Node node = from; node != null; node = node.getNextSibling()) {
      if (node instanceof Element element
          && namespace.equals(element.getNamespaceURI())
          && localName.equals(element.getLocalName())) {
        return element;
      }
    }
    return null;
  }
}
