package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.WsQos;
import io.wsqos.testing.Closer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.TcpRelay;
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
import org.junit.jupiter.api.extension.RegisterExtension;

/** The standalone proxy in front of a real service, both on the loopback. */
class QosReverseProxyTest {

  @RegisterExtension final Closer resources = new Closer();

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

  /**
   * A body that arrives in two parts is held, the first part counted as being received, and the
   * service is not connected to before the body is whole: a slow client holds nothing upstream.
   */
  @Test
  void aBodyIsHeldWholeBeforeTheServiceIsConnectedTo() throws Exception {
    TcpRelay relay = resources.add(TcpRelay.to(upstream.port()));
    SimpleMeterRegistry own = new SimpleMeterRegistry();
    QosReverseProxy relayed =
        resources.add(
            QosReverseProxy.builder(URI.create("http://127.0.0.1:" + relay.port()))
                .daemonThreads(true)
                .meterRegistry(own)
                .start());
    byte[] request = Requests.text(10, ASSURED);
    // Past the end of the SOAP header: the header alone does not make the proxy connect.
    int cut = new String(request, StandardCharsets.UTF_8).indexOf("<chars>");
    try (Socket socket = new Socket("127.0.0.1", relayed.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(head(request.length));
      out.write(request, 0, cut);
      out.flush();

      await().atMost(Duration.ofSeconds(20)).until(() -> heldBytes(own) == cut);
      assertThat(relay.relayed()).isZero();
      assertThat(service.invocations()).isZero();

      out.write(request, cut, request.length - cut);
      out.flush();
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(response).startsWith("HTTP/1.1 200").contains(EchoServiceImpl.textOf(10));
    }
    assertThat(relay.relayed()).isEqualTo(1);
    // The body is let go when the exchange completes, which may be just after the client has read
    // the end of the response.
    await().atMost(Duration.ofSeconds(20)).until(() -> heldBytes(own) == 0);
    assertThat(
            own.get(DscpMarkingFeature.RESPONSES_COUNTER).tag("class", "assured").counter().count())
        .isEqualTo(1);
  }

  private static byte[] head(int contentLength) {
    return ("POST "
            + TestServer.DEFAULT_PATH
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            + "Content-Type: text/xml; charset=UTF-8\r\nContent-Length: "
            + contentLength
            + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  private static double heldBytes(SimpleMeterRegistry registry) {
    return registry.get(QosReverseProxy.HELD_BYTES_GAUGE).gauge().value();
  }

  @Test
  void aRequestSentAByteAtATimeIsReadAndForwarded() throws Exception {
    byte[] request = Requests.text(10, ASSURED);
    try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
      socket.setSoTimeout(30_000);
      socket.setTcpNoDelay(true);
      OutputStream out = socket.getOutputStream();
      out.write(head(request.length));
      for (byte b : request) {
        out.write(b);
        out.flush();
      }
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(response).startsWith("HTTP/1.1 200").contains(EchoServiceImpl.textOf(10));
    }
    assertThat(count(DscpMarkingFeature.RESPONSES_COUNTER, "class", "assured")).isEqualTo(1);
  }

  @Test
  void everyProxiedResponseCarriesOneDate() {
    RawHttp.Response call = RawHttp.postXml(proxied(), Requests.text(10, ASSURED));
    RawHttp.Response wsdl = RawHttp.get(proxied() + "?wsdl");
    RawHttp.Response clamped = RawHttp.postXml(proxied(), Requests.text(10, EXPEDITED));
    RawHttp.Response refused = RawHttp.postXml(proxied(), new byte[0]);
    RawHttp.Response longClamped =
        RawHttp.postXml(proxied(), Requests.text(2 * 1024 * 1024, EXPEDITED));

    assertThat(call.headers("Date")).hasSize(1);
    assertThat(wsdl.headers("Date")).hasSize(1);
    assertThat(clamped.headers("Date")).hasSize(1);
    assertThat(refused.headers("Date")).hasSize(1);
    assertThat(longClamped.headers("Date")).hasSize(1);
  }

  @Test
  void anEmptyPostGetsAClientFaultAndNeverReachesTheService() {
    RawHttp.Response response = RawHttp.postXml(proxied(), new byte[0]);

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text())
        .contains("<faultcode>soap:Client</faultcode>")
        .contains("empty request body (expected: a SOAP envelope)");
    assertThat(service.invocations()).isZero();
    assertThat(count(QosReverseProxy.REJECTED_COUNTER, "reason", "empty")).isEqualTo(1);
  }

  @Test
  void anEmptyChunkedPostGetsAClientFault() throws Exception {
    String response =
        exchange(
            "POST /service HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");

    assertThat(response).startsWith("HTTP/1.1 400").contains("empty request body");
    assertThat(service.invocations()).isZero();
  }

  @Test
  void aBodyThatIsNotXmlGetsAClientFault() {
    RawHttp.Response response =
        RawHttp.post(
            proxied(),
            "{\"text\": 10}".getBytes(StandardCharsets.UTF_8),
            "Content-Type",
            "application/json");

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text()).contains("malformed SOAP request");
    assertThat(service.invocations()).isZero();
  }

