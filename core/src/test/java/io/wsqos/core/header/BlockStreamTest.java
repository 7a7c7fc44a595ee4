package io.wsqos.core.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.AbstractBasicInterceptorProvider;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.staxutils.StaxUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The WS-QoS blocks are taken out of the XML stream before CXF reads the SOAP header: what CXF's
 * reader sees then, what is kept of each block, and what CXF builds on a real endpoint.
 */
class BlockStreamTest {

  private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String QOS = WsQos.NAMESPACE;
  static final String REQUIREMENT =
      "<qos:Requirement><qos:compression>compress</qos:compression><qos:terms>"
          + "<qos:transportPriority>assured</qos:transportPriority></qos:terms></qos:Requirement>";
  static final String TIMESTAMPS =
      "<qos:Timestamps soap:mustUnderstand='1'><qos:t1>17</qos:t1></qos:Timestamps>";

  /** A Requirement whose text alone is twice the bound. */
  static final String LARGE_REQUIREMENT =
      "<qos:Requirement><qos:compression>"
          + "x".repeat(2 * WsQos.MAX_BLOCK_CHARS)
          + "</qos:compression></qos:Requirement>";

  static final String FOREIGN = "<f:Trace xmlns:f='urn:foreign'>abc</f:Trace>";

  static final AtomicReference<Seen> seen = new AtomicReference<>();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(WsQosHeaderFeature.builder().build())
          .inInterceptor(new Spy())
          .toExtension();

  @RegisterExtension
  static final CxfServerExtension keeping =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(WsQosHeaderFeature.builder().retention(BlockRetention.KEPT).build())
          .inInterceptor(new Spy())
          .toExtension();

  @Test
  void aHeaderOfOnlyWsQosBlocksIsNotPassedOnAndTheBlocksAreRead() throws Exception {
    SoapMessage message = Blocks.newMessage();

    List<String> events = events(envelope(REQUIREMENT + "\n  " + TIMESTAMPS), message, true);

    assertThat(events).containsExactlyElementsOf(withBody("<soap:Envelope xmlns:soap xmlns:qos>"));
    WsQosHeaders read = new WsQosCodec().read(message);
    assertThat(read.requirement().value())
        .contains(QosRequirement.of(CompressionPreference.COMPRESS, TransportPriority.ASSURED));
    assertThat(read.timestamps().value().orElseThrow().t1()).hasValue(17);
    assertThat(read.timestamps().mustUnderstand()).isTrue();
    assertThat(read.requirement().mustUnderstand()).isFalse();
  }

  @Test
  void anotherBlockGetsTheHeadersStartTagAsWrittenAndOnlyItself() throws Exception {
    SoapMessage message = Blocks.newMessage();
    String header =
        "<soap:Header xmlns:x='urn:x' x:note='kept'>"
            + REQUIREMENT
            + FOREIGN
            + TIMESTAMPS
            + "</soap:Header>";

    List<String> events = events(envelopeWithHeader(header), message, true);

    assertThat(events)
        .containsExactlyElementsOf(
            withBody(
                "<soap:Envelope xmlns:soap xmlns:qos>",
                "<soap:Header xmlns:x x:note='kept'>",
                "<f:Trace xmlns:f>",
                "'abc'",
                "</f:Trace>",
                "</soap:Header>"));
    WsQosHeaders read = new WsQosCodec().read(message);
    assertThat(read.requirement().isValid()).isTrue();
    assertThat(read.timestamps().isValid()).isTrue();
  }

  @Test
  void anUnknownWsQosBlockIsPassedOnForCxfsMustUnderstandCheck() throws Exception {
    SoapMessage message = Blocks.newMessage();

    List<String> events =
        events(envelope(REQUIREMENT + "<qos:Surcharge>3</qos:Surcharge>"), message, true);

    assertThat(events)
        .startsWith(
            "<soap:Envelope xmlns:soap xmlns:qos>",
            "<soap:Header>",
            "<qos:Surcharge>",
            "'3'",
            "</qos:Surcharge>",
            "</soap:Header>");
    assertThat(new WsQosCodec().read(message).requirement().isValid()).isTrue();
  }

