package io.wsqos.core.header;

import static io.wsqos.core.header.Blocks.add;
import static io.wsqos.core.header.Blocks.block;
import static io.wsqos.core.header.Blocks.messageWith;
import static io.wsqos.core.header.Blocks.newMessage;
import static io.wsqos.core.header.Blocks.requirementWithTerms;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.core.header.HeaderProblem.Reason;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.Stream;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamWriter;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.headers.Header;
import org.apache.cxf.helpers.DOMUtils;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.ExchangeImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

class WsQosCodecTest {

  private final WsQosCodec codec = new WsQosCodec();

  // ----- round trips -----

  @Test
  void requirementWithEveryTermSurvivesARoundTrip() {
    QosRequirement requirement =
        QosRequirement.of(
            CompressionPreference.SERVER_DECIDES,
            QosTerms.builder()
                .transportPriority(TransportPriority.EXPEDITED)
                .maxPrice(new BigDecimal("1234.500000"))
                .maxResponseTimeMillis(250)
                .minAvailability(0.999)
                .build());
    SoapMessage message = newMessage();

    codec.write(message, requirement);
    WsQosHeaders read = codec.read(message);

    assertThat(read.requirement()).isEqualTo(HeaderBlock.valid(requirement, false));
    assertThat(read.timestamps().status()).isEqualTo(HeaderBlock.Status.ABSENT);
    assertThat(read.serverAction().status()).isEqualTo(HeaderBlock.Status.ABSENT);
    assertThat(read.hasProblems()).isFalse();
  }

  @Test
  void everyPreferenceAndPriorityAndExtremeTermSurvivesARoundTrip() {
    for (CompressionPreference preference : CompressionPreference.values()) {
      for (TransportPriority priority : TransportPriority.values()) {
        QosRequirement requirement =
            QosRequirement.of(
                preference,
                QosTerms.builder()
                    .transportPriority(priority)
                    .maxPrice(new BigDecimal("999999999999.999999"))
                    .maxResponseTimeMillis(QosTerms.MAX_RESPONSE_TIME_MILLIS)
                    .minAvailability(Double.MIN_VALUE)
                    .build());
        SoapMessage message = newMessage();

        codec.write(message, requirement);

        assertThat(codec.read(message).requirement().value()).contains(requirement);
      }
    }
  }

  @Test
  void minimalRequirementSurvivesARoundTrip() {
    QosRequirement requirement =
        QosRequirement.of(CompressionPreference.NONE, TransportPriority.BEST_EFFORT);
    SoapMessage message = newMessage();

    codec.write(message, requirement, true);

    assertThat(codec.read(message).requirement()).isEqualTo(HeaderBlock.valid(requirement, true));
  }

  @Test
  void aRequirementWithoutTermsIsBestEffortWithNoBounds() {
    SoapMessage message =
        messageWith(block("Requirement", "<qos:compression>compress</qos:compression>"));

    HeaderBlock<QosRequirement> requirement = codec.read(message).requirement();

    assertThat(requirement.problem()).isEmpty();
    assertThat(requirement.value())
        .contains(QosRequirement.of(CompressionPreference.COMPRESS))
        .contains(
            QosRequirement.of(
                CompressionPreference.COMPRESS,
                new QosTerms(
                    TransportPriority.BEST_EFFORT,
                    Optional.empty(),
                    OptionalLong.empty(),
                    OptionalDouble.empty())));
  }

  @Test
  void timestampsSurviveARoundTripWhetherFullPartialOrEmpty() {
    MonitoringTimestamps full =
        MonitoringTimestamps.EMPTY
            .withT1(1_700_000_000_000_001L)
            .withT2(0)
            .withT3(Long.MAX_VALUE)
            .withT4(1_700_000_000_123_456L);
    MonitoringTimestamps partial = MonitoringTimestamps.EMPTY.withT1(42).withT3(43);

    for (MonitoringTimestamps stamps :
        new MonitoringTimestamps[] {full, partial, MonitoringTimestamps.EMPTY}) {
      SoapMessage message = newMessage();

      codec.write(message, stamps);

      assertThat(codec.read(message).timestamps()).isEqualTo(HeaderBlock.valid(stamps, false));
    }
  }

