package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.testing.Closer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.net.ClosedPort;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The proxy in front of a service that refuses, hangs, is slow or answers with broken bytes. */
class UpstreamFailureTest {

  /** Far above every timeout the proxies here are given: only catches a proxy that hangs. */
  private static final long HANG_SECONDS = 20;

  private static final Duration SHORT = Duration.ofMillis(300);

  @RegisterExtension final Closer resources = new Closer();

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  private QosReverseProxy proxy(URI upstream) {
    return resources.add(
        QosReverseProxy.builder(upstream)
            .daemonThreads(true)
            .upstreamConnectTimeout(SHORT)
            .upstreamIdleTimeout(SHORT)
            .meterRegistry(registry)
            .start());
  }

  private double upstreamConnections(String state) {
    return registry
        .get(QosReverseProxy.UPSTREAM_CONNECTIONS_GAUGE)
        .tag("state", state)
        .gauge()
        .value();
  }

  private static RawHttp.Response call(QosReverseProxy proxy) throws Exception {
    return CompletableFuture.supplyAsync(
            () -> RawHttp.postXml(proxy.address() + "/service", Requests.text(10, ASSURED)))
        .get(HANG_SECONDS, TimeUnit.SECONDS);
  }

  private double failures(String reason) {
    return registry
        .get(QosReverseProxy.UPSTREAM_FAILURES_COUNTER)
        .tag("reason", reason)
        .counter()
        .count();
  }