  @Test
  void prefixesDeclaredOnTheHeaderOrTheBlockAreResolved() throws Exception {
    SoapMessage message = Blocks.newMessage();
    String header =
        "<soap:Header xmlns:w='"
            + QOS
            + "'><w:Requirement><w:compression>none</w:compression><w:terms>"
            + "<w:transportPriority>expedited</w:transportPriority></w:terms></w:Requirement>"
            + "<Timestamps xmlns='"
            + QOS
            + "'><t2>5</t2></Timestamps></soap:Header>";

    events(envelopeWithHeader(header), message, true);

    WsQosHeaders read = new WsQosCodec().read(message);
    assertThat(read.requirement().value())
        .contains(QosRequirement.of(CompressionPreference.NONE, TransportPriority.EXPEDITED));
    assertThat(read.timestamps().value().orElseThrow().t2()).hasValue(5);
  }

  @Test
  void aFloodedBlockIsReadOnlyUpToTheBoundAndIsOversized() throws Exception {
    SoapMessage message = Blocks.newMessage();
    String flood =
        "<qos:Requirement><qos:compression>"
            + "x".repeat(10 * WsQos.MAX_BLOCK_CHARS)
            + "</qos:compression>"
            + "<qos:y/>".repeat(WsQos.MAX_BLOCK_CHARS)
            + "</qos:Requirement>";

    List<String> events = events(envelope(flood + TIMESTAMPS), message, true);

    assertThat(events).contains("<soap:Body>").doesNotContain("<soap:Header>");
    List<BlockStreamInterceptor.Streamed> streamed = BlockStreamInterceptor.streamed(message);
    assertThat(streamed)
        .extracting(BlockStreamInterceptor.Streamed::name)
        .containsExactly(WsQosBlock.REQUIREMENT.qname(), WsQosBlock.TIMESTAMPS.qname());
    assertThat(keptChars(streamed.get(0).element())).isLessThanOrEqualTo(WsQos.MAX_BLOCK_CHARS);
    assertThat(BlockStreamInterceptor.oversized(message))
        .extracting(BlockStreamInterceptor.Oversized::name)
        .containsExactly(WsQosBlock.REQUIREMENT.qname());
  }

  @Test
  void notTakingPassesEveryEventOnAndBoundsTheBlocks() throws Exception {
    String flood =
        "<qos:Requirement>" + "<qos:y/>".repeat(WsQos.MAX_BLOCK_CHARS) + "</qos:Requirement>";
    String xml = envelope(REQUIREMENT + FOREIGN + flood + TIMESTAMPS);
    SoapMessage message = Blocks.newMessage();

    List<String> events = events(xml, message, false);

    assertThat(BlockStreamInterceptor.streamed(message)).isEmpty();
    assertThat(BlockStreamInterceptor.oversized(message))
        .extracting(BlockStreamInterceptor.Oversized::name)
        .containsExactly(WsQosBlock.REQUIREMENT.qname());
    assertThat(events)
        .containsSubsequence(
            "<soap:Header>",
            "<qos:Requirement>",
            "'compress'",
            "</qos:Requirement>",
            "<f:Trace xmlns:f>",
            "</f:Trace>",
            "<qos:Requirement>",
            "<qos:y>",
            "</qos:Requirement>",
            "<qos:Timestamps soap:mustUnderstand='1'>",
            "'17'",
            "</qos:Timestamps>",
            "</soap:Header>",
            "<soap:Body>");
    assertThat(events.stream().filter("<qos:y>"::equals).count())
        .isBetween(1L, (long) WsQos.MAX_BLOCK_CHARS);
    assertThat(events).contains("<qos:Timestamps soap:mustUnderstand='1'>", "<soap:Body>");
  }

  @Test
  void aSoap12HeaderOfOnlyWsQosBlocksIsNotPassedOnEither() throws Exception {
    SoapMessage message = Blocks.newMessage();
    String xml = envelope(REQUIREMENT).replace(SOAP, "http://www.w3.org/2003/05/soap-envelope");

    List<String> events = events(xml, message, true);

    assertThat(events).doesNotContain("<soap:Header>").contains("<soap:Body>");
    assertThat(new WsQosCodec().read(message).requirement().isValid()).isTrue();
  }

