package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.ServerAction;
import io.wsqos.testing.Closer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each option of {@link ProxyMain}, by its effect on the proxy it configures. */
class ProxyMainTest {

  /** Far above every timeout the options here set: only catches a proxy that hangs. */
  private static final long HANG_SECONDS = 20;

  @RegisterExtension final Closer resources = new Closer();

  private final EchoServiceImpl service = new EchoServiceImpl();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private TestServer upstream;

  @BeforeEach
  void startService() {
    upstream = resources.add(TestServer.start(EchoService.class, service));
  }

  /** A proxy started from {@code options}, with {@code --target} the service unless given. */
  private QosReverseProxy start(String... options) {
    List<String> all = new ArrayList<>(List.of(options));
    if (!all.contains("--target")) {
      all.addAll(List.of("--target", "http://127.0.0.1:" + upstream.port()));
    }
    return resources.add(
        ProxyMain.configure(ProxyMain.OPTIONS.parse(all.toArray(String[]::new)))
            .daemonThreads(true)
            .meterRegistry(registry)
            .start());
  }

  private static RawHttp.Response call(QosReverseProxy proxy, byte[] body) throws Exception {
    return CompletableFuture.supplyAsync(
            () -> RawHttp.postXml(proxy.address() + TestServer.DEFAULT_PATH, body))
        .get(HANG_SECONDS, TimeUnit.SECONDS);
  }

  @Test
  void upstreamIsWhereCallsGo() throws Exception {
    QosReverseProxy proxy = start();

    RawHttp.Response response = call(proxy, Requests.text(5, ASSURED));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains(EchoServiceImpl.textOf(5));
    assertThat(service.invocations()).isEqualTo(1);
  }

  @Test
  void portIsWhereTheProxyListens() throws Exception {
    int free;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      free = probe.getLocalPort();
    }

    QosReverseProxy proxy = start("--port", String.valueOf(free));