  @Test
  void aBodyLongerThanTheLimitGets413BeforeItIsRead() throws Exception {
    QosReverseProxy small = smallBodies();

    // Only the head is sent: the declared length alone is refused.
    String response =
        exchange(
            small,
            "POST /service HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: text/xml\r\nContent-Length: 2049\r\n\r\n");

    assertThat(response)
        .startsWith("HTTP/1.1 413")
        .contains("request body of 2049 bytes or more (expected: at most 2048 bytes)");
    assertThat(service.invocations()).isZero();
    assertThat(
            smallRegistry
                .get(QosReverseProxy.REJECTED_COUNTER)
                .tag("reason", "body-too-large")
                .counter()
                .count())
        .isEqualTo(1);
  }

  @Test
  void aChunkedBodyThatGrowsPastTheLimitGets413() throws Exception {
    QosReverseProxy small = smallBodies();
    byte[] request = Requests.text(10, ASSURED);
    String padded =
        new String(request, StandardCharsets.UTF_8)
            .replace("</soap:Envelope>", "<!--" + "x".repeat(3000) + "--></soap:Envelope>");

    String response =
        exchange(
            small,
            "POST /service HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n"
                + Integer.toHexString(padded.length())
                + "\r\n"
                + padded
                + "\r\n0\r\n\r\n");

    assertThat(response).startsWith("HTTP/1.1 413").contains("expected: at most 2048 bytes");
    assertThat(service.invocations()).isZero();
  }

  @Test
  void aChunkedBodyIsForwardedWholeWithItsLength() throws Exception {
    byte[] request = Requests.text(10, ASSURED);
    int half = request.length / 2;
    String body = new String(request, StandardCharsets.UTF_8);

    String response =
        exchange(
            "POST /service HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: text/xml; charset=UTF-8\r\nTransfer-Encoding: chunked\r\n\r\n"
                + Integer.toHexString(half)
                + "\r\n"
                + body.substring(0, half)
                + "\r\n"
                + Integer.toHexString(request.length - half)
                + "\r\n"
                + body.substring(half)
                + "\r\n0\r\n\r\n");

    assertThat(response).startsWith("HTTP/1.1 200").contains(EchoServiceImpl.textOf(10));
    assertThat(service.invocations()).isEqualTo(1);
  }

