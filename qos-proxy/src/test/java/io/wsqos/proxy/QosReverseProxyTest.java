package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.WsQos;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The standalone proxy in front of a real service, both on the loopback. */
class QosReverseProxyTest {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final EchoServiceImpl service = new EchoServiceImpl();
  private TestServer upstream;
  private QosReverseProxy proxy;

  @BeforeEach
  void start() {
    upstream = TestServer.start(EchoService.class, service);
    proxy =
        QosReverseProxy.builder(URI.create("http://127.0.0.1:" + upstream.port()))
            .daemonThreads(true)
            .maxHeaderBytes(1024)
            .meterRegistry(registry)
            .start();
  }

  @AfterEach
  void stop() {
    proxy.close();
    upstream.close();
  }

  private String proxied() {
    return proxy.address() + TestServer.DEFAULT_PATH;
  }

  @Test
  void aCallPassesThroughAndIsCountedInItsClass() {
    RawHttp.Response response = RawHttp.postXml(proxied(), Requests.text(10, ASSURED));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains(EchoServiceImpl.textOf(10));
    assertThat(service.invocations()).isEqualTo(1);
    assertThat(count(DscpMarkingFeature.RESPONSES_COUNTER, "class", "assured")).isEqualTo(1);
  }

  @Test
  void aHeaderThatArrivesInTwoReadsIsReadOnDemandAndForwarded() throws Exception {
    byte[] request = Requests.text(10, ASSURED);
    int cut = new String(request, StandardCharsets.UTF_8).indexOf("<qos:terms>");
    try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + TestServer.DEFAULT_PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                  + "Content-Type: text/xml; charset=UTF-8\r\nContent-Length: "
                  + request.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(request, 0, cut);
      out.flush();
      // The proxy reads the first part, finds no end of header and waits for more: nothing reaches
      // the service meanwhile (checked for a while, never bounding how long anything takes).
      await()
          .during(Duration.ofMillis(200))
          .atMost(Duration.ofSeconds(5))
          .until(() -> service.invocations() == 0);
      out.write(request, cut, request.length - cut);
      out.flush();
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(response).startsWith("HTTP/1.1 200").contains(EchoServiceImpl.textOf(10));
    }
    assertThat(count(DscpMarkingFeature.RESPONSES_COUNTER, "class", "assured")).isEqualTo(1);
  }

  /**
   * The proxy's upstream pools run on its server's threads: no thread pool of their own beside the
   * server's.
   */
  @Test
  void theUpstreamPoolsShareTheServersThreads() {
    RawHttp.postXml(proxied(), Requests.text(10, ASSURED));
    RawHttp.postXml(proxied(), Requests.text(10, EXPEDITED));

    assertThat(Thread.getAllStackTraces().keySet())
        .map(Thread::getName)
        .filteredOn(name -> name.startsWith("wsqos-proxy"))
        .isNotEmpty()
        .allMatch(
            name ->
                name.startsWith("wsqos-proxy-")
                    && !name.matches("wsqos-proxy-(best-effort|assured|expedited).*"));
  }

  @Test
  void aLargeResponseArrivesAsTheServiceSentIt() {
    RawHttp.Response direct = RawHttp.postXml(upstream.address(), Requests.text(300_000));

    RawHttp.Response proxiedResponse = RawHttp.postXml(proxied(), Requests.text(300_000));

    assertThat(proxiedResponse.status()).isEqualTo(200);
    assertThat(proxiedResponse.content()).isEqualTo(direct.content());
  }

  @Test
  void aLargeRequestStreamsToTheServiceWhole() {
    String body = "x".repeat(500_000);

    RawHttp.Response response =
        RawHttp.postXml(proxied(), io.wsqos.testing.service.EchoEnvelopes.length(body));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains(">500000<");
  }

  @Test
  void aForgedClassIsClampedCountedAndReportedInServerAction() {
    RawHttp.Response response = RawHttp.postXml(proxied(), Requests.text(10, EXPEDITED));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains(EchoServiceImpl.textOf(10));
    assertThat(
            registry
                .get(DscpMarkingFeature.CLAMPED_COUNTER)
                .tag("requested", "expedited")
                .tag("granted", "assured")
                .counter()
                .count())
        .isEqualTo(1);
    ServerAction action = Responses.serverAction(response.content()).orElseThrow();
    assertThat(action.grantedPriority()).contains(ASSURED);
    assertThat(action.clampedFrom()).contains(EXPEDITED);
    assertThat(action.dscp()).hasValue(DscpMapping.DEFAULT_ASSURED_DSCP);
    assertThat(count(QosProxyHandler.CLAMP_REPORTS_COUNTER, "outcome", "reported")).isEqualTo(1);
  }

  @Test
  void aGrantedClassLeavesTheResponseAsTheServiceSentIt() {
    RawHttp.Response direct = RawHttp.postXml(upstream.address(), Requests.text(10, ASSURED));

    RawHttp.Response response = RawHttp.postXml(proxied(), Requests.text(10, ASSURED));

    assertThat(response.content()).isEqualTo(direct.content());
    assertThat(Responses.serverAction(response.content())).isEmpty();
  }

  @Test
  void aClampedResponseTooLongToHoldIsForwardedUnchanged() {
    int chars = QosProxyHandler.MAX_REPORTED_BYTES + 1000;
    RawHttp.Response direct = RawHttp.postXml(upstream.address(), Requests.text(chars, EXPEDITED));

    RawHttp.Response response = RawHttp.postXml(proxied(), Requests.text(chars, EXPEDITED));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.content()).isEqualTo(direct.content());
    assertThat(count(QosProxyHandler.CLAMP_REPORTS_COUNTER, "outcome", "unchanged")).isEqualTo(1);
  }

  @Test
  void aGetWithoutBodyIsForwardedAsBestEffort() {
    RawHttp.Response response = RawHttp.get(proxied() + "?wsdl");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains("wsdl:definitions");
    assertThat(count(DscpMarkingFeature.RESPONSES_COUNTER, "class", "best-effort")).isEqualTo(1);
  }

  @Test
  void malformedXmlBeforeTheHeaderEndsGetsAClientFaultAndNeverReachesTheService() {
    byte[] broken =
        ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soap:Header><a></b></soap:Header><soap:Body/></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);

    RawHttp.Response response = RawHttp.postXml(proxied(), broken);

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text())
        .contains("<faultcode>soap:Client</faultcode>")
        .contains("malformed SOAP request");
    assertThat(service.invocations()).isZero();
    assertThat(count(QosReverseProxy.REJECTED_COUNTER, "reason", "malformed")).isEqualTo(1);
  }

  @Test
  void aBodyThatIsNotAnEnvelopeGetsAClientFault() {
    RawHttp.Response response =
        RawHttp.postXml(proxied(), "<hello/>".getBytes(StandardCharsets.UTF_8));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text()).contains("expected: a SOAP Envelope");
    assertThat(service.invocations()).isZero();
  }

  @Test
  void aHeaderLongerThanTheLimitGetsAClientFault() {
    byte[] long_ =
        ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
                + "<x:Big xmlns:x=\"urn:x\">"
                + "y".repeat(5000)
                + "</x:Big></soap:Header><soap:Body/></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);

    RawHttp.Response response = RawHttp.postXml(proxied(), long_);

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text()).contains("SOAP header longer than 1024 bytes");
    assertThat(service.invocations()).isZero();
    assertThat(count(QosReverseProxy.REJECTED_COUNTER, "reason", "oversized")).isEqualTo(1);
  }

  @Test
  void aMalformedRequirementMarkedMustUnderstandGetsAClientFault() {
    byte[] request =
        ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
                + "<qos:Requirement xmlns:qos=\""
                + WsQos.NAMESPACE
                + "\" soap:mustUnderstand=\"1\"><qos:compression>zip</qos:compression>"
                + "</qos:Requirement></soap:Header><soap:Body/></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);

    RawHttp.Response response = RawHttp.postXml(proxied(), request);

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text()).contains("Requirement: compression: 'zip'");
    assertThat(service.invocations()).isZero();
  }

  @Test
  void aMalformedRequirementWithoutMustUnderstandIsForwardedAsBestEffort() {
    String request =
        new String(Requests.text(10, ASSURED), StandardCharsets.UTF_8)
            .replace(">assured<", ">gold<");

    RawHttp.Response response =
        RawHttp.postXml(proxied(), request.getBytes(StandardCharsets.UTF_8));

    assertThat(response.status()).isEqualTo(200);
    assertThat(count(DscpMarkingFeature.RESPONSES_COUNTER, "class", "best-effort")).isEqualTo(1);
  }

  @Test
  void theUpstreamMustBeAPlainHttpAddress() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> QosReverseProxy.builder(URI.create("ftp://x:1")))
        .withMessage("upstream: ftp://x:1 (expected: http://host:port)");
  }

  private double count(String name, String tag, String value) {
    return registry.get(name).tag(tag, value).counter().count();
  }
}