  @Test
  void aRefusedConnectionGets502WithAServerFault() throws Exception {
    ClosedPort closed = resources.add(ClosedPort.open());
    QosReverseProxy proxy = proxy(URI.create("http://127.0.0.1:" + closed.port()));

    RawHttp.Response response = call(proxy);

    assertThat(response.status()).isEqualTo(502);
    assertThat(response.headers("Date")).hasSize(1);
    assertThat(response.header("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("text/xml"));
    assertThat(response.text())
        .contains("<faultcode>soap:Server</faultcode>")
        .contains("the service behind the proxy refused the connection")
        .doesNotContain(String.valueOf(closed.port()));
    assertThat(failures("refused")).isEqualTo(1);
  }

  @Test
  void aHungUpstreamGets504AfterTheIdleTimeout() throws Exception {
    ScriptedUpstream upstream = resources.add(ScriptedUpstream.hung());
    QosReverseProxy proxy = proxy(upstream.uri());

    RawHttp.Response response = call(proxy);

    assertThat(response.status()).isEqualTo(504);
    assertThat(response.text())
        .contains("<faultcode>soap:Server</faultcode>")
        .contains("sent nothing for 300 ms (the proxy's upstream idle timeout)");
    assertThat(upstream.requests()).isEqualTo(1);
    assertThat(failures("idle-timeout")).isEqualTo(1);
  }

  @Test
  void anUpstreamThatAnswersAfterTheIdleTimeoutGets504AndItsLateAnswerIsDropped() throws Exception {
    ScriptedUpstream upstream =
        resources.add(
            ScriptedUpstream.start(
                (request, socket) -> {
                  // Answers only once the proxy has given up on it.
                  ScriptedUpstream.awaitClosedByPeer(socket);
                  socket
                      .getOutputStream()
                      .write(
                          "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nlate"
                              .getBytes(StandardCharsets.US_ASCII));
                }));
    QosReverseProxy proxy = proxy(upstream.uri());

    RawHttp.Response response = call(proxy);

    assertThat(response.status()).isEqualTo(504);
    assertThat(response.text()).doesNotContain("late");
    assertThat(failures("idle-timeout")).isEqualTo(1);
  }

  @Test
  void anUpstreamThatStallsInItsBodyHasTheClientsConnectionClosed() throws Exception {
    ScriptedUpstream upstream =
        resources.add(
            ScriptedUpstream.start(
                (request, socket) -> {
                  socket
                      .getOutputStream()
                      .write(
                          ("HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: 1000\r\n"
                                  + "\r\n<first-ten>")
                              .getBytes(StandardCharsets.US_ASCII));
                  socket.getOutputStream().flush();
                  ScriptedUpstream.awaitClosedByPeer(socket);
                }));
    QosReverseProxy proxy = proxy(upstream.uri());

    RawHttp.Response response = call(proxy);

    // The head had gone to the client: the proxy can only end the connection short.
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Length")).contains("1000");
    assertThat(response.content()).hasSizeLessThan(1000);
    assertThat(failures("idle-timeout")).isEqualTo(1);
  }

  @Test
  void anUpstreamThatDoesNotAcceptGets504AfterTheConnectTimeout() throws Exception {
    FullAcceptQueue full = resources.add(FullAcceptQueue.open());
    QosReverseProxy proxy = proxy(URI.create("http://127.0.0.1:" + full.port()));

    RawHttp.Response response = call(proxy);

    assertThat(response.status()).isEqualTo(504);
    assertThat(response.text())
        .contains("did not accept a connection within 300 ms (the proxy's upstream connect");
    assertThat(failures("connect-timeout")).isEqualTo(1);
  }

  @Test
  void aHeaderLineEndingInABareLineFeedGets502AndNothingOfItIsForwarded() throws Exception {
    ScriptedUpstream upstream =
        resources.add(
            ScriptedUpstream.answering(
                "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nX-Note: a\nSet-Cookie: session=forged"
                    + "\r\nContent-Length: 2\r\n\r\nok"));
    QosReverseProxy proxy = proxy(upstream.uri());

    RawHttp.Response response = call(proxy);

    assertThat(response.status()).isEqualTo(502);
    assertThat(response.headers("Set-Cookie")).isEmpty();
    assertThat(response.headers("X-Note")).isEmpty();
    assertThat(response.text())
        .contains("<faultcode>soap:Server</faultcode>")
        .contains("a line of the response head ends in a bare LF (expected: CRLF)");
    assertThat(failures("malformed-response")).isEqualTo(1);
  }

  @Test
  void aStatusLineThatIsNotHttpGets502() throws Exception {
    ScriptedUpstream upstream = resources.add(ScriptedUpstream.answering("SMTP ready\r\n\r\n"));
    QosReverseProxy proxy = proxy(upstream.uri());

    RawHttp.Response response = call(proxy);

    assertThat(response.status()).isEqualTo(502);
    assertThat(response.text()).contains("sent a malformed response");
    assertThat(failures("malformed-response")).isEqualTo(1);
  }

  @Test
  void anUpstreamThatClosesBeforeAnsweringGets502() throws Exception {
    ScriptedUpstream upstream =
        resources.add(ScriptedUpstream.start((request, socket) -> socket.close()));
    QosReverseProxy proxy = proxy(upstream.uri());

    RawHttp.Response response = call(proxy);

    assertThat(response.status()).isEqualTo(502);
    assertThat(response.text()).contains("closed the connection before it answered");
  }

  @Test
  void wellFormedResponsesPassOnAKeptAliveConnectionWhateverTheirBodiesHold() throws Exception {
    String body = "line one\nline two\n\nHTTP/1.1 200 OK\n";
    ScriptedUpstream upstream =
        resources.add(
            ScriptedUpstream.answering(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Note: kept\r\nContent-Length: "
                    + body.length()
                    + "\r\n\r\n"
                    + body));
    QosReverseProxy proxy = proxy(upstream.uri());

    RawHttp.Response first = RawHttp.get(proxy.address() + "/service?wsdl");
    // The client may read the whole response before the proxy's pool takes the connection back;
    // the second exchange must find it there to show that the body did not disturb the framing.
    await().until(() -> upstreamConnections("idle") == 1);
    RawHttp.Response second = RawHttp.get(proxy.address() + "/service?wsdl");

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.text()).isEqualTo(body);
    assertThat(first.headers("X-Note")).containsExactly("kept");
    assertThat(second.status()).isEqualTo(200);
    assertThat(second.text()).isEqualTo(body);
    assertThat(upstream.requests()).isEqualTo(2);
    assertThat(upstream.connections()).isEqualTo(1);
    await().until(() -> upstreamConnections("idle") == 1);
    assertThat(upstreamConnections("active")).isZero();
  }
}
