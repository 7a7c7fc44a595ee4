package io.wsqos.core.header;

import static io.wsqos.core.header.BlockStreamTest.FOREIGN;
import static io.wsqos.core.header.BlockStreamTest.LARGE_REQUIREMENT;
import static io.wsqos.core.header.BlockStreamTest.REQUIREMENT;
import static io.wsqos.core.header.BlockStreamTest.TIMESTAMPS;
import static io.wsqos.core.header.BlockStreamTest.envelope;
import static io.wsqos.core.header.BlockStreamTest.envelopeWithHeader;
import static io.wsqos.core.header.BlockStreamTest.events;
import static io.wsqos.core.header.BlockStreamTest.keptChars;
import static io.wsqos.core.header.BlockStreamTest.withBody;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.staxutils.StaxUtils;
import org.junit.jupiter.api.Test;

/**
 * The taking reader alone, over a plain reader: what it takes, what it passes on, and the header's
 * start tag passed on from its copy. It bounds nothing.
 */
class TakingReaderTest {

  private final SoapMessage message = Blocks.newMessage();

  @Test
  void theKnownBlocksAreTakenAndAHeaderOfOnlyThemIsNotPassedOn() throws Exception {
    List<String> events = events(taking(envelope(REQUIREMENT + TIMESTAMPS)));

    assertThat(events).containsExactlyElementsOf(withBody("<soap:Envelope xmlns:soap xmlns:qos>"));
    assertThat(BlockStreamInterceptor.streamed(message))
        .extracting(
            BlockStreamInterceptor.Streamed::name, BlockStreamInterceptor.Streamed::mustUnderstand)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(WsQosBlock.REQUIREMENT.qname(), false),
            org.assertj.core.groups.Tuple.tuple(WsQosBlock.TIMESTAMPS.qname(), true));
  }

  @Test
  void theHeadersStartTagIsPassedOnFromItsCopyBeforeTheFirstOtherBlock() throws Exception {
    String header =
        "<soap:Header xmlns:x='urn:x' x:note='kept'>" + REQUIREMENT + FOREIGN + "</soap:Header>";
    XMLStreamReader reader = taking(envelopeWithHeader(header));

    reader.next();
    int event = reader.next();

    assertThat(event).isEqualTo(XMLStreamConstants.START_ELEMENT);
    assertThat(reader.getLocalName()).isEqualTo("Header");
    assertThat(reader.getAttributeValue("urn:x", "note")).isEqualTo("kept");
    assertThat(reader.getNamespaceURI(0)).isEqualTo("urn:x");
    assertThat(reader.isCharacters()).isFalse();
    assertThatThrownBy(reader::getText).isInstanceOf(IllegalStateException.class);
    assertThat(reader.next()).isEqualTo(XMLStreamConstants.START_ELEMENT);
    assertThat(reader.getLocalName()).isEqualTo("Trace");
    assertThat(BlockStreamInterceptor.streamed(message))
        .extracting(BlockStreamInterceptor.Streamed::name)
        .containsExactly(WsQosBlock.REQUIREMENT.qname());
  }

  @Test
  void aBlockIsTakenWholeWhateverItsSize() throws Exception {
    events(taking(envelope(LARGE_REQUIREMENT)));

    List<BlockStreamInterceptor.Streamed> taken = BlockStreamInterceptor.streamed(message);
    assertThat(taken).hasSize(1);
    assertThat(keptChars(taken.get(0).element())).isGreaterThan(2 * WsQos.MAX_BLOCK_CHARS);
    assertThat(BlockStreamInterceptor.oversized(message)).isEmpty();
  }

  @Test
  void unknownWsQosBlocksAndBlocksOutsideTheHeaderArePassedOn() throws Exception {
    String xml =
        envelope("<qos:Surcharge>3</qos:Surcharge>")
            .replace("<text>hi</text>", "<text>hi</text>" + REQUIREMENT);

    List<String> events = events(taking(xml));

    assertThat(events)
        .containsSubsequence(
            "<soap:Header>",
            "<qos:Surcharge>",
            "</soap:Header>",
            "<soap:Body>",
            "<qos:Requirement>",
            "'compress'",
            "</qos:Requirement>");
    assertThat(BlockStreamInterceptor.streamed(message)).isEmpty();
  }

  private XMLStreamReader taking(String xml) {
    return new TakingReader(StaxUtils.createXMLStreamReader(new StringReader(xml)), message);
  }
}