    assertThat(proxy.port()).isEqualTo(free);
    assertThat(RawHttp.postXml("http://127.0.0.1:" + free + "/service", Requests.text(5)).status())
        .isEqualTo(200);
  }

  @Test
  void hostIsTheOnlyInterfaceTheProxyListensOn() throws Exception {
    QosReverseProxy proxy = start("--host", "127.0.0.2");

    assertThat(proxy.address()).startsWith("http://127.0.0.2:");
    assertThat(call(proxy, Requests.text(5)).status()).isEqualTo(200);
    assertThatThrownBy(
            () -> {
              try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", proxy.port()), 5_000);
              }
            })
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void ipv4ListensOnAnIpv4ChannelThatCannotTakeAnIpv6Address() throws Exception {
    QosReverseProxy dualStack = start("--host", "::1");
    assertThat(call(dualStack, Requests.text(5)).status()).isEqualTo(200);

    assertThatThrownBy(() -> start("--host", "::1", "--ipv4"))
        .hasStackTraceContaining("on an INET channel");
  }

  @Test
  void maxHeaderBytesBoundsTheSoapHeader() throws Exception {
    QosReverseProxy proxy = start("--max-header-bytes", "512");
    byte[] longHeader =
        ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
                + "<x:Big xmlns:x=\"urn:x\">"
                + "y".repeat(600)
                + "</x:Big></soap:Header><soap:Body/></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);

    RawHttp.Response response = call(proxy, longHeader);

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text()).contains("SOAP header longer than 512 bytes");
    assertThat(service.invocations()).isZero();
  }

  @Test
  void maxBodyBytesBoundsTheBody() throws Exception {
    QosReverseProxy proxy = start("--max-body-bytes", "2048");
    byte[] small = Requests.text(5);
    byte[] large =
        new String(small, StandardCharsets.UTF_8)
            .replace("</soap:Envelope>", "<!--" + "x".repeat(3000) + "--></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);

    RawHttp.Response refused = call(proxy, large);
    RawHttp.Response served = call(proxy, small);

    assertThat(refused.status()).isEqualTo(413);
    assertThat(refused.text()).contains("expected: at most 2048 bytes");
    assertThat(served.status()).isEqualTo(200);
    assertThat(service.invocations()).isEqualTo(1);
  }

  @Test
  void maxHeldBytesBoundsTheBodiesHeldAtOnce() throws Exception {
    QosReverseProxy proxy = start("--max-held-bytes", "1024");
    byte[] large =
        new String(Requests.text(5), StandardCharsets.UTF_8)
            .replace("</soap:Envelope>", "<!--" + "x".repeat(1000) + "--></soap:Envelope>")
            .getBytes(StandardCharsets.UTF_8);

    RawHttp.Response response = call(proxy, large);

    assertThat(response.status()).isEqualTo(503);
    assertThat(response.text()).contains("(1024 bytes)");
    assertThat(service.invocations()).isZero();
  }

  @Test
  void bodyTimeoutBoundsTheTimeToSendTheBody() throws Exception {
    QosReverseProxy proxy = start("--body-timeout", "300ms");
    byte[] request = Requests.text(5);

    try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
      socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(HANG_SECONDS));
      socket
          .getOutputStream()
          .write(
              ("POST /service HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\n"
                      + "Content-Length: "
                      + request.length
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().write(request, 0, request.length / 2);
      socket.getOutputStream().flush();
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(response).startsWith("HTTP/1.1 408").contains("not received within 300 ms");
    }
  }

  @Test
  void upstreamConnectTimeoutBoundsTheConnection() throws Exception {
    FullAcceptQueue full = resources.add(FullAcceptQueue.open());
    QosReverseProxy proxy =
        start("--target", "http://127.0.0.1:" + full.port(), "--upstream-connect-timeout", "300ms");

    RawHttp.Response response = call(proxy, Requests.text(5));

    assertThat(response.status()).isEqualTo(504);
    assertThat(response.text()).contains("did not accept a connection within 300 ms");
  }

  @Test
  void upstreamIdleTimeoutBoundsTheWaitForTheService() throws Exception {
    ScriptedUpstream hung = resources.add(ScriptedUpstream.hung());
    QosReverseProxy proxy =
        start("--target", hung.uri().toString(), "--upstream-idle-timeout", "300ms");

    RawHttp.Response response = call(proxy, Requests.text(5));

    assertThat(response.status()).isEqualTo(504);
    assertThat(response.text()).contains("sent nothing for 300 ms");
  }

  @Test
  void entitlementIsTheHighestClassOfClientsNotNamed() throws Exception {
    QosReverseProxy proxy = start("--entitlement", "best-effort");

    RawHttp.Response response = call(proxy, Requests.text(5, ASSURED));

    ServerAction action = Responses.serverAction(response.content()).orElseThrow();
    assertThat(action.clampedFrom()).contains(ASSURED);
    assertThat(action.grantedPriority()).contains(BEST_EFFORT);
  }

  @Test
  void entitleGivesANamedClientItsOwnHighestClass() throws Exception {
    QosReverseProxy proxy =
        start("--entitlement", "best-effort", "--entitle", "127.0.0.1=expedited");

    RawHttp.Response response = call(proxy, Requests.text(5, EXPEDITED));

    assertThat(response.status()).isEqualTo(200);
    assertThat(Responses.serverAction(response.content())).isEmpty();
    assertThat(
            registry
                .get(DscpMarkingFeature.RESPONSES_COUNTER)
                .tag("class", "expedited")
                .counter()
                .count())
        .isEqualTo(1);
  }

  /**
   * The DSCPs reach the mapping: assured takes expedited's default (46), which is accepted only
   * because expedited moves elsewhere, and a clamped response reports it.
   */
  @Test
  void dscpOptionsSetTheMapping() throws Exception {
    QosReverseProxy proxy = start("--dscp-assured", "46", "--dscp-expedited", "10");

    RawHttp.Response response = call(proxy, Requests.text(5, EXPEDITED));

    ServerAction action = Responses.serverAction(response.content()).orElseThrow();
    assertThat(action.grantedPriority()).contains(ASSURED);
    assertThat(action.dscp()).hasValue(46);
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                ProxyMain.configure(
                    ProxyMain.OPTIONS.parse(
                        "--target", "http://127.0.0.1:1", "--dscp-assured", "46")));
  }

  @Test
  void aMalformedEntitlementNamesTheOption() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                ProxyMain.configure(
                    ProxyMain.OPTIONS.parse(
                        "--target", "http://127.0.0.1:1", "--entitle", "10.0.0.1=gold")))
        .withMessage(
            "--entitle: '10.0.0.1=gold' (expected: ADDRESS=CLASS, CLASS one of best-effort,"
                + " assured, expedited)");
  }

  @Test
  void aTimeoutOutOfRangeNamesTheOption() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                ProxyMain.configure(
                    ProxyMain.OPTIONS.parse(
                        "--target", "http://127.0.0.1:1", "--upstream-idle-timeout", "0ms")))
        .withMessage("--upstream-idle-timeout: 0ms (expected: 1ms..1h)");
  }

  @Test
  void badOptionsExitWithStatusTwoAndTheUsage() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status =
        ProxyMain.run(
            new String[] {"--port", "70000", "--target", "http://127.0.0.1:1"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--port").contains("--target");
  }

  @Test
  void theServiceIsNamedByTargetAndTheOldUpstreamIsAnUnknownOption() {
    assertThat(ProxyMain.OPTIONS.parse("--target", "http://127.0.0.1:1").get(ProxyMain.TARGET))
        .isEqualTo("http://127.0.0.1:1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ProxyMain.OPTIONS.parse("--upstream", "http://127.0.0.1:1"))
        .withMessageStartingWith("--upstream: unknown option");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ProxyMain.OPTIONS.parse("--port", "8081"))
        .withMessage("--target: missing (expected: --target URL)");
  }

  @Test
  void helpPrintsTheUsage() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int status =
        ProxyMain.run(
            new String[] {"--help"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("--entitle")
        .contains("--ipv4")
        .contains("--max-body-bytes")
        .contains("--max-held-bytes")
        .contains("--body-timeout")
        .contains("--upstream-connect-timeout")
        .contains("--upstream-idle-timeout");
  }

  @Test
  void theCountersAreServedOnMetricsInPrometheusText() throws Exception {
    ProxyMain.Running running =
        resources.add(
            ProxyMain.start(
                ProxyMain.OPTIONS.parse("--target", "http://127.0.0.1:" + upstream.port()), true));

    RawHttp.Response response = call(running.proxy(), Requests.text(5, ASSURED));
    RawHttp.Response metrics = RawHttp.get(running.metricsAddress());

    assertThat(response.status()).isEqualTo(200);
    assertThat(metrics.status()).isEqualTo(200);
    assertThat(metrics.header("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain; version=0.0.4"));
    assertThat(metrics.text())
        .contains("wsqos_proxy_responses_total{class=\"assured\"} 1.0")
        .contains("wsqos_proxy_held_bytes");
    assertThat(RawHttp.get(running.proxy().address() + ProxyMain.METRICS_PATH).text())
        .as("the proxy's own port forwards /metrics to the service")
        .doesNotContain("wsqos_proxy_responses_total");
  }

  @Test
  void metricsHostAndPortAreWhereTheCountersAreServed() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }

    ProxyMain.Running running =
        resources.add(
            ProxyMain.start(
                ProxyMain.OPTIONS.parse(
                    "--target",
                    "http://127.0.0.1:" + upstream.port(),
                    "--metrics-host",
                    "127.0.0.1",
                    "--metrics-port",
                    String.valueOf(port)),
                true));

    assertThat(running.metricsAddress()).isEqualTo("http://127.0.0.1:" + port + "/metrics");
    assertThat(RawHttp.get(running.metricsAddress()).status()).isEqualTo(200);
  }
}
