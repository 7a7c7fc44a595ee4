package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.WsQos;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class QosEnvelopesTest {

  private static final String ENVELOPE =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
          + "<soap:Body><x/></soap:Body></soap:Envelope>";

  @Test
  void putsTheRequirementWithThePreferenceInANewHeader() throws Exception {
    byte[] result =
        QosEnvelopes.withRequirement(
            ENVELOPE.getBytes(StandardCharsets.UTF_8), CompressionPreference.SERVER_DECIDES);

    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(result));
    assertThat(doc.getElementsByTagNameNS(WsQos.NAMESPACE, "Requirement").getLength()).isEqualTo(1);
    assertThat(doc.getElementsByTagNameNS(WsQos.NAMESPACE, "compression").item(0).getTextContent())
        .isEqualTo("server-decides");
    assertThat(
            doc.getElementsByTagNameNS(WsQos.NAMESPACE, "Requirement")
                .item(0)
                .getParentNode()
                .getLocalName())
        .isEqualTo("Header");
    assertThat(doc.getElementsByTagNameNS(WsQos.NAMESPACE, "transportPriority").item(0))
        .extracting(org.w3c.dom.Node::getTextContent)
        .isEqualTo("best-effort");
  }

  @Test
  void refusesAnEnvelopeThatHasAHeaderAlready() {
    byte[] withHeader =
        ENVELOPE
            .replace("<soap:Body>", "<soap:Header/><soap:Body>")
            .getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(
            () -> QosEnvelopes.withRequirement(withHeader, CompressionPreference.COMPRESS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no header");
  }

  @Test
  void putsATimestampsBlockWithT1ThatTheCodecReadsBack() throws Exception {
    byte[] result =
        QosEnvelopes.withTimestamps(
            ENVELOPE.getBytes(StandardCharsets.UTF_8), 1_700_000_000_123_456L);

    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(result));
    org.w3c.dom.Element block =
        (org.w3c.dom.Element) doc.getElementsByTagNameNS(WsQos.NAMESPACE, "Timestamps").item(0);
    assertThat(block.getParentNode().getLocalName()).isEqualTo("Header");
    io.wsqos.core.header.MonitoringTimestamps read =
        new io.wsqos.core.header.WsQosCodec().readTimestamps(block).value().orElseThrow();
    assertThat(read.t1()).hasValue(1_700_000_000_123_456L);
    assertThat(read.t2()).isEmpty();
  }
}