  @Test
  void aBlockWhoseStartTagAloneIsOverTheBoundIsOversizedWhetherTakenOrNot() throws Exception {
    String attribute = " note='" + "n".repeat(WsQos.MAX_BLOCK_CHARS + 1) + "'";
    String xml =
        envelope(
            REQUIREMENT.replace("<qos:Requirement>", "<qos:Requirement" + attribute + ">")
                + TIMESTAMPS);
    SoapMessage taken = Blocks.newMessage();
    SoapMessage passed = Blocks.newMessage();

    events(xml, taken, true);
    List<String> passedOn = events(xml, passed, false);

    assertThat(BlockStreamInterceptor.oversized(taken))
        .extracting(BlockStreamInterceptor.Oversized::name)
        .containsExactly(WsQosBlock.REQUIREMENT.qname());
    assertThat(new WsQosCodec().read(taken).timestamps().isValid()).isTrue();
    assertThat(BlockStreamInterceptor.oversized(passed))
        .extracting(BlockStreamInterceptor.Oversized::name)
        .containsExactly(WsQosBlock.REQUIREMENT.qname());
    // Not passed on at all: the events stay balanced, the header ends where it did.
    assertThat(passedOn)
        .containsSubsequence(
            "<soap:Header>",
            "<qos:Timestamps soap:mustUnderstand='1'>",
            "</qos:Timestamps>",
            "</soap:Header>",
            "<soap:Body>")
        .noneMatch(event -> event.startsWith("<qos:Requirement"));
  }

  @Test
  void anEndpointBuildsNoDomForAHeaderOfOnlyWsQosBlocks() {
    RawHttp.Response response = post(server, envelope(REQUIREMENT + TIMESTAMPS));

    assertThat(response.status()).isEqualTo(200);
    Seen request = seen.get();
    assertThat(request.document()).isFalse();
    assertThat(request.cxfHeaders()).isEmpty();
    assertThat(request.decoded().requirement().isValid()).isTrue();
    assertThat(request.decoded().timestamps().isValid()).isTrue();
  }

  @Test
  void anEndpointKeepsOtherBlocksInItsDomAndHeaderList() {
    RawHttp.Response response = post(server, envelope(REQUIREMENT + FOREIGN + TIMESTAMPS));

    assertThat(response.status()).isEqualTo(200);
    Seen request = seen.get();
    assertThat(request.document()).isTrue();
    assertThat(request.cxfHeaders()).containsExactly(new QName("urn:foreign", "Trace"));
    assertThat(request.domHeaderChildren()).containsExactly("Trace");
    assertThat(request.decoded().requirement().isValid()).isTrue();
    assertThat(request.decoded().timestamps().isValid()).isTrue();
  }

  @Test
  void anEndpointAskingToKeepTheBlocksHasThemInCxfsHeaderList() {
    RawHttp.Response response = post(keeping, envelope(REQUIREMENT + TIMESTAMPS));

    assertThat(response.status()).isEqualTo(200);
    Seen request = seen.get();
    assertThat(request.cxfHeaders())
        .containsExactly(WsQosBlock.REQUIREMENT.qname(), WsQosBlock.TIMESTAMPS.qname());
    assertThat(request.decoded().requirement().isValid()).isTrue();
    assertThat(request.decoded().timestamps().isValid()).isTrue();
  }

  @Test
  void aMarkedInvalidBlockTakenFromTheStreamStillFaults() {
    RawHttp.Response response =
        post(
            server,
            envelope(
                "<qos:Timestamps soap:mustUnderstand='true'><qos:t1>x</qos:t1></qos:Timestamps>"));

    assertThat(response.status()).isEqualTo(500);
    assertThat(response.text()).contains("soap:Client", "marked mustUnderstand: unparsable: t1");
  }

  @Test
  void keepingTheBlocksHoldsWhicheverFeatureInstallsTheHeaderPathFirst() {
    InterceptorProvider keptFirst = new AbstractBasicInterceptorProvider() {};
    InterceptorProvider keptLast = new AbstractBasicInterceptorProvider() {};
    WsQosHeaderFeature keeping =
        WsQosHeaderFeature.builder().retention(BlockRetention.KEPT).build();

    keeping.initialize(keptFirst, null);
    WsQosHeaderInterceptor.install(keptFirst, new SimpleMeterRegistry());
    WsQosHeaderInterceptor.install(keptLast, new SimpleMeterRegistry());
    keeping.initialize(keptLast, null);

    for (InterceptorProvider provider : List.of(keptFirst, keptLast)) {
      assertThat(provider.getInInterceptors())
          .filteredOn(BlockStreamInterceptor.class::isInstance)
          .extracting(i -> ((BlockStreamInterceptor) i).retention())
          .containsExactly(BlockRetention.KEPT);
    }
  }

