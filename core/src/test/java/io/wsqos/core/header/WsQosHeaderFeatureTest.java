package io.wsqos.core.header;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.WebServiceException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.cxf.Bus;
import org.apache.cxf.binding.soap.Soap11;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/**
 * The feature on a real CXF endpoint on Jetty, driven by raw HTTP POSTs and by a CXF client, with
 * the blocks streamed and kept: the rules are the same.
 */
class WsQosHeaderFeatureTest {

  private static final String QOS = WsQos.NAMESPACE;
  private static final String BAD_AVAILABILITY =
      "<qos:compression>compress</qos:compression><qos:terms>"
          + "<qos:transportPriority>assured</qos:transportPriority>"
          + "<qos:minAvailability>1.7</qos:minAvailability></qos:terms>";

  private final Map<BlockRetention, SimpleMeterRegistry> registries =
      Map.of(
          BlockRetention.STREAMED, new SimpleMeterRegistry(),
          BlockRetention.KEPT, new SimpleMeterRegistry());
  private final EchoServiceImpl service = new EchoServiceImpl();
  private final AtomicReference<WsQosHeaders> seenByLaterInterceptor = new AtomicReference<>();
  private final AtomicInteger keptRequirementChildren = new AtomicInteger(-1);

  // Instance fields: fresh servers (and registries) per test, so counts start at zero. Every test
  // runs against both, one per retention of the blocks.
  @RegisterExtension final CxfServerExtension streamed = newServer(BlockRetention.STREAMED);

  @RegisterExtension final CxfServerExtension kept = newServer(BlockRetention.KEPT);

  private CxfServerExtension server(BlockRetention retention) {
    return retention == BlockRetention.STREAMED ? streamed : kept;
  }

