package io.wsqos.core.header;

import static io.wsqos.core.header.Blocks.newMessage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.dom.DOMSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.headers.Header;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.xml.sax.SAXParseException;

class WsQosSchemaTest {

  private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";

  private static Schema schema;

  private final WsQosCodec codec = new WsQosCodec();

  @BeforeAll
  static void loadSchema() throws Exception {
    URL xsd = WsQosCodec.class.getResource(WsQos.SCHEMA_RESOURCE);
    assertThat(xsd).as(WsQos.SCHEMA_RESOURCE).isNotNull();
    schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd);
  }

  @Test
  void everyBlockTheCodecWritesIsValidAgainstTheSchema() {
    SoapMessage message = newMessage();
    List<Element> written = new ArrayList<>();
    for (Object value : samples()) {
      write(message, value);
      written.add(codec.element(message.getHeaders().get(message.getHeaders().size() - 1)));
      message.getHeaders().clear();
    }

    assertThat(written).hasSize(samples().size());
    for (Element element : written) {
      assertThatCode(() -> validate(element)).as(element.getLocalName()).doesNotThrowAnyException();
    }
  }

  @Test
  void theSchemaAcceptsSoapAttributesSuchAsMustUnderstandOnEveryBlock() throws Exception {
    SoapMessage message = newMessage();
    codec.write(message, QosRequirement.of(CompressionPreference.NONE, TransportPriority.ASSURED));
    codec.write(message, MonitoringTimestamps.EMPTY.withT1(1));
    codec.write(message, ServerAction.NONE.withDscp(10));

    for (Header header : message.getHeaders()) {
      Element element = codec.element(header);
      element.setAttributeNS(SOAP11, "soap:mustUnderstand", "1");
      element.setAttributeNS(SOAP11, "soap:actor", "urn:any");

      validate(element);
    }
  }

  @Test
  void aRequirementWithoutTermsIsValidAndReadAsBestEffort() throws Exception {
    Element element =
        Blocks.parse(
            "<qos:Requirement xmlns:qos='"
                + WsQos.NAMESPACE
                + "'><qos:compression>compress</qos:compression></qos:Requirement>");

    validate(element);
    assertThat(codec.read(Blocks.add(newMessage(), element, true)).requirement().value())
        .contains(QosRequirement.of(CompressionPreference.COMPRESS, QosTerms.BEST_EFFORT));
  }

  @Test
  void theSchemaIsStrictWhereTheCodecIs() {
    // So that a passing validation above means something: the schema rejects what the codec does.
    String[] invalid = {
      "<qos:Requirement xmlns:qos='"
          + WsQos.NAMESPACE
          + "'><qos:compression>fast</qos:compression>"
          + "<qos:terms><qos:transportPriority>assured</qos:transportPriority></qos:terms>"
          + "</qos:Requirement>",
      "<qos:Requirement xmlns:qos='"
          + WsQos.NAMESPACE
          + "'><qos:compression>none</qos:compression>"
          + "<qos:terms><qos:transportPriority>assured</qos:transportPriority>"
          + "<qos:minAvailability>1.7</qos:minAvailability></qos:terms></qos:Requirement>",
      "<qos:Requirement xmlns:qos='"
          + WsQos.NAMESPACE
          + "'><qos:compression>none</qos:compression>"
          + "<qos:terms><qos:transportPriority>assured</qos:transportPriority>"
          + "<qos:minAvailability>NaN</qos:minAvailability></qos:terms></qos:Requirement>",
      "<qos:Requirement xmlns:qos='"
          + WsQos.NAMESPACE
          + "'><qos:compression>none</qos:compression>"
          + "<qos:terms><qos:transportPriority>assured</qos:transportPriority>"
          + "<qos:maxPrice>0.0000001</qos:maxPrice></qos:terms></qos:Requirement>",
      "<qos:Timestamps xmlns:qos='" + WsQos.NAMESPACE + "'><qos:t1>-1</qos:t1></qos:Timestamps>",
      "<qos:Timestamps xmlns:qos='" + WsQos.NAMESPACE + "'><qos:t5>1</qos:t5></qos:Timestamps>",
      "<qos:ServerAction xmlns:qos='"
          + WsQos.NAMESPACE
          + "'><qos:dscp>64</qos:dscp>"
          + "</qos:ServerAction>",
      "<qos:ServerAction xmlns:qos='"
          + WsQos.NAMESPACE
          + "'>"
          + "<qos:compressionApplied>GZIP</qos:compressionApplied></qos:ServerAction>",
      "<qos:ServerAction xmlns:qos='"
          + WsQos.NAMESPACE
          + "'>"
          + "<qos:compressionApplied>gzip</qos:compressionApplied>"
          + "<qos:compressionSkipped>disabled</qos:compressionSkipped></qos:ServerAction>",
    };

    for (String xml : invalid) {
      Element element = Blocks.parse(xml);

      assertThatThrownBy(() -> validate(element)).as(xml).isInstanceOf(SAXParseException.class);
      assertThat(codec.read(Blocks.add(newMessage(), element, false)).hasProblems())
          .as(xml)
          .isTrue();
    }
  }

  private static List<Object> samples() {
    List<Object> samples = new ArrayList<>();
    for (CompressionPreference preference : CompressionPreference.values()) {
      for (TransportPriority priority : TransportPriority.values()) {
        samples.add(QosRequirement.of(preference, priority));
      }
      samples.add(QosRequirement.of(preference));
    }
    samples.add(
        QosRequirement.of(
            CompressionPreference.SERVER_DECIDES,
            QosTerms.builder()
                .transportPriority(TransportPriority.EXPEDITED)
                .maxPrice(new BigDecimal("999999999999.999999"))
                .maxResponseTimeMillis(QosTerms.MAX_RESPONSE_TIME_MILLIS)
                .minAvailability(1.0E-4)
                .build()));
    samples.add(
        QosRequirement.of(
            CompressionPreference.COMPRESS,
            QosTerms.builder()
                .maxPrice(new BigDecimal("1E+3"))
                .maxResponseTimeMillis(1)
                .minAvailability(1)
                .build()));
    samples.add(MonitoringTimestamps.EMPTY);
    samples.add(
        MonitoringTimestamps.EMPTY.withT1(0).withT2(1).withT3(Long.MAX_VALUE).withT4(1_700_000));
    samples.add(ServerAction.NONE);
    samples.add(ServerAction.NONE.withCompression(CompressionAction.applied("gzip")).withDscp(63));
    samples.add(
        ServerAction.NONE
            .withCompression(CompressionAction.applied("gzip"))
            .withDscp(10)
            .withClamp(TransportPriority.ASSURED, TransportPriority.EXPEDITED));
    for (SkipReason reason : SkipReason.values()) {
      samples.add(ServerAction.NONE.withCompression(CompressionAction.skipped(reason)).withDscp(0));
    }
    return samples;
  }

  private void write(SoapMessage message, Object value) {
    if (value instanceof QosRequirement requirement) {
      codec.write(message, requirement);
    } else if (value instanceof MonitoringTimestamps timestamps) {
      codec.write(message, timestamps);
    } else {
      codec.write(message, (ServerAction) value);
    }
  }

  private static void validate(Element element) throws Exception {
    schema.newValidator().validate(new DOMSource(element));
  }
}
