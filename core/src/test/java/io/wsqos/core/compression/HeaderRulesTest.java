package io.wsqos.core.compression;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.BlockRetention;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.core.load.ScriptedLoadProbe;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.AbstractBasicInterceptorProvider;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.phase.PhaseInterceptor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Element;

/**
 * The WS-QoS header rules on a server with only {@link CompressionFeature}, and on one that keeps
 * the blocks in CXF's header list ({@link BlockRetention#KEPT}): the one header path applies {@code
 * mustUnderstand} to every block, reads tokens as XML Schema tokens, says in {@code ServerAction}
 * why it did not compress, answers the client's errors with {@code soap:Client} and answers in
 * UTF-8.
 */
class HeaderRulesTest {
  private static final int CHARS = 4000;
  private static final String QOS = WsQos.NAMESPACE;
  private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
  static final ScriptedLoadProbe probe = new ScriptedLoadProbe();
  static final Map<BlockRetention, SimpleMeterRegistry> registries =
      Map.of(
          BlockRetention.STREAMED, new SimpleMeterRegistry(),
          BlockRetention.KEPT, new SimpleMeterRegistry());
  static final EchoServiceImpl service = new EchoServiceImpl();
  static final Map<BlockRetention, CompressionFeature> features =
      Map.of(
          BlockRetention.STREAMED, feature(BlockRetention.STREAMED),
          BlockRetention.KEPT, feature(BlockRetention.KEPT));

  // Every request test runs against both servers, one per retention of the blocks: the rules are
  // the same.
  @RegisterExtension static final CxfServerExtension streamed = newServer(BlockRetention.STREAMED);

  @RegisterExtension static final CxfServerExtension kept = newServer(BlockRetention.KEPT);

  private static CompressionFeature feature(BlockRetention retention) {
    return CompressionFeature.builder()
        .policy(CompressionPolicy.loadAware(probe))
        .meterRegistry(registries.get(retention))
        .build();
  }

  // Streamed: the compression feature alone. Kept: the header feature asks for it after the
  // compression feature installed the header path with the default.
  private static CxfServerExtension newServer(BlockRetention retention) {
    TestServer.Builder server =
        CxfServerExtension.builder(EchoService.class, service).feature(features.get(retention));
    if (retention == BlockRetention.KEPT) {
      server.feature(WsQosHeaderFeature.builder().retention(retention).build());
    }
    return server.inInterceptor(new RequirementSizeRecorder()).toExtension();
  }

  private static CxfServerExtension server(BlockRetention retention) {
    return retention == BlockRetention.STREAMED ? streamed : kept;
  }

  // The characters of the last Requirement header's DOM, as CXF kept it; -1 when CXF's header list
  // did not have it (taken from the stream).
  static final AtomicInteger requirementChars = new AtomicInteger(-1);

  @AfterAll
  static void closeFeatures() {
    features.values().forEach(CompressionFeature::close);
  }

