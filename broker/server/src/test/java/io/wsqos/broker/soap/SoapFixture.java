package io.wsqos.broker.soap;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.testing.RawHttp;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.apache.cxf.binding.soap.Soap11;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.message.MessageImpl;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Clients of the SOAP API for tests: CXF's JAX-WS proxy, raw envelopes, and fault parsing. */
final class SoapFixture {

  static final String ENVELOPE_START =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
          + " xmlns:b=\"http://wsqos.io/broker\"><soap:Body>";
  static final String ENVELOPE_END = "</soap:Body></soap:Envelope>";

  private SoapFixture() {}

  /**
   * A CXF JAX-WS client of {@code address}, sending {@code token} as a bearer token if not null.
   */
  static BrokerPort client(String address, String token) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(BrokerPort.class);
    factory.setAddress(address);
    BrokerPort port = factory.create(BrokerPort.class);
    if (token != null) {
      ((BindingProvider) port)
          .getRequestContext()
          .put(
              MessageContext.HTTP_REQUEST_HEADERS,
              Map.of("Authorization", List.of("Bearer " + token)));
    }
    return port;
  }

  /**
   * The {@code qos:Requirement} element of {@code requirement} as a wsqos client writes it into its
   * SOAP header: core's codec writes it on an outgoing message, and the element is that header's.
   */
  static Element headerElement(QosRequirement requirement) {
    WsQosCodec codec = new WsQosCodec();
    SoapMessage message = new SoapMessage(new MessageImpl());
    message.setVersion(Soap11.getInstance());
    codec.write(message, requirement);
    return codec.element(message.getHeaders().get(0));
  }

  static String xml(Element element) {
    try {
      var transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
      StringWriter out = new StringWriter();
      transformer.transform(new DOMSource(element), new StreamResult(out));
      return out.toString();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Posts {@code body} (the content of soap:Body) to {@code address}, with a token if not null. */
  static RawHttp.Response post(String address, String body, String token) {
    byte[] envelope = (ENVELOPE_START + body + ENVELOPE_END).getBytes(StandardCharsets.UTF_8);
    return token == null
        ? RawHttp.postXml(address, envelope)
        : RawHttp.postXml(address, envelope, "Authorization", "Bearer " + token);
  }

  static Document parse(RawHttp.Response response) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      return factory
          .newDocumentBuilder()
          .parse(new ByteArrayInputStream(response.text().getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new AssertionError("not XML: " + response, e);
    }
  }

  /** The text of the first element named {@code localName} (any namespace), or null. */
  static String text(Document document, String localName) {
    Node node = document.getElementsByTagNameNS("*", localName).item(0);
    return node == null ? null : node.getTextContent();
  }

  /** A SOAP 1.1 fault as a raw client sees it. */
  record RawFault(int status, String faultcode, String kind, String field, String faultstring) {}

  static RawFault fault(RawHttp.Response response) {
    Document document = parse(response);
    String faultcode = text(document, "faultcode");
    assertThat(faultcode).as("faultcode of %s", response.text()).isNotNull();
    // The QName's local part: the prefix is whatever the server declared for the envelope.
    String local = faultcode.substring(faultcode.indexOf(':') + 1);
    return new RawFault(
        response.status(),
        local,
        text(document, "kind"),
        text(document, "field"),
        text(document, "faultstring"));
  }
}