  @Test
  void serverActionSurvivesARoundTripInEveryForm() {
    ServerAction[] actions = {
      ServerAction.NONE,
      ServerAction.NONE.withCompression(CompressionAction.applied("gzip")).withDscp(10),
      ServerAction.NONE.withCompression(CompressionAction.applied("x-zstd.1+a")),
      ServerAction.NONE.withDscp(0),
      ServerAction.NONE.withDscp(63),
      ServerAction.NONE.withDscp(10).withGrantedPriority(TransportPriority.ASSURED),
      ServerAction.NONE
          .withDscp(0)
          .withClamp(TransportPriority.BEST_EFFORT, TransportPriority.EXPEDITED),
    };
    for (ServerAction action : actions) {
      SoapMessage message = newMessage();

      codec.write(message, action);

      assertThat(codec.read(message).serverAction()).isEqualTo(HeaderBlock.valid(action, false));
    }
    for (SkipReason reason : SkipReason.values()) {
      ServerAction action = ServerAction.NONE.withCompression(CompressionAction.skipped(reason));
      SoapMessage message = newMessage();

      codec.write(message, action);

      assertThat(codec.read(message).serverAction().value()).contains(action);
    }
  }

  @Test
  void allThreeBlocksTravelTogetherNextToForeignHeaders() {
    SoapMessage message = messageWith(Blocks.parse("<a:Other xmlns:a='urn:other'>x</a:Other>"));
    QosRequirement requirement =
        QosRequirement.of(CompressionPreference.COMPRESS, TransportPriority.ASSURED);
    MonitoringTimestamps stamps = MonitoringTimestamps.EMPTY.withT1(5);
    ServerAction action = ServerAction.NONE.withDscp(46);

    codec.write(message, requirement);
    codec.write(message, stamps, true);
    codec.write(message, action);
    WsQosHeaders read = codec.read(message);

    assertThat(message.getHeaders()).hasSize(4);
    assertThat(read.requirement().value()).contains(requirement);
    assertThat(read.timestamps()).isEqualTo(HeaderBlock.valid(stamps, true));
    assertThat(read.serverAction().value()).contains(action);
  }

  @Test
  void writingABlockAgainReplacesTheEarlierOne() {
    SoapMessage message = newMessage();
    codec.write(message, MonitoringTimestamps.EMPTY.withT1(1));

    codec.write(message, MonitoringTimestamps.EMPTY.withT1(1).withT2(2));

    assertThat(message.getHeaders()).hasSize(1);
    assertThat(codec.read(message).timestamps().value())
        .contains(MonitoringTimestamps.EMPTY.withT1(1).withT2(2));
  }

  @Test
  void writtenHeadersAreSoapHeadersWithTheBlockNameAndMustUnderstandFlag() {
    SoapMessage message = newMessage();

    codec.write(message, ServerAction.NONE.withDscp(10), true);

    Header header = message.getHeaders().get(0);
    assertThat(header).isInstanceOf(SoapHeader.class);
    assertThat(header.getName()).isEqualTo(new QName(WsQos.NAMESPACE, "ServerAction"));
    assertThat(((SoapHeader) header).isMustUnderstand()).isTrue();
    Element element = codec.element(header);
    assertThat(element.getPrefix()).isEqualTo("qos");
    assertThat(element.getAttribute("xmlns:qos")).isEqualTo(WsQos.NAMESPACE);
  }

  @Test
  void writtenHeadersHoldTheValueAndStreamTheBlockWithoutDom() throws Exception {
    SoapMessage message = newMessage();
    MonitoringTimestamps stamps = MonitoringTimestamps.EMPTY.withT1(1).withT2(22).withT3(333);
    codec.write(message, stamps);

    Header header = message.getHeaders().get(0);
    assertThat(header.getObject()).isSameAs(stamps);
    // What CXF's SoapOutInterceptor does with a header that has a data binding.
    StringWriter xml = new StringWriter();
    XMLStreamWriter out = XMLOutputFactory.newInstance().createXMLStreamWriter(xml);
    header.getDataBinding().createWriter(XMLStreamWriter.class).write(stamps, out);
    out.flush();

    assertThat(xml.toString())
        .isEqualTo(
            "<qos:Timestamps xmlns:qos=\""
                + WsQos.NAMESPACE
                + "\"><qos:t1>1</qos:t1><qos:t2>22</qos:t2><qos:t3>333</qos:t3></qos:Timestamps>");
    assertThat(codec.read(message).timestamps().value()).contains(stamps);
  }