  /** A client that waits for 100 Continue gets it from the proxy, and the service the body. */
  @Test
  void aRequestExpecting100ContinueIsForwardedWhole() throws Exception {
    byte[] request = Requests.text(10, ASSURED);
    try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /service HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                  + "Expect: 100-continue\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                  + "Content-Length: "
                  + request.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      byte[] interim = new byte["HTTP/1.1 100 Continue\r\n\r\n".length()];
      int read = 0;
      while (read < interim.length) {
        read += socket.getInputStream().read(interim, read, interim.length - read);
      }
      assertThat(new String(interim, StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 100");
      out.write(request);
      out.flush();

      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(response).startsWith("HTTP/1.1 200").contains(EchoServiceImpl.textOf(10));
    }
    assertThat(service.invocations()).isEqualTo(1);
  }

  /**
   * While one body held takes most of what the proxy may hold, another that would take it past gets
   * 503 and never reaches the service; the first, once whole, is served, and when both exchanges
   * have ended the proxy holds nothing.
   */
  @Test
  void aBodyBeyondWhatTheProxyMayHoldGets503() throws Exception {
    SimpleMeterRegistry own = new SimpleMeterRegistry();
    QosReverseProxy full =
        resources.add(
            QosReverseProxy.builder(URI.create("http://127.0.0.1:" + upstream.port()))
                .daemonThreads(true)
                .maxHeldBytes(4096)
                .meterRegistry(own)
                .start());
    byte[] small = Requests.text(10, ASSURED);
    // 4000 bytes: the proxy may hold it, but not it and another request.
    byte[] large =
        new String(small, StandardCharsets.UTF_8)
            .replace(
                "</soap:Envelope>",
                "<!--" + "x".repeat(4000 - small.length - 7) + "--></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);
    int part = large.length - 10;
    try (Socket socket = new Socket("127.0.0.1", full.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(head(large.length));
      out.write(large, 0, part);
      out.flush();
      await().atMost(Duration.ofSeconds(20)).until(() -> heldBytes(own) == part);

      RawHttp.Response refused = RawHttp.postXml(full.address() + TestServer.DEFAULT_PATH, small);

      assertThat(refused.status()).isEqualTo(503);
      assertThat(refused.text())
          .contains("<faultcode>soap:Server</faultcode>")
          .contains("the proxy holds as many request bodies as it may (4096 bytes)");
      assertThat(service.invocations()).isZero();

      out.write(large, part, large.length - part);
      out.flush();
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(response).startsWith("HTTP/1.1 200").contains(EchoServiceImpl.textOf(10));
    }
    assertThat(service.invocations()).isEqualTo(1);
    assertThat(own.get(QosReverseProxy.REJECTED_COUNTER).tag("reason", "busy").counter().count())
        .isEqualTo(1);
    // The body is let go when the exchange completes, which may be just after the client has read
    // the end of the response.
    await().atMost(Duration.ofSeconds(20)).until(() -> heldBytes(own) == 0);
  }

  @Test
  void aBodyNotWholeWithinTheBodyTimeoutGets408AndNeverReachesTheService() throws Exception {
    SimpleMeterRegistry own = new SimpleMeterRegistry();
    QosReverseProxy hurried =
        resources.add(
            QosReverseProxy.builder(URI.create("http://127.0.0.1:" + upstream.port()))
                .daemonThreads(true)
                .bodyTimeout(Duration.ofMillis(300))
                .meterRegistry(own)
                .start());
    byte[] request = Requests.text(10, ASSURED);
    try (Socket socket = new Socket("127.0.0.1", hurried.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(head(request.length));
      out.write(request, 0, request.length - 10);
      out.flush();

      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(response)
          .startsWith("HTTP/1.1 408")
          .contains("<faultcode>soap:Client</faultcode>")
          .contains("request body not received within 300 ms");
    }
    assertThat(service.invocations()).isZero();
    assertThat(
            own.get(QosReverseProxy.REJECTED_COUNTER)
                .tag("reason", "body-timeout")
                .counter()
                .count())
        .isEqualTo(1);
    // The body is let go when the exchange completes, which may be just after the client has read
    // the end of the response.
    await().atMost(Duration.ofSeconds(20)).until(() -> heldBytes(own) == 0);
  }

  private final SimpleMeterRegistry smallRegistry = new SimpleMeterRegistry();

  /** A proxy for bodies of at most 2 KiB, counting in {@link #smallRegistry}. */
  private QosReverseProxy smallBodies() {
    return resources.add(
        QosReverseProxy.builder(URI.create("http://127.0.0.1:" + upstream.port()))
            .daemonThreads(true)
            .maxBodyBytes(2048)
            .meterRegistry(smallRegistry)
            .start());
  }

  private String exchange(String request) throws Exception {
    return exchange(proxy, request);
  }

  /** Sends {@code request} as it is and reads the response until the proxy closes. */
  private static String exchange(QosReverseProxy target, String request) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", target.port())) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
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
