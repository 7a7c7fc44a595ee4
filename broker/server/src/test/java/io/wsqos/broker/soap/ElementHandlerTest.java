package io.wsqos.broker.soap;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQos;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.bind.annotation.XmlAnyElement;
import java.io.StringReader;
import java.math.BigDecimal;
import javax.xml.transform.stream.StreamSource;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

class ElementHandlerTest {

  private static final String SELECT =
      "<b:select xmlns:b=\"http://wsqos.io/broker\" xmlns:qos=\""
          + WsQos.NAMESPACE
          + "\">"
          + "<service xmlns:s=\"urn:s\">s:Bookstore</service>"
          + "<qos:Requirement soap:mustUnderstand=\"1\""
          + " xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
          + "<qos:compression>compress</qos:compression>"
          + "<qos:terms><qos:transportPriority>assured</qos:transportPriority>"
          + "<qos:maxPrice>0.25</qos:maxPrice></qos:terms>"
          + "</qos:Requirement></b:select>";

  @Test
  void eachSelectsRequirementIsAnElementOfItsOwnDocumentReadByCoresCodec() throws Exception {
    Unmarshaller unmarshaller = JAXBContext.newInstance(SelectRequest.class).createUnmarshaller();

    SelectRequest first =
        unmarshaller
            .unmarshal(new StreamSource(new StringReader(SELECT)), SelectRequest.class)
            .getValue();
    SelectRequest second =
        unmarshaller
            .unmarshal(new StreamSource(new StringReader(SELECT)), SelectRequest.class)
            .getValue();

    assertThat(first.requirement).hasSize(1);
    Element element = first.requirement.get(0);
    assertThat(element.getNamespaceURI()).isEqualTo(WsQos.NAMESPACE);
    assertThat(element.getLocalName()).isEqualTo("Requirement");
    assertThat(element.getOwnerDocument().getDocumentElement()).isSameAs(element);
    assertThat(second.requirement.get(0).getOwnerDocument())
        .isNotSameAs(element.getOwnerDocument());

    QosRequirement requirement = Wire.requirement(first.requirement);
    assertThat(requirement.compression()).isEqualTo(CompressionPreference.COMPRESS);
    assertThat(requirement.terms().transportPriority()).isEqualTo(TransportPriority.ASSURED);
    assertThat(requirement.terms().maxPrice()).contains(new BigDecimal("0.25"));
  }

  @Test
  void theSelectsRequirementIsUnmarshalledThroughItIntoADocumentItMakes() throws Exception {
    assertThat(
            SelectRequest.class.getField("requirement").getAnnotation(XmlAnyElement.class).value())
        .isEqualTo(ElementHandler.class);

    // JAXB's default hands its transformer an empty result, for which it builds a parser anew.
    ElementHandler handler = new ElementHandler();
    Node one = handler.createUnmarshaller(null).getNode();
    Node two = handler.createUnmarshaller(null).getNode();
    assertThat(one).isInstanceOf(Document.class);
    assertThat(one.hasChildNodes()).isFalse();
    assertThat(two).isInstanceOf(Document.class).isNotSameAs(one);
  }
}