  /**
   * The events {@code xml} gives through the readers {@link BlockStreamInterceptor} stacks, one
   * line each: taking over bounding, or bounding alone.
   */
  static List<String> events(String xml, Message message, boolean take) throws XMLStreamException {
    return events(
        BlockStreamInterceptor.reader(
            StaxUtils.createXMLStreamReader(new StringReader(xml)),
            message,
            take ? BlockRetention.STREAMED : BlockRetention.KEPT,
            false));
  }

  /** The events {@code reader} gives, one line each. */
  static List<String> events(XMLStreamReader reader) throws XMLStreamException {
    List<String> events = new ArrayList<>();
    while (reader.hasNext()) {
      int event = reader.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        StringBuilder tag =
            new StringBuilder("<").append(name(reader.getPrefix(), reader.getLocalName()));
        for (int i = 0; i < reader.getNamespaceCount(); i++) {
          tag.append(" xmlns:").append(reader.getNamespacePrefix(i));
        }
        for (int i = 0; i < reader.getAttributeCount(); i++) {
          tag.append(' ')
              .append(name(reader.getAttributePrefix(i), reader.getAttributeLocalName(i)))
              .append("='")
              .append(reader.getAttributeValue(i))
              .append('\'');
        }
        events.add(tag.append('>').toString());
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        events.add("</" + name(reader.getPrefix(), reader.getLocalName()) + ">");
      } else if (event == XMLStreamConstants.CHARACTERS && !reader.isWhiteSpace()) {
        events.add("'" + reader.getText() + "'");
      }
    }
    return events;
  }

  /** {@code before}, then the events of the envelopes' body and end. */
  static List<String> withBody(String... before) {
    List<String> events = new ArrayList<>(List.of(before));
    events.addAll(
        List.of(
            "<soap:Body>",
            "<e:echo xmlns:e>",
            "<text>",
            "'hi'",
            "</text>",
            "</e:echo>",
            "</soap:Body>",
            "</soap:Envelope>"));
    return events;
  }

  private static String name(String prefix, String localName) {
    return prefix == null || prefix.isEmpty() ? localName : prefix + ":" + localName;
  }

  static int keptChars(BlockElement element) {
    int chars = element.localName().length();
    for (Object item : element.content()) {
      chars += item instanceof BlockElement child ? keptChars(child) : ((String) item).length();
    }
    return chars;
  }

  static String envelope(String blocks) {
    return envelopeWithHeader("<soap:Header>" + blocks + "</soap:Header>");
  }

  static String envelopeWithHeader(String header) {
    return "<soap:Envelope xmlns:soap='"
        + SOAP
        + "' xmlns:qos='"
        + QOS
        + "'>"
        + header
        + "<soap:Body><e:echo xmlns:e='"
        + EchoService.NAMESPACE
        + "'><text>hi</text></e:echo></soap:Body></soap:Envelope>";
  }

  private static RawHttp.Response post(CxfServerExtension to, String envelope) {
    return RawHttp.postXml(to.address(), envelope.getBytes(StandardCharsets.UTF_8));
  }

  /** What a later interceptor found in one request. */
  record Seen(
      boolean document,
      List<QName> cxfHeaders,
      List<String> domHeaderChildren,
      WsQosHeaders decoded) {}

  /** Stands for a later interceptor: what CXF built of the header, and the decoded blocks. */
  private static final class Spy extends AbstractPhaseInterceptor<Message> {
    Spy() {
      super(Phase.USER_LOGICAL);
    }

    @Override
    public void handleMessage(Message message) {
      List<QName> names = new ArrayList<>();
      if (message instanceof SoapMessage soap && soap.hasHeaders()) {
        for (Header header : soap.getHeaders()) {
          names.add(header.getName());
        }
      }
      List<String> children = new ArrayList<>();
      Node document = message.getContent(Node.class);
      if (document != null) {
        Element envelope = (Element) document.getFirstChild();
        for (Node n = envelope.getFirstChild(); n != null; n = n.getNextSibling()) {
          if ("Header".equals(n.getLocalName())) {
            for (Node c = n.getFirstChild(); c != null; c = c.getNextSibling()) {
              if (c instanceof Element child) {
                children.add(child.getLocalName());
              }
            }
          }
        }
      }
      seen.set(
          new Seen(document != null, names, children, WsQosHeaders.from(message).orElseThrow()));
    }
  }
}
