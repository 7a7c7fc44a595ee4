package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.testing.Closer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Clients that send their bodies slowly, connected to the proxy all at once, must not starve the
 * service behind it: the proxy holds their bodies and connects to the service only for whole ones.
 */
class SlowClientsTest {

  private static final int SLOW_CLIENTS = 300;
  private static final int PROBES = 100;

  /** Far above a probe's time on a quiet machine: only catches a probe that is starved. */
  private static final long PROBE_TIMEOUT_SECONDS = 10;

  @RegisterExtension final Closer resources = new Closer();

  @Test
  void probesThroughTheProxyAreAnsweredWhileSlowClientsHoldTheirBodies() throws Exception {
    EchoServiceImpl service = new EchoServiceImpl();
    TestServer upstream = resources.add(TestServer.start(EchoService.class, service));
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    QosReverseProxy proxy =
        resources.add(
            QosReverseProxy.builder(URI.create("http://127.0.0.1:" + upstream.port()))
                .daemonThreads(true)
                // The slow clients must still be there when the probes are done.
                .bodyTimeout(Duration.ofMinutes(5))
                .meterRegistry(registry)
                .start());
    TransportPriority[] classes = TransportPriority.values();
    long sentBySlowClients = 0;
    for (int i = 0; i < SLOW_CLIENTS; i++) {
      byte[] request = Requests.text(10, classes[i % classes.length]);
      // Everything up to the operation's argument: a whole SOAP header, then nothing more.
      int part = new String(request, StandardCharsets.UTF_8).indexOf("<chars>");
      Socket socket = resources.add(new Socket("127.0.0.1", proxy.port()));
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /service HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                  + "Content-Length: "
                  + request.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(request, 0, part);
      out.flush();
      sentBySlowClients += part;
    }
    long expected = sentBySlowClients;
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> registry.get(QosReverseProxy.HELD_BYTES_GAUGE).gauge().value() == expected);

    long[] millis = new long[PROBES];
    for (int i = 0; i < PROBES; i++) {
      long start = System.nanoTime();
      RawHttp.Response response =
          CompletableFuture.supplyAsync(
                  () -> RawHttp.postXml(proxy.address() + "/service", Requests.text(10, ASSURED)))
              .get(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      millis[i] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.text()).contains(EchoServiceImpl.textOf(10));
    }

    assertThat(service.invocations()).isEqualTo(PROBES);
    assertThat(registry.get(QosReverseProxy.HELD_BYTES_GAUGE).gauge().value()).isEqualTo(expected);
    Arrays.sort(millis);
    System.out.printf(
        "SlowClientsTest: %d probes beside %d slow clients: p50 %d ms, p99 %d ms, max %d ms%n",
        PROBES,
        SLOW_CLIENTS,
        millis[PROBES / 2],
        millis[(int) Math.ceil(PROBES * 0.99) - 1],
        millis[PROBES - 1]);
  }
}