  @Test
  void writtenHeadersCanAlsoBeWrittenIntoADomNode() {
    SoapMessage message = newMessage();
    codec.write(message, ServerAction.NONE.withDscp(46));
    Header header = message.getHeaders().get(0);
    Element parent = DOMUtils.createDocument().createElementNS("urn:test", "t:Header");

    header.getDataBinding().createWriter(Node.class).write(header.getObject(), parent);

    Element block = (Element) parent.getFirstChild();
    assertThat(block.getNamespaceURI()).isEqualTo(WsQos.NAMESPACE);
    assertThat(block.getLocalName()).isEqualTo("ServerAction");
    assertThat(block.getTextContent()).isEqualTo("46");
  }

  @Test
  void amendingAddsToTheServerActionAnotherFeatureWrote() {
    SoapMessage message = newMessage();
    codec.write(
        message, ServerAction.NONE.withCompression(CompressionAction.applied("gzip")), true);

    codec.amend(
        message, action -> action.withDscp(10).withGrantedPriority(TransportPriority.ASSURED));

    assertThat(message.getHeaders()).hasSize(1);
    assertThat(codec.read(message).serverAction())
        .isEqualTo(
            HeaderBlock.valid(
                ServerAction.NONE
                    .withCompression(CompressionAction.applied("gzip"))
                    .withDscp(10)
                    .withGrantedPriority(TransportPriority.ASSURED),
                true));
  }

  @Test
  void amendingAMessageWithoutServerActionWritesOne() {
    SoapMessage message = newMessage();

    codec.amend(message, action -> action.withDscp(46));

    assertThat(codec.read(message).serverAction().value()).contains(ServerAction.NONE.withDscp(46));
  }

