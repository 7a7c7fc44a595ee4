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
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Clients that send their bodies slowly, connected to the proxy all at once, and clients sending 20
 * MB bodies over and over, must not starve the service behind it: the proxy holds bodies, connects
 * to the service only for whole ones, and refuses bodies over its bounds (413, 503).
 */
class SlowClientsTest {

  private static final int SLOW_CLIENTS = 300;
  private static final int PROBES = 100;
  private static final int LARGE_CLIENTS = 40;
  private static final int LARGE_BODY_BYTES = 20_000_000;

  /** Each large client sends as a client on a fast network would, not as a loopback flood. */
  private static final long LARGE_CLIENT_BYTES_PER_SECOND = 4_000_000;

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

    AtomicBoolean stop = new AtomicBoolean();
    Map<Integer, AtomicLong> largeAnswers = new ConcurrentHashMap<>();
    ExecutorService large = Executors.newFixedThreadPool(LARGE_CLIENTS);
    List<Future<?>> senders = new ArrayList<>();
    for (int i = 0; i < LARGE_CLIENTS; i++) {
      boolean chunked = i % 2 == 1;
      senders.add(large.submit(() -> sendLarge(proxy.port(), chunked, stop, largeAnswers)));
    }

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

    // Long enough for chunked bodies to reach the proxy's largest (16 MiB at 4 MB/s).
    await().atMost(Duration.ofSeconds(60)).until(() -> largeAnswers.containsKey(413));
    stop.set(true);
    for (Future<?> sender : senders) {
      sender.get(60, TimeUnit.SECONDS);
    }
    large.shutdown();

    // No large body reached the service, and the proxy lets go of every one it held.
    assertThat(service.invocations()).isEqualTo(PROBES);
    assertThat(largeAnswers.keySet()).isSubsetOf(413, 503);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> registry.get(QosReverseProxy.HELD_BYTES_GAUGE).gauge().value() == expected);
    Arrays.sort(millis);
    System.out.printf(
        "SlowClientsTest: %d probes beside %d slow clients and %d large ones (answered %s):"
            + " p50 %d ms, p99 %d ms, max %d ms%n",
        PROBES,
        SLOW_CLIENTS,
        LARGE_CLIENTS,
        largeAnswers,
        millis[PROBES / 2],
        millis[(int) Math.ceil(PROBES * 0.99) - 1],
        millis[PROBES - 1]);
  }

  /**
   * Sends 20 MB bodies at {@link #LARGE_CLIENT_BYTES_PER_SECOND}, a connection each, until {@code
   * stop}; counts the statuses of the bodies the proxy answered.
   */
  private static Void sendLarge(
      int port, boolean chunked, AtomicBoolean stop, Map<Integer, AtomicLong> answers)
      throws IOException, InterruptedException {
    byte[] piece = new byte[64 * 1024];
    Arrays.fill(piece, (byte) 'x');
    byte[] chunkHead =
        (Integer.toHexString(piece.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
    // A SOAP request whose argument is 20 MB of text: the proxy reads its (absent) header and holds
    // it.
    byte[] start =
        ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<e:echo xmlns:e=\"http://wsqos.io/ns/testing/echo\"><text>")
            .getBytes(StandardCharsets.US_ASCII);
    long pieceNanos = TimeUnit.SECONDS.toNanos(piece.length) / LARGE_CLIENT_BYTES_PER_SECOND;
    while (!stop.get()) {
      try (Socket socket = new Socket("127.0.0.1", port)) {
        socket.setSoTimeout(60_000);
        OutputStream out = socket.getOutputStream();
        out.write(
            ("POST /service HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                    + (chunked
                        ? "Transfer-Encoding: chunked"
                        : "Content-Length: " + LARGE_BODY_BYTES)
                    + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        long due = System.nanoTime();
        boolean stopped = false;
        try {
          if (chunked) {
            out.write(
                (Integer.toHexString(start.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
          }
          out.write(start);
          if (chunked) {
            out.write(new byte[] {'\r', '\n'});
          }
          for (int sent = start.length; sent < LARGE_BODY_BYTES; sent += piece.length) {
            if (stop.get()) {
              stopped = true;
              break;
            }
            due += pieceNanos;
            long early = due - System.nanoTime();
            if (early > 0) {
              TimeUnit.NANOSECONDS.sleep(early);
            }
            if (chunked) {
              out.write(chunkHead);
            }
            out.write(piece);
            if (chunked) {
              out.write(new byte[] {'\r', '\n'});
            }
          }
        } catch (IOException refusedAndClosed) {
          // the proxy answered and closed before the body was all sent
        }
        if (!stopped) {
          byte[] line = socket.getInputStream().readNBytes(12);
          int status =
              line.length < 12
                  ? -1
                  : Integer.parseInt(new String(line, 9, 3, StandardCharsets.US_ASCII));
          answers.computeIfAbsent(status, k -> new AtomicLong()).incrementAndGet();
        }
      }
    }
    return null;
  }
}
