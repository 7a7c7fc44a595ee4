package io.wsqos.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.header.CompressionAction;
import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.SkipReason;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosCodec;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import org.apache.cxf.staxutils.StaxUtils;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ServerActionRewriterTest {

  private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final UnaryOperator<ServerAction> CLAMP =
      action ->
          action.withDscp(10).withClamp(TransportPriority.ASSURED, TransportPriority.EXPEDITED);

  private final WsQosCodec codec = new WsQosCodec();
  private final ServerActionRewriter rewriter = new ServerActionRewriter(codec);

  @Test
  void anEnvelopeWithoutHeaderGetsOneWithTheBlock() throws Exception {
    String body = "<s:Body><r xmlns=\"urn:x\">caf\u00e9 &amp; more</r></s:Body>";
    byte[] rewritten = rewrite("<s:Envelope xmlns:s=\"" + SOAP11 + "\">" + body + "</s:Envelope>");

    String text = new String(rewritten, StandardCharsets.UTF_8);
    assertThat(text).startsWith("<?xml").contains(body).contains("<s:Header>");
    ServerAction action = serverAction(rewritten);
    assertThat(action.grantedPriority()).contains(TransportPriority.ASSURED);
    assertThat(action.clampedFrom()).contains(TransportPriority.EXPEDITED);
    assertThat(action.dscp()).hasValue(10);
  }

  @Test
  void theBlockAlreadyThereIsAmendedAndKeepsItsMustUnderstand() throws Exception {
    ServerAction compressed =
        ServerAction.NONE.withCompression(
            CompressionAction.skipped(SkipReason.LOAD_ABOVE_THRESHOLD));
    Element block = codec.element(compressed);
    block.setAttributeNS(SOAP11, "soap:mustUnderstand", "1");
    String header =
        "<soap:Header><other xmlns=\"urn:o\">kept</other>"
            + StaxUtils.toString(block)
            + "</soap:Header>";

    byte[] rewritten =
        rewrite(
            "<soap:Envelope xmlns:soap=\""
                + SOAP11
                + "\">"
                + header
                + "<soap:Body><r xmlns=\"urn:x\"/></soap:Body></soap:Envelope>");

    ServerAction action = serverAction(rewritten);
    assertThat(action.compression()).isEqualTo(compressed.compression());
    assertThat(action.clampedFrom()).contains(TransportPriority.EXPEDITED);
    Document document = StaxUtils.read(new ByteArrayInputStream(rewritten));
    assertThat(document.getElementsByTagNameNS(WsQos.NAMESPACE, "ServerAction").getLength())
        .isEqualTo(1);
    Element amended =
        (Element) document.getElementsByTagNameNS(WsQos.NAMESPACE, "ServerAction").item(0);
    assertThat(amended.getAttributeNS(SOAP11, "mustUnderstand")).isEqualTo("1");
    assertThat(new String(rewritten, StandardCharsets.UTF_8)).contains("kept");
  }

  @Test
  void whatIsNotASoapEnvelopeIsLeftAlone() {
    assertThat(rewrite("<hello/>")).isNull();
    assertThat(rewrite("<soap:Envelope xmlns:soap=\"" + SOAP11 + "\"><soap:Body>")).isNull();
    assertThat(rewrite("not xml at all")).isNull();
    assertThat(rewrite("<!DOCTYPE x [<!ENTITY e \"e\">]><x>&e;</x>")).isNull();
  }

  private byte[] rewrite(String xml) {
    byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
    return rewriter.rewrite(bytes, bytes.length, CLAMP);
  }

  private ServerAction serverAction(byte[] envelope) throws Exception {
    Document document = StaxUtils.read(new ByteArrayInputStream(envelope));
    NodeList blocks = document.getElementsByTagNameNS(WsQos.NAMESPACE, "ServerAction");
    assertThat(blocks.getLength()).isEqualTo(1);
    HeaderBlock<ServerAction> read = codec.readServerAction((Element) blocks.item(0));
    assertThat(read.isValid()).as("%s", read).isTrue();
    return read.value().get();
  }
}