  @Test
  void anAmendedSlotBlockCanStillBeSwitchedInPlace() throws Exception {
    ServerActionSlot slot =
        codec.slot(
            ServerAction.NONE.withCompression(CompressionAction.applied("gzip")),
            ServerAction.NONE.withCompression(
                CompressionAction.skipped(SkipReason.BODY_TOO_SMALL)));
    SoapMessage message = newMessage();
    slot.write(message);

    codec.amend(
        message,
        action ->
            action.withDscp(10).withClamp(TransportPriority.ASSURED, TransportPriority.EXPEDITED));
    StringWriter xml = new StringWriter();
    XMLStreamWriter out = XMLOutputFactory.newInstance().createXMLStreamWriter(xml);
    Header header = message.getHeaders().get(0);
    header.getDataBinding().createWriter(XMLStreamWriter.class).write(header.getObject(), out);
    out.flush();
    byte[] envelope = xml.toString().getBytes(UTF_8);
    boolean switched = slot.switchToSecond(envelope, envelope.length);

    assertThat(switched).isTrue();
    assertThat(new String(envelope, UTF_8))
        .contains("<qos:compressionSkipped>body-too-small</qos:compressionSkipped>")
        .contains("<qos:dscp>10</qos:dscp>")
        .contains("<qos:grantedPriority>assured</qos:grantedPriority>")
        .contains("<qos:clampedFrom>expedited</qos:clampedFrom>");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> codec.amend(message, action -> ServerAction.NONE))
        .withMessageContaining("expected: the compression decision of the slot's block");
  }

  // ----- absent, duplicated, unknown -----

  @Test
  void aMessageWithoutWsQosHeadersReadsAsNone() {
    assertThat(codec.read(newMessage())).isSameAs(WsQosHeaders.NONE);
    assertThat(codec.read(messageWith(Blocks.parse("<a:Other xmlns:a='urn:other'/>"))))
        .isSameAs(WsQosHeaders.NONE);
  }

  @Test
  void aDuplicatedBlockIsInvalidAndRemembersMustUnderstandOfAnyCopy() {
    SoapMessage message = newMessage();
    add(message, block("Timestamps", "<qos:t1>1</qos:t1>"), false);
    add(message, block("Timestamps", "<qos:t1>2</qos:t1>"), true);

    HeaderBlock<MonitoringTimestamps> timestamps = codec.read(message).timestamps();

    assertThat(timestamps)
        .isEqualTo(
            HeaderBlock.invalid(
                new HeaderProblem(
                    Reason.DUPLICATED,
                    "Timestamps",
                    "Timestamps: 2 blocks (expected: at most one)"),
                true));
  }

  @Test
  void unknownBlocksOfTheNamespaceAreListedAndKnownOnesStillRead() {
    SoapMessage message =
        messageWith(block("Surcharge", "3"), block("Timestamps", "<qos:t4>9</qos:t4>"));

    WsQosHeaders read = codec.read(message);

    assertThat(read.unknownBlocks()).containsExactly(new QName(WsQos.NAMESPACE, "Surcharge"));
    assertThat(read.timestamps().value()).contains(MonitoringTimestamps.EMPTY.withT4(9));
    assertThat(read.hasProblems()).isTrue();
  }

  @Test
  void extensionElementsOfOtherNamespacesAreSkippedUpToTheBound() {
    String extension = "<x:note xmlns:x='urn:ext'>any <x:thing/></x:note>";
    String eight = extension.repeat(WsQos.MAX_EXTENSION_ELEMENTS);

    HeaderBlock<QosRequirement> within =
        codec
            .read(
                messageWith(
                    block(
                        "Requirement",
                        requirementWithTerms(
                                "<qos:transportPriority>assured</qos:transportPriority>" + eight)
                            + eight)))
            .requirement();
    HeaderBlock<ServerAction> beyond =
        codec.read(messageWith(block("ServerAction", eight + extension))).serverAction();

    assertThat(within.value())
        .contains(QosRequirement.of(CompressionPreference.COMPRESS, TransportPriority.ASSURED));
    assertThat(beyond.problem().map(HeaderProblem::reason)).contains(Reason.OVERSIZED);
  }

  @Test
  void prettyPrintedBlocksWithCommentsRead() {
    Element element =
        block(
            "Requirement",
            "\n  <!-- why -->\n  <qos:compression>none</qos:compression>\n  <qos:terms>\n"
                + "    <qos:transportPriority><![CDATA[expe]]>dited</qos:transportPriority>\n"
                + "  </qos:terms>\n");

    assertThat(codec.read(messageWith(element)).requirement().value())
        .contains(QosRequirement.of(CompressionPreference.NONE, TransportPriority.EXPEDITED));
  }

  @Test
  void aHeaderWhoseObjectIsNotAnElementIsInvalidNotAnException() {
    SoapMessage message = newMessage();
    message.getHeaders().add(new SoapHeader(WsQosBlock.REQUIREMENT.qname(), "not a DOM element"));

    HeaderBlock<QosRequirement> requirement = codec.read(message).requirement();

    assertThat(requirement.problem())
        .contains(
            new HeaderProblem(
                Reason.UNPARSABLE,
                "Requirement",
                "Requirement: a String (expected: a DOM element)"));
  }

  // ----- malformed values -----

  static Stream<Arguments> malformedBlocks() {
    String oversized = "1".repeat(100_000);
    return Stream.of(
        // missing
        bad(
            "Requirement",
            "<qos:terms><qos:transportPriority>assured</qos:transportPriority></qos:terms>",
            Reason.MISSING,
            "Requirement: no compression (expected: exactly one)"),
        bad(
            "Requirement",
            requirementWithTerms("<qos:maxPrice>1</qos:maxPrice>"),
            Reason.MISSING,
            "terms: no transportPriority (expected: exactly one)"),
        // duplicated
        bad(
            "Requirement",
            "<qos:compression>none</qos:compression>" + requirementWithTerms(""),
            Reason.DUPLICATED,
            "Requirement: compression twice (expected: at most once)"),
        bad(
            "ServerAction",
            "<qos:compressionApplied>gzip</qos:compressionApplied>"
                + "<qos:compressionSkipped>disabled</qos:compressionSkipped>",
            Reason.DUPLICATED,
            "ServerAction: compressionApplied and compressionSkipped (expected: at most one)"),
        // unknown enum tokens, control characters, wrong case, padding
        bad(
            "Requirement",
            "<qos:compression>fast</qos:compression>" + terms("assured"),
            Reason.UNPARSABLE,
            "compression: 'fast' (expected: one of none, compress, server-decides)"),
        bad(
            "Requirement",
            // &#13; survives XML parsing as a real CR; a raw CR would be normalised away.
            "<qos:compression>compress&#13;\nX-Injected: 1</qos:compression>" + terms("assured"),
            Reason.UNPARSABLE,
            "compression: 'compress X-Injected: 1' (expected: one of none, compress,"
                + " server-decides)"),
        bad(
            "Requirement",
            "<qos:compression> NONE </qos:compression>" + terms("assured"),
            Reason.UNPARSABLE,
            "compression: 'NONE' (expected: one of none, compress, server-decides)"),
        bad(
            "Requirement",
            "<qos:compression>zip</qos:compression>" + terms("assured"),
            Reason.UNPARSABLE,
            "compression: 'zip' (expected: one of none, compress, server-decides)"),
        bad(
            "Requirement",
            "<qos:compression>server- decides</qos:compression>" + terms("assured"),
            Reason.UNPARSABLE,
            "compression: 'server- decides' (expected: one of none, compress, server-decides)"),
        bad(
            "Requirement",
            "<qos:compression></qos:compression>" + terms("assured"),
            Reason.UNPARSABLE,
            "compression: '' (expected: one of none, compress, server-decides)"),
        bad(
            "Requirement",
            "<qos:compression>compress</qos:compression>" + terms("AF"),
            Reason.UNPARSABLE,
            "transportPriority: 'AF' (expected: one of best-effort, assured, expedited)"),
        bad(
            "ServerAction",
            "<qos:compressionSkipped>tired</qos:compressionSkipped>",
            Reason.UNPARSABLE,
            "compressionSkipped: 'tired' (expected: one of client-said-none, load-above-threshold,"
                + " body-too-small, no-common-codec, disabled, requirement-refused)"),
        bad(
            "ServerAction",
            "<qos:compressionApplied>GZIP</qos:compressionApplied>",
            Reason.UNPARSABLE,
            "compressionApplied: 'GZIP' (expected: 1..32 of a-z 0-9 . + -)"),
        // unparsable numbers
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:maxPrice>cheap</qos:maxPrice>"),
            Reason.UNPARSABLE,
            "maxPrice: 'cheap' (expected: a decimal >= 0)"),
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:maxPrice>1e3</qos:maxPrice>"),
            Reason.UNPARSABLE,
            "maxPrice: '1e3' (expected: a decimal >= 0)"),
        bad(
            "Requirement",
            requirementWithTerms(
                priority() + "<qos:maxResponseTimeMillis>12.5</qos:maxResponseTimeMillis>"),
            Reason.UNPARSABLE,
            "maxResponseTimeMillis: '12.5' (expected: an integer 1..86400000)"),
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:minAvailability>0x1p-1</qos:minAvailability>"),
            Reason.UNPARSABLE,
            "minAvailability: '0x1p-1' (expected: a number 0..1)"),
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:minAvailability>0.5d</qos:minAvailability>"),
            Reason.UNPARSABLE,
            "minAvailability: '0.5d' (expected: a number 0..1)"),
        bad(
            "Timestamps",
            "<qos:t1>0x10</qos:t1>",
            Reason.UNPARSABLE,
            "t1: '0x10' (expected: an integer 0..9223372036854775807 microseconds since the epoch)"),
        bad(
            "Timestamps",
            "<qos:t2>1\n2</qos:t2>",
            Reason.UNPARSABLE,
            "t2: '1 2' (expected: an integer 0..9223372036854775807 microseconds since the epoch)"),
        bad(
            "ServerAction",
            "<qos:dscp>ten</qos:dscp>",
            Reason.UNPARSABLE,
            "dscp: 'ten' (expected: an integer 0..63)"),
        // out of range
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:minAvailability>1.7</qos:minAvailability>"),
            Reason.OUT_OF_RANGE,
            "minAvailability: 1.7 (expected: 0..1)"),
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:minAvailability>NaN</qos:minAvailability>"),
            Reason.OUT_OF_RANGE,
            "minAvailability: NaN (expected: 0..1)"),
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:minAvailability>-INF</qos:minAvailability>"),
            Reason.OUT_OF_RANGE,
            "minAvailability: -INF (expected: 0..1)"),
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:minAvailability>-0.5</qos:minAvailability>"),
            Reason.OUT_OF_RANGE,
            "minAvailability: -0.5 (expected: 0..1)"),
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:minAvailability>1e999</qos:minAvailability>"),
            Reason.OUT_OF_RANGE,
            "minAvailability: Infinity (expected: 0..1)"),
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:maxPrice>-1</qos:maxPrice>"),
            Reason.OUT_OF_RANGE,
            "maxPrice: -1 (expected: >= 0)"),
        bad(
            "Requirement",
            requirementWithTerms(
                priority() + "<qos:maxResponseTimeMillis>0</qos:maxResponseTimeMillis>"),
            Reason.OUT_OF_RANGE,
            "maxResponseTimeMillis: 0 (expected: 1..86400000)"),
        bad(
            "Timestamps",
            "<qos:t1>-5</qos:t1>",
            Reason.OUT_OF_RANGE,
            "t1: -5 (expected: >= 0 microseconds since the epoch)"),
        bad(
            "Timestamps",
            "<qos:t3>99999999999999999999</qos:t3>",
            Reason.OUT_OF_RANGE,
            "t3: '99999999999999999999' (expected: 0..9223372036854775807 microseconds since the"
                + " epoch)"),
        bad(
            "ServerAction",
            "<qos:dscp>64</qos:dscp>",
            Reason.OUT_OF_RANGE,
            "dscp: 64 (expected: 0..63)"),
        bad(
            "ServerAction",
            "<qos:grantedPriority>gold</qos:grantedPriority>",
            Reason.UNPARSABLE,
            "grantedPriority: 'gold' (expected: one of best-effort, assured, expedited)"),
        bad(
            "ServerAction",
            "<qos:grantedPriority>expedited</qos:grantedPriority>"
                + "<qos:clampedFrom>assured</qos:clampedFrom>",
            Reason.OUT_OF_RANGE,
            "clampedFrom: assured, grantedPriority: expedited (expected: a granted class below the"
                + " class clamped from)"),
        // oversized
        bad(
            "Requirement",
            requirementWithTerms(priority() + "<qos:maxPrice>" + oversized + "</qos:maxPrice>"),
            Reason.OVERSIZED,
            "maxPrice: 100000 characters or more (expected: at most 64, to bound the work and memory"
                + " per header)"),
        bad(
            "Timestamps",
            "<qos:t1>" + "1".repeat(WsQos.MAX_VALUE_CHARS + 1) + "</qos:t1>",
            Reason.OVERSIZED,
            "t1: 65 characters or more (expected: at most 64, to bound the work and memory per"
                + " header)"),
        // structure
        bad(
            "Timestamps",
            "<qos:t5>1</qos:t5>",
            Reason.UNKNOWN_ELEMENT,
            "Timestamps: unknown element 't5' (expected: t1, t2, t3, t4)"),
        bad(
            "Timestamps",
            "<t1>1</t1>",
            Reason.UNKNOWN_ELEMENT,
            "Timestamps: unknown element 't1 (no namespace)' (expected: t1, t2, t3, t4)"),
        bad(
            "Timestamps",
            "<qos:t1>1</qos:t1>stray",
            Reason.UNPARSABLE,
            "Timestamps: text 'stray' between elements (expected: elements only)"),
        bad(
            "Timestamps",
            "<qos:t1>1<qos:t2>2</qos:t2></qos:t1>",
            Reason.UNPARSABLE,
            "t1: contains element 'qos:t2' (expected: text only)"));
  }

  @ParameterizedTest(name = "[{index}] ''{0}''")
  @ValueSource(strings = {"none", " none ", "\n\tnone\r\n", "<![CDATA[ none]]>"})
  void tokensAreReadWithWhitespaceCollapsedAsXmlSchemaTokens(String spelling) {
    SoapMessage message = newMessage();
    add(
        message,
        block(
            "Requirement",
            "<qos:compression>" + spelling + "</qos:compression>" + terms(" expedited\n")),
        false);

    HeaderBlock<QosRequirement> read = codec.read(message).requirement();

    assertThat(read)
        .isEqualTo(
            HeaderBlock.valid(
                QosRequirement.of(CompressionPreference.NONE, TransportPriority.EXPEDITED), false));
  }

  @Test
  void aRequirementElementOutsideAHeaderIsReadByTheSameRules() throws Exception {
    QosRequirement requirement =
        QosRequirement.of(
            CompressionPreference.COMPRESS,
            QosTerms.builder()
                .transportPriority(TransportPriority.ASSURED)
                .maxPrice(new BigDecimal("0.25"))
                .build());
    SoapMessage message = newMessage();
    codec.write(message, requirement);
    Element written =
        Blocks.parse(new String(serialize(codec.element(message.getHeaders().get(0))), UTF_8));

    assertThat(codec.readRequirement(written)).isEqualTo(HeaderBlock.valid(requirement, false));
    assertThat(
            codec
                .readRequirement(
                    block(
                        "Requirement",
                        requirementWithTerms(
                            "<qos:transportPriority>best-effort</qos:transportPriority>"
                                + "<qos:maxPrice>x</qos:maxPrice>")))
                .problem()
                .orElseThrow()
                .reason())
        .isEqualTo(Reason.UNPARSABLE);
    HeaderBlock<QosRequirement> other = codec.readRequirement(block("Timestamps", ""));
    assertThat(other.isInvalid()).isTrue();
    assertThat(other.problem().orElseThrow().reason()).isEqualTo(Reason.UNKNOWN_ELEMENT);
    assertThat(other.problem().orElseThrow().detail())
        .contains("Timestamps")
        .contains("Requirement");
  }

  @Test
  void aServerActionElementRoundTripsOutsideAMessage() throws Exception {
    ServerAction action =
        ServerAction.NONE
            .withCompression(CompressionAction.applied("zstd"))
            .withDscp(10)
            .withClamp(TransportPriority.ASSURED, TransportPriority.EXPEDITED);
    Element written = Blocks.parse(new String(serialize(codec.element(action)), UTF_8));

    assertThat(codec.readServerAction(written)).isEqualTo(HeaderBlock.valid(action, false));
    HeaderBlock<ServerAction> other = codec.readServerAction(block("Requirement", ""));
    assertThat(other.problem().orElseThrow().reason()).isEqualTo(Reason.UNKNOWN_ELEMENT);
    assertThat(codec.readServerAction(block("ServerAction", "<qos:dscp>64</qos:dscp>")).isInvalid())
        .isTrue();
  }

  @Test
  void aTimestampsElementIsReadOutsideAMessage() {
    Element written = block("Timestamps", "<qos:t1>12</qos:t1><qos:t3>30</qos:t3>");

    assertThat(codec.readTimestamps(written))
        .isEqualTo(HeaderBlock.valid(MonitoringTimestamps.EMPTY.withT1(12).withT3(30), false));
    HeaderBlock<MonitoringTimestamps> other = codec.readTimestamps(block("ServerAction", ""));
    assertThat(other.problem().orElseThrow().reason()).isEqualTo(Reason.UNKNOWN_ELEMENT);
    assertThat(codec.readTimestamps(block("Timestamps", "<qos:t1>x</qos:t1>")).isInvalid())
        .isTrue();
  }

  @Test
  void fromReadsWhatAnOutboundMessageCarriesSoFarAndOnlyWhatWasDecodedOfAnInboundOne() {
    MonitoringTimestamps stamps = MonitoringTimestamps.EMPTY.withT1(5);
    SoapMessage outbound = newMessage();
    Exchange exchange = new ExchangeImpl();
    exchange.setOutMessage(outbound);
    SoapMessage inbound = newMessage();
    exchange.setInMessage(inbound);
    codec.write(outbound, stamps);
    codec.write(inbound, stamps);

    assertThat(WsQosHeaders.from(outbound).orElseThrow().timestamps())
        .isEqualTo(HeaderBlock.valid(stamps, false));
    // No header interceptor decoded the inbound message: nothing to read, not even its exchange's.
    assertThat(WsQosHeaders.from(inbound)).isEmpty();
  }

  @Test
  void numbersAreReadWithSurroundingWhitespaceCollapsedAsXmlSchemaDoes() {
    SoapMessage message = newMessage();
    add(message, block("Timestamps", "<qos:t1> 12\n</qos:t1>"), false);

    HeaderBlock<MonitoringTimestamps> read = codec.read(message).timestamps();

    assertThat(read.value().orElseThrow().t1()).hasValue(12);
  }

  @Test
  void aServerActionSlotReadsBackAsItsFirstActionAndSwitchesInPlaceToItsSecond() throws Exception {
    ServerAction applied = ServerAction.NONE.withCompression(CompressionAction.applied("gzip"));
    ServerAction tooSmall =
        ServerAction.NONE.withCompression(CompressionAction.skipped(SkipReason.BODY_TOO_SMALL));
    ServerActionSlot slot = codec.slot(applied, tooSmall);
    SoapMessage message = newMessage();

    slot.write(message);
    byte[] serialized = serialize(codec.element(message.getHeaders().get(0)));
    int length = serialized.length;

    assertThat(codec.read(message).serverAction()).isEqualTo(HeaderBlock.valid(applied, false));
    assertThat(slot.switchToSecond(serialized, length)).isTrue();
    assertThat(serialized).hasSize(length);
    assertThat(codec.read(messageWith(Blocks.parse(new String(serialized, UTF_8)))).serverAction())
        .isEqualTo(HeaderBlock.valid(tooSmall, false));
    assertThat(slot.switchToSecond(serialized, length)).isFalse();
  }

  @Test
  void aServerActionSlotNeedsTwoCompressionActions() {
    assertThatThrownBy(() -> codec.slot(ServerAction.NONE, ServerAction.NONE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected: both with a compression action");
  }

  private static byte[] serialize(org.w3c.dom.Element element) throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    javax.xml.stream.XMLStreamWriter out =
        javax.xml.stream.XMLOutputFactory.newFactory().createXMLStreamWriter(bytes, "UTF-8");
    org.apache.cxf.staxutils.StaxUtils.writeElement(element, out, true);
    out.close();
    return bytes.toByteArray();
  }

  @ParameterizedTest(name = "[{index}] {3}")
  @MethodSource("malformedBlocks")
  void malformedBlocksReadAsInvalidWithTheReasonAndAClearDetail(
      String localName, String content, Reason reason, String detail) {
    SoapMessage message = newMessage();
    add(message, block(localName, content), true);

    WsQosHeaders read = codec.read(message);

    HeaderBlock<?> decoded = read.block(blockNamed(localName));
    assertThat(decoded.status()).isEqualTo(HeaderBlock.Status.INVALID);
    HeaderProblem problem = decoded.problem().orElseThrow();
    assertThat(problem.reason()).isEqualTo(reason);
    assertThat(problem.detail()).isEqualTo(detail);
    // The field is the name the detail starts with: the element at fault, typed, not parsed.
    assertThat(detail).startsWith(problem.field() + ":");
    assertThat(decoded.mustUnderstand()).isTrue();
    assertThat(decoded.value()).isEmpty();
    assertThat(read.hasProblems()).isTrue();
  }

  private static WsQosBlock blockNamed(String localName) {
    for (WsQosBlock block : WsQosBlock.values()) {
      if (block.localName().equals(localName)) {
        return block;
      }
    }
    throw new IllegalArgumentException(localName);
  }

  private static Arguments bad(String block, String content, Reason reason, String detail) {
    return Arguments.of(block, content, reason, detail);
  }

  private static String priority() {
    return "<qos:transportPriority>assured</qos:transportPriority>";
  }

  private static String terms(String priority) {
    return "<qos:terms><qos:transportPriority>" + priority + "</qos:transportPriority></qos:terms>";
  }
}