  @BeforeEach
  void idle() {
    probe.set(0.1);
    requirementChars.set(-1);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void anInvalidTokenInARequirementMarkedMustUnderstandGetsAClientFault(BlockRetention retention) {
    RawHttp.Response response = post(retention, requirement("zip", "1"), "Accept-Encoding", "gzip");

    assertClientFault(
        response,
        "Invalid WS-QoS header qos:Requirement ("
            + QOS
            + ") marked mustUnderstand: unparsable:"
            + " compression: 'zip' (expected: one of none, compress, server-decides)");
    assertThat(response.header("Content-Encoding")).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aDuplicatedRequirementMarkedMustUnderstandGetsAClientFault(BlockRetention retention) {
    RawHttp.Response response =
        post(
            retention,
            requirement("none", "1") + requirement("none", "0"),
            "Accept-Encoding",
            "gzip");

    assertClientFault(
        response,
        "Invalid WS-QoS header qos:Requirement ("
            + QOS
            + ") marked mustUnderstand: duplicated: Requirement: 2 blocks (expected: at most one)");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void anOversizedRequirementMarkedMustUnderstandGetsAClientFault(BlockRetention retention) {
    RawHttp.Response response = post(retention, requirement("x".repeat(100_000), "1"));

    assertThat(response.status()).isEqualTo(500);
    assertThat(faultCode(response)).isEqualTo("soap:Client");
    assertThat(new String(response.content(), UTF_8)).contains("marked mustUnderstand: oversized:");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aRequirementMarkedMustUnderstandCutAtItsStartTagGetsAClientFault(BlockRetention retention) {
    String attribute = "note='" + "n".repeat(WsQos.MAX_BLOCK_CHARS + 1) + "' ";

    RawHttp.Response response =
        post(
            retention,
            requirement("none", "1").replace("<qos:Requirement ", "<qos:Requirement " + attribute));

    assertThat(response.status()).isEqualTo(500);
    assertThat(faultCode(response)).isEqualTo("soap:Client");
    assertThat(faultString(response)).contains("marked mustUnderstand: oversized: Requirement");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aTenMegabyteRequirementMarkedMustUnderstandGetsAClientFault(BlockRetention retention) {
    RawHttp.Response response = post(retention, requirement("x".repeat(10 << 20), "1"));

    assertClientFault(
        response,
        "Invalid WS-QoS header qos:Requirement ("
            + QOS
            + ") marked mustUnderstand: oversized: Requirement: more than "
            + WsQos.MAX_BLOCK_CHARS
            + " characters (expected: at most "
            + WsQos.MAX_BLOCK_CHARS
            + ", to bound the work and memory per header)");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aTenMegabyteRequirementWithoutMustUnderstandIsRefusedAndNeverHeldWhole(
      BlockRetention retention) {
    RawHttp.Response response =
        post(retention, requirement("x".repeat(10 << 20), "0"), "Accept-Encoding", "gzip");

    assertUncompressedWith(response, "requirement-refused");
    if (retention == BlockRetention.STREAMED) {
      // Taken from the stream, bounded as it came in (BlockStreamTest): never in CXF's DOM.
      assertThat(requirementChars.get()).isEqualTo(-1);
    } else {
      // Kept in CXF's DOM, cut where the bound was reached.
      assertThat(requirementChars.get()).isBetween(0, WsQos.MAX_BLOCK_CHARS);
    }
    assertThat(invalidRequirements(retention, "oversized")).isPositive();
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aWronglySpelledNoneWithoutMustUnderstandIsRefusedAndNothingIsCompressed(
      BlockRetention retention) {
    RawHttp.Response response =
        post(retention, requirement("NONE", "0"), "Accept-Encoding", "gzip");

    assertUncompressedWith(response, "requirement-refused");
    assertThat(invalidRequirements(retention, "unparsable")).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void noneSentTwiceWithoutMustUnderstandIsRefusedAndNothingIsCompressed(BlockRetention retention) {
    RawHttp.Response response =
        post(
            retention,
            requirement("none", "0") + requirement("none", "0"),
            "Accept-Encoding",
            "gzip");

    assertUncompressedWith(response, "requirement-refused");
    assertThat(invalidRequirements(retention, "duplicated")).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void noneWithSurroundingWhitespaceIsNoneEvenWithAcceptEncodingGzip(BlockRetention retention) {
    RawHttp.Response response =
        post(retention, requirement("\n  none\t", "1"), "Accept-Encoding", "gzip");

    assertUncompressedWith(response, "client-said-none");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aRequirementStatingOnlyCompressionIsHonouredWithoutTerms(BlockRetention retention) {
    RawHttp.Response response =
        post(
            retention,
            "<qos:Requirement soap:mustUnderstand='1'><qos:compression>compress</qos:compression>"
                + "</qos:Requirement>",
            "Accept-Encoding",
            "gzip");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Encoding")).contains("gzip");
    assertThat(invalidRequirements(retention, "missing")).isZero();
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void noRequirementAndNoAcceptEncodingSaysNoCommonCodecNotClientSaidNone(
      BlockRetention retention) {
    RawHttp.Response response = post(retention, "");

    assertUncompressedWith(response, "no-common-codec");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aValidTimestampsBlockMarkedMustUnderstandIsUnderstood(BlockRetention retention) {
    RawHttp.Response response =
        post(
            retention,
            "<qos:Timestamps soap:mustUnderstand='1'><qos:t1>12</qos:t1></qos:Timestamps>",
            "Accept-Encoding",
            "gzip");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Encoding")).hasValue("gzip");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void anUnknownWsQosBlockMarkedMustUnderstandGetsSoapsOwnMustUnderstandFault(
      BlockRetention retention) {
    RawHttp.Response response = post(retention, "<qos:Bid soap:mustUnderstand='1'>3</qos:Bid>");

    assertThat(response.status()).isEqualTo(500);
    assertThat(faultCode(response)).isEqualTo("soap:MustUnderstand");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void anUnknownWsQosBlockWithoutMustUnderstandIsCountedAndIgnored(BlockRetention retention) {
    RawHttp.Response response = post(retention, "<qos:Bid>3</qos:Bid>");

    assertThat(response.status()).isEqualTo(200);
    assertThat(
            registries
                .get(retention)
                .get(WsQosHeaderInterceptor.INVALID_COUNTER)
                .tag("block", WsQosHeaderInterceptor.UNKNOWN_BLOCK_TAG)
                .counter()
                .count())
        .isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void invalidUtf8InARequestGetsAClientFault(BlockRetention retention) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(
        ("<soap:Envelope xmlns:soap='"
                + SOAP
                + "'><soap:Body><t:length xmlns:t='"
                + EchoService.NAMESPACE
                + "'><body>caf")
            .getBytes(UTF_8));
    // 0xC3 0x28: a two-byte sequence whose second byte is not a continuation byte.
    body.write(0xC3);
    body.write(0x28);
    body.writeBytes("</body></t:length></soap:Body></soap:Envelope>".getBytes(UTF_8));

    RawHttp.Response response = RawHttp.postXml(server(retention).address(), body.toByteArray());

    assertThat(response.status()).isEqualTo(500);
    assertThat(faultCode(response)).isEqualTo("soap:Client");
    assertThat(faultString(response))
        .startsWith("Error reading XMLStreamReader: ")
        .contains("Invalid UTF-8 middle byte 0x28");
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aRequestThatIsNotWellFormedXmlGetsAClientFaultSayingWhere(BlockRetention retention) {
    byte[] body =
        ("<soap:Envelope xmlns:soap='"
                + SOAP
                + "'><soap:Body><t:length xmlns:t='"
                + EchoService.NAMESPACE
                + "'><body>x</t:length></soap:Body></soap:Envelope>")
            .getBytes(UTF_8);
    long invocations = service.invocations();

    RawHttp.Response response = RawHttp.postXml(server(retention).address(), body);

    assertThat(response.status()).isEqualTo(500);
    assertThat(faultCode(response)).isEqualTo("soap:Client");
    // The parser's own words, with the place: what was wrong, for the client to fix.
    assertThat(faultString(response))
        .contains("Unexpected close tag &lt;/t:length>; expected &lt;/body>")
        .contains("[1,147]");
    assertThat(service.invocations()).isEqualTo(invocations);
  }

  @ParameterizedTest
  @EnumSource(BlockRetention.class)
  void aRequestWithoutACharsetGetsAUtf8ResponseWithAnXmlDeclaration(BlockRetention retention) {
    byte[] request =
        ("<soap:Envelope xmlns:soap='"
                + SOAP
                + "'><soap:Body><t:length xmlns:t='"
                + EchoService.NAMESPACE
                + "'><body>caf\u00e9</body></t:length></soap:Body></soap:Envelope>")
            .getBytes(UTF_8);

    RawHttp.Response response =
        RawHttp.postXml(server(retention).address(), request, "Content-Type", "text/xml");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Type").orElseThrow().toLowerCase())
        .contains("charset=utf-8");
    assertThat(new String(response.content(), UTF_8))
        .startsWith("<?xml version='1.0' encoding='UTF-8'?>")
        // "café" read as UTF-8 is four characters.
        .contains(">4</return>");
  }

  @Test
  void theHeaderInterceptorIsInstalledOnceWhateverFeaturesAskForIt() {
    InterceptorProvider endpoint = new AbstractBasicInterceptorProvider() {};
    CompressionFeature compression = CompressionFeature.builder().build();
    try {
      compression.initialize(endpoint, null);
      WsQosHeaderFeature.builder().build().initialize(endpoint, null);
      compression.initialize(endpoint, null);
    } finally {
      compression.close();
    }

    assertThat(headerInterceptors(endpoint.getInInterceptors())).isEqualTo(1);
    assertThat(headerInterceptors(endpoint.getInFaultInterceptors())).isEqualTo(1);
  }

  private static long headerInterceptors(List<? extends Interceptor<?>> chain) {
    return chain.stream()
        .filter(
            i -> i instanceof PhaseInterceptor<?> p && p.getId().equals(WsQosHeaderInterceptor.ID))
        .count();
  }

  /** Records how much of the Requirement block CXF kept in its DOM. */
  private static final class RequirementSizeRecorder
      extends AbstractPhaseInterceptor<org.apache.cxf.message.Message> {
    RequirementSizeRecorder() {
      super(Phase.PRE_INVOKE);
    }

    @Override
    public void handleMessage(org.apache.cxf.message.Message message) {
      if (message instanceof SoapMessage soap) {
        for (Header header : soap.getHeaders()) {
          if (header.getName().getLocalPart().equals("Requirement")
              && header.getObject() instanceof Element element) {
            requirementChars.set(element.getTextContent().length());
          }
        }
      }
    }
  }

  private static String requirement(String compression, String mustUnderstand) {
    return "<qos:Requirement soap:mustUnderstand='"
        + mustUnderstand
        + "'><qos:compression>"
        + compression
        + "</qos:compression><qos:terms><qos:transportPriority>assured</qos:transportPriority>"
        + "</qos:terms></qos:Requirement>";
  }

  private static RawHttp.Response post(
      BlockRetention retention, String headers, String... httpHeaders) {
    String envelope =
        "<soap:Envelope xmlns:soap='"
            + SOAP
            + "' xmlns:qos='"
            + QOS
            + "'><soap:Header>"
            + headers
            + "</soap:Header><soap:Body><t:text xmlns:t='"
            + EchoService.NAMESPACE
            + "'><chars>"
            + CHARS
            + "</chars></t:text></soap:Body></soap:Envelope>";
    return RawHttp.postXml(server(retention).address(), envelope.getBytes(UTF_8), httpHeaders);
  }

  private static void assertClientFault(RawHttp.Response response, String faultString) {
    assertThat(response.status()).isEqualTo(500);
    assertThat(faultCode(response)).isEqualTo("soap:Client");
    assertThat(between(new String(response.content(), UTF_8), "<faultstring>", "</faultstring>"))
        .isEqualTo(faultString);
  }

  private static void assertUncompressedWith(RawHttp.Response response, String reason) {
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Encoding")).isEmpty();
    String body = new String(response.content(), UTF_8);
    assertThat(body).contains(EchoServiceImpl.textOf(CHARS));
    assertThat(body).contains("<qos:compressionSkipped>" + reason + "</qos:compressionSkipped>");
  }

  private static String faultString(RawHttp.Response response) {
    return between(new String(response.content(), UTF_8), "<faultstring>", "</faultstring>");
  }

  private static String faultCode(RawHttp.Response response) {
    return between(new String(response.content(), UTF_8), "<faultcode>", "</faultcode>");
  }

  private static String between(String text, String start, String end) {
    int from = text.indexOf(start);
    assertThat(from).as("%s in %s", start, text).isNotNegative();
    int to = text.indexOf(end, from);
    return text.substring(from + start.length(), to);
  }

  private static double invalidRequirements(BlockRetention retention, String reason) {
    return registries
        .get(retention)
        .get(WsQosHeaderInterceptor.INVALID_COUNTER)
        .tag("block", "Requirement")
        .tag("reason", reason)
        .counter()
        .count();
  }
}
