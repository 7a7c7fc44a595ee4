package io.wsqos.core.header;

import static io.wsqos.core.header.BlockStreamTest.FOREIGN;
import static io.wsqos.core.header.BlockStreamTest.LARGE_REQUIREMENT;
import static io.wsqos.core.header.BlockStreamTest.REQUIREMENT;
import static io.wsqos.core.header.BlockStreamTest.TIMESTAMPS;
import static io.wsqos.core.header.BlockStreamTest.envelope;
import static io.wsqos.core.header.BlockStreamTest.events;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.staxutils.StaxUtils;
import org.junit.jupiter.api.Test;

/** The bounding reader alone: what it passes on, what it cuts, and what a request may not hold. */
class BoundingReaderTest {

  private final SoapMessage message = Blocks.newMessage();

  @Test
  void blocksWithinTheBoundArePassedOnEventForEvent() throws Exception {
    String xml = envelope(REQUIREMENT + FOREIGN + TIMESTAMPS);

    List<String> bounded = events(bounding(xml, false));

    assertThat(bounded).isEqualTo(events(raw(xml)));
    assertThat(BlockStreamInterceptor.oversized(message)).isEmpty();
  }

  @Test
  void aFloodedTextIsCutAndTheLevelsItOpenedAreClosed() throws Exception {
    List<String> events = events(bounding(envelope(LARGE_REQUIREMENT + TIMESTAMPS), false));

    List<String> shown = events.stream().map(e -> e.startsWith("'x") ? "'x...'" : e).toList();
    assertThat(shown)
        .containsSubsequence(
            "<soap:Header>",
            "<qos:Requirement>",
            "<qos:compression>",
            "</qos:Requirement>",
            "</qos:Requirement>",
            "<qos:Timestamps soap:mustUnderstand='1'>",
            "'17'",
            "</qos:Timestamps>",
            "</soap:Header>",
            "<soap:Body>");
    // The parser delivers text in chunks: those passed on stay within the bound, with the name.
    int passedOn =
        events.stream().filter(e -> e.startsWith("'x")).mapToInt(e -> e.length() - 2).sum();
    assertThat(passedOn + "Requirement".length() + "compression".length())
        .isLessThanOrEqualTo(WsQos.MAX_BLOCK_CHARS);
    assertThat(BlockStreamInterceptor.oversized(message))
        .containsExactly(
            new BlockStreamInterceptor.Oversized(WsQosBlock.REQUIREMENT.qname(), false));
  }

  @Test
  void aBlockCutAtItsStartTagIsNotPassedOnAndKeepsItsMarking() throws Exception {
    String attribute = " note='" + "n".repeat(WsQos.MAX_BLOCK_CHARS + 1) + "'";
    String marked =
        REQUIREMENT.replace(
            "<qos:Requirement>", "<qos:Requirement soap:mustUnderstand='1'" + attribute + ">");

    List<String> events = events(bounding(envelope(marked + TIMESTAMPS), false));

    assertThat(events).noneMatch(event -> event.startsWith("<qos:Requirement"));
    assertThat(events).contains("<qos:Timestamps soap:mustUnderstand='1'>", "<soap:Body>");
    assertThat(BlockStreamInterceptor.oversized(message))
        .containsExactly(
            new BlockStreamInterceptor.Oversized(WsQosBlock.REQUIREMENT.qname(), true));
  }

  @Test
  void blocksOfOtherNamespacesAreNotBounded() throws Exception {
    String large =
        "<f:Trace xmlns:f='urn:foreign'>" + "y".repeat(2 * WsQos.MAX_BLOCK_CHARS) + "</f:Trace>";
    String xml = envelope(large);

    List<String> bounded = events(bounding(xml, false));

    assertThat(bounded).isEqualTo(events(raw(xml)));
    assertThat(BlockStreamInterceptor.oversized(message)).isEmpty();
  }

  @Test
  void aRequestWithoutABodyOrWithAProcessingInstructionIsRefused() throws Exception {
    String noBody = envelope(REQUIREMENT).replaceAll("<soap:Body>.*</soap:Body>", "");
    String instruction = envelope(REQUIREMENT).replace("<soap:Header>", "<soap:Header><?pi x?>");

    XMLStreamReader withoutBody = bounding(noBody, true);
    events(withoutBody);

    // CXF reads on past the envelope's end looking for the body.
    assertThatThrownBy(withoutBody::next)
        .isInstanceOf(XMLStreamException.class)
        .hasMessageContaining(
            "no soap:Body (expected: a soap:Body after the optional soap:Header)");
    assertThatThrownBy(() -> events(bounding(instruction, true)))
        .isInstanceOf(XMLStreamException.class)
        .hasMessageContaining("a processing instruction (expected: none");
  }

  @Test
  void aReaderThatIsNoRequestLetsBothThrough() throws Exception {
    String instruction = envelope(REQUIREMENT).replace("<soap:Header>", "<soap:Header><?pi x?>");

    assertThat(events(bounding(instruction, false))).contains("<qos:Requirement>");
  }

  private XMLStreamReader bounding(String xml, boolean request) {
    return new BoundingReader(raw(xml), message, request);
  }

  private static XMLStreamReader raw(String xml) {
    return StaxUtils.createXMLStreamReader(new StringReader(xml));
  }
}