  private CxfServerExtension newServer(BlockRetention retention) {
    return CxfServerExtension.builder(EchoService.class, service)
        .feature(
            WsQosHeaderFeature.builder()
                .meterRegistry(registries.get(retention))
                .retention(retention)
                .build())
        .inInterceptor(new Recorder(seenByLaterInterceptor, keptRequirementChildren))
        .toExtension();
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void invalidBlockMarkedMustUnderstandGetsAClientFaultNamingTheHeaderAndTheProblem(
      BlockRetention retention) throws Exception {
    String header =
        "<qos:Requirement soap:mustUnderstand='1'>" + BAD_AVAILABILITY + "</qos:Requirement>";

    RawHttp.Response response = post(retention, envelope(header));

    assertThat(response.status()).isEqualTo(500);
    Document fault = parse(response.text());
    assertThat(text(fault, "faultcode")).isEqualTo("soap:Client");
    assertThat(text(fault, "faultstring"))
        .isEqualTo(
            "Invalid WS-QoS header qos:Requirement (http://wsqos.io/ns/qos/1) marked"
                + " mustUnderstand: out-of-range: minAvailability: 1.7 (expected: 0..1)");
    assertThat(service.invocations()).isZero();
    assertThat(invalidCount(retention, "Requirement", "out-of-range")).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void theSameInvalidBlockWithoutMustUnderstandIsCountedAndIgnored(BlockRetention retention)
      throws Exception {
    String header = "<qos:Requirement>" + BAD_AVAILABILITY + "</qos:Requirement>";

    RawHttp.Response response = post(retention, envelope(header));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains("echo: hi");
    assertThat(service.invocations()).isEqualTo(1);
    assertThat(invalidCount(retention, "Requirement", "out-of-range")).isEqualTo(1);
    assertThat(seenByLaterInterceptor.get().requirement().problem().map(HeaderProblem::reason))
        .contains(HeaderProblem.Reason.OUT_OF_RANGE);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void whitespaceInAFaultingValueIsCollapsedInTheFaultString(BlockRetention retention)
      throws Exception {
    String header =
        "<qos:Timestamps soap:mustUnderstand='1'><qos:t1>1&#13;&#10;2</qos:t1></qos:Timestamps>";

    RawHttp.Response response = post(retention, envelope(header));

    assertThat(response.status()).isEqualTo(500);
    assertThat(text(parse(response.text()), "faultstring"))
        .isEqualTo(
            "Invalid WS-QoS header qos:Timestamps (http://wsqos.io/ns/qos/1) marked mustUnderstand:"
                + " unparsable: t1: '1 2' (expected: an integer 0..9223372036854775807"
                + " microseconds since the epoch)");
    assertThat(invalidCount(retention, "Timestamps", "unparsable")).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void unknownBlockMarkedMustUnderstandGetsCxfsMustUnderstandFault(BlockRetention retention)
      throws Exception {
    RawHttp.Response response =
        post(retention, envelope("<qos:Surcharge soap:mustUnderstand='1'>3</qos:Surcharge>"));

    assertThat(response.status()).isEqualTo(500);
    assertThat(text(parse(response.text()), "faultcode")).isEqualTo("soap:MustUnderstand");
    assertThat(text(parse(response.text()), "faultstring")).contains("Surcharge");
    assertThat(service.invocations()).isZero();
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void unknownBlockWithoutMustUnderstandIsCountedAndIgnored(BlockRetention retention)
      throws Exception {
    RawHttp.Response response = post(retention, envelope("<qos:Surcharge>3</qos:Surcharge>"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(invalidCount(retention, WsQosHeaderInterceptor.UNKNOWN_BLOCK_TAG, "unknown-element"))
        .isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aBlockFloodedWithEmptyElementsIsCutAsItStreamsInAndIsOversized(BlockRetention retention)
      throws Exception {
    String flood = "<qos:x/>".repeat(WsQos.MAX_BLOCK_CHARS + 1);
    String header =
        "<qos:Requirement><qos:compression>none</qos:compression>"
            + "<qos:terms><qos:transportPriority>assured</qos:transportPriority></qos:terms>"
            + flood
            + "</qos:Requirement>";

    RawHttp.Response response = post(retention, envelope(header));

    assertThat(response.status()).isEqualTo(200);
    assertThat(seenByLaterInterceptor.get().requirement().problem().map(HeaderProblem::reason))
        .contains(HeaderProblem.Reason.OVERSIZED);
    assertThat(invalidCount(retention, "Requirement", "oversized")).isEqualTo(1);
    if (retention == BlockRetention.STREAMED) {
      // Taken from the stream (BlockStreamTest bounds what is kept): never in CXF's header list.
      assertThat(keptRequirementChildren.get()).isEqualTo(-1);
    } else {
      // Kept in CXF's header list, cut where the bound was reached.
      assertThat(keptRequirementChildren.get()).isBetween(1, WsQos.MAX_BLOCK_CHARS);
    }
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void validBlocksMarkedMustUnderstandFromACxfClientReachLaterInterceptors(
      BlockRetention retention) {
    QosRequirement requirement =
        QosRequirement.of(
            CompressionPreference.SERVER_DECIDES,
            QosTerms.builder()
                .transportPriority(TransportPriority.ASSURED)
                .maxResponseTimeMillis(500)
                .build());
    MonitoringTimestamps stamps = MonitoringTimestamps.EMPTY.withT1(1_700_000_000_000_000L);
    EchoService client =
        server(retention)
            .client(EchoService.class, writing(requirement, stamps, /* mustUnderstand= */ true));

    String answer = client.echo("hi");

    assertThat(answer).isEqualTo("echo: hi");
    WsQosHeaders seen = seenByLaterInterceptor.get();
    assertThat(seen.requirement()).isEqualTo(HeaderBlock.valid(requirement, true));
    assertThat(seen.timestamps()).isEqualTo(HeaderBlock.valid(stamps, true));
    assertThat(seen.serverAction().status()).isEqualTo(HeaderBlock.Status.ABSENT);
    assertThat(registries.get(retention).find(WsQosHeaderInterceptor.INVALID_COUNTER).counters())
        .allSatisfy(counter -> assertThat(counter.count()).isZero());
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aCxfClientSendingAnInvalidMarkedBlockGetsTheFaultAsAnException(BlockRetention retention) {
    EchoService client =
        server(retention)
            .client(
                EchoService.class,
                new AbstractPortableFeature() {
                  @Override
                  public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
                    provider.getOutInterceptors().add(new DuplicatingWriter());
                  }
                });

    // Without SAAJ on the class path CXF reports the fault as a WebServiceException around it.
    assertThatThrownBy(() -> client.echo("hi"))
        .isInstanceOf(WebServiceException.class)
        .cause()
        .isInstanceOfSatisfying(
            SoapFault.class,
            fault -> assertThat(fault.getFaultCode()).isEqualTo(Soap11.getInstance().getSender()))
        .hasMessage(
            "Invalid WS-QoS header qos:ServerAction (http://wsqos.io/ns/qos/1) marked"
                + " mustUnderstand: duplicated: ServerAction: 2 blocks (expected: at most one)");
    assertThat(service.invocations()).isZero();
  }

  private double invalidCount(BlockRetention retention, String block, String reason) {
    Counter counter =
        registries
            .get(retention)
            .find(WsQosHeaderInterceptor.INVALID_COUNTER)
            .tag("block", block)
            .tag("reason", reason)
            .counter();
    assertThat(counter).as("counter %s %s", block, reason).isNotNull();
    return counter.count();
  }

  private RawHttp.Response post(BlockRetention retention, String envelope) {
    return RawHttp.postXml(server(retention).address(), envelope.getBytes(StandardCharsets.UTF_8));
  }

  private static String envelope(String headers) {
    return "<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/'"
        + " xmlns:qos='"
        + QOS
        + "'><soap:Header>"
        + headers
        + "</soap:Header><soap:Body><e:echo xmlns:e='"
        + EchoService.NAMESPACE
        + "'><text>hi</text></e:echo></soap:Body></soap:Envelope>";
  }

  private static Document parse(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
  }

  private static String text(Document document, String unqualifiedName) {
    return document.getElementsByTagNameNS("", unqualifiedName).item(0).getTextContent();
  }

  private static AbstractPortableFeature writing(
      QosRequirement requirement, MonitoringTimestamps stamps, boolean mustUnderstand) {
    WsQosCodec codec = new WsQosCodec();
    return new AbstractPortableFeature() {
      @Override
      public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
        provider
            .getOutInterceptors()
            .add(
                new AbstractSoapInterceptor(Phase.PRE_PROTOCOL) {
                  @Override
                  public void handleMessage(SoapMessage message) {
                    codec.write(message, requirement, mustUnderstand);
                    codec.write(message, stamps, mustUnderstand);
                  }
                });
      }
    };
  }

  /** Adds two ServerAction blocks, which the codec itself never does. */
  private static final class DuplicatingWriter extends AbstractSoapInterceptor {
    private final WsQosCodec codec = new WsQosCodec();

    DuplicatingWriter() {
      super(Phase.PRE_PROTOCOL);
    }

    @Override
    public void handleMessage(SoapMessage message) {
      codec.write(message, ServerAction.NONE.withDscp(1), true);
      SoapMessage scratch = Blocks.newMessage();
      codec.write(scratch, ServerAction.NONE.withDscp(2), true);
      message.getHeaders().add(scratch.getHeaders().get(0));
    }
  }

  /** Stands for a later interceptor (compression, monitoring) reading the decoded blocks. */
  private static final class Recorder extends AbstractPhaseInterceptor<Message> {
    private final AtomicReference<WsQosHeaders> seen;
    private final AtomicInteger requirementChildren;

    Recorder(AtomicReference<WsQosHeaders> seen, AtomicInteger requirementChildren) {
      super(Phase.USER_LOGICAL);
      this.seen = seen;
      this.requirementChildren = requirementChildren;
    }

    @Override
    public void handleMessage(Message message) {
      seen.set(WsQosHeaders.from(message).orElse(null));
      if (message instanceof SoapMessage soap && soap.hasHeaders()) {
        for (Header header : soap.getHeaders()) {
          if (WsQosBlock.REQUIREMENT.qname().equals(header.getName())
              && header.getObject() instanceof Element element) {
            requirementChildren.set(element.getChildNodes().getLength());
          }
        }
      }
    }
  }
}
