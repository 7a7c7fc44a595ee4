package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * An attack on a server with the default limits: 300 clients sending a body a byte a second and 40
 * sending 20 MB bodies, over and over, while a well-behaved client keeps calling the endpoint.
 * Every call of the well-behaved client is answered, and the heap holds no more than the in-flight
 * budget and some slack.
 */
class SlowAndLargeClientsTest {

  private static final int SLOW_CLIENTS = 300;
  private static final int LARGE_CLIENTS = 40;
  private static final int LARGE_BODY_BYTES = 20_000_000;

  /**
   * How fast each large client sends: a client on a fast network, not a loopback flood. Unpaced, 40
   * senders in this JVM would spend both cores copying bytes, and the probes would measure that
   * rather than whether the server holds them back.
   */
  private static final long LARGE_CLIENT_BYTES_PER_SECOND = 4_000_000;

  private static final Duration ATTACK = Duration.ofSeconds(15);

  // Far above any answer of an unloaded server: only a starved probe fails.
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(10);
  private static final int SOCKET_TIMEOUT_MILLIS = 30_000;

  /**
   * The most the used heap may grow while attacked, measured after a full collection, from what it
   * held once the endpoint had served its first call: the in-flight budget of request bodies, plus
   * 32 MiB for what else the attack holds in this JVM (Jetty's buffers and 340 connections, the
   * endpoint's work, the attacking clients' own objects). Without the budget, 40 bodies of 20 MB
   * are 800 MB before CXF has read any of them.
   */
  private static final long MAX_HEAP_GROWTH_BYTES =
      EmbeddedServer.DEFAULT_MAX_IN_FLIGHT_BODY_BYTES + 32L * 1024 * 1024;

  @Test
  void slowAndLargeClientsStarveNobodyAndStayWithinTheHeapBudget() throws Exception {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    List<Socket> slow = Collections.synchronizedList(new ArrayList<>());
    ConcurrentHashMap<Integer, AtomicLong> largeAnswers = new ConcurrentHashMap<>();
    ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
    ExecutorService large = Executors.newFixedThreadPool(LARGE_CLIENTS);
    List<Long> probeMillis = new ArrayList<>();
    long maxGrowth = 0;

    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {
      HttpClient client = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();
      // The endpoint's first call, which loads and compiles CXF's path, is not what is measured.
      assertThat(client.send(probe(server), HttpResponse.BodyHandlers.ofString()).statusCode())
          .isEqualTo(200);
      memory.gc();
      long baseline = memory.getHeapMemoryUsage().getUsed();
      for (int i = 0; i < SLOW_CLIENTS; i++) {
        Socket socket = new Socket("127.0.0.1", server.port());
        slow.add(socket);
        write(socket, head("Content-Length: 1000"));
      }
      trickle.scheduleAtFixedRate(() -> oneByteEach(slow), 0, 1, TimeUnit.SECONDS);
      long end = System.nanoTime() + ATTACK.toNanos();
      List<Future<?>> senders = new ArrayList<>();
      for (int i = 0; i < LARGE_CLIENTS; i++) {
        boolean chunked = i % 2 == 1;
        senders.add(large.submit(() -> sendLargeUntil(server, chunked, end, largeAnswers)));
      }

      long nextHeapLook = 0;
      while (System.nanoTime() < end) {
        long start = System.nanoTime();
        HttpResponse<String> answer =
            client.send(probe(server), HttpResponse.BodyHandlers.ofString());
        probeMillis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).contains("echo: hi");
        if (System.nanoTime() > nextHeapLook) {
          memory.gc();
          maxGrowth = Math.max(maxGrowth, memory.getHeapMemoryUsage().getUsed() - baseline);
          nextHeapLook = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        }
      }
      for (Future<?> sender : senders) {
        sender.get(SOCKET_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
      }
    } finally {
      trickle.shutdownNow();
      large.shutdownNow();
      synchronized (slow) {
        for (Socket socket : slow) {
          socket.close();
        }
      }
    }

    Collections.sort(probeMillis);
    long p99 = probeMillis.get((int) Math.ceil(probeMillis.size() * 0.99) - 1);
    System.out.printf(
        "probes: %d answered 200, p50 %d ms, p99 %d ms, max %d ms; large bodies answered %s;"
            + " most heap growth after GC %d MiB (bound %d MiB)%n",
        probeMillis.size(),
        probeMillis.get(probeMillis.size() / 2),
        p99,
        probeMillis.get(probeMillis.size() - 1),
        largeAnswers,
        maxGrowth >> 20,
        MAX_HEAP_GROWTH_BYTES >> 20);
    assertThat(probeMillis).hasSizeGreaterThan(10);
    assertThat(largeAnswers.keySet()).isNotEmpty().isSubsetOf(413, 503);
    assertThat(maxGrowth).isLessThan(MAX_HEAP_GROWTH_BYTES);
  }

  private static void oneByteEach(List<Socket> sockets) {
    synchronized (sockets) {
      for (Socket socket : sockets) {
        try {
          socket.getOutputStream().write('x');
        } catch (IOException closedByTheServer) {
          // a slow client the server gave up on is still a slow client
        }
      }
    }
  }

  /**
   * Sends 20 MB bodies at {@link #LARGE_CLIENT_BYTES_PER_SECOND}, one connection each, until {@code
   * end}; counts the statuses answered.
   */
  private static Void sendLargeUntil(
      EmbeddedServer server,
      boolean chunked,
      long end,
      ConcurrentHashMap<Integer, AtomicLong> answers)
      throws IOException, InterruptedException {
    byte[] piece = new byte[64 * 1024];
    java.util.Arrays.fill(piece, (byte) 'x');
    String prefix =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
            + "<e:echo xmlns:e=\"http://wsqos.io/ns/test/server\"><arg0>";
    while (System.nanoTime() < end) {
      try (Socket socket = new Socket("127.0.0.1", server.port())) {
        socket.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
        OutputStream out = socket.getOutputStream();
        try {
          write(
              socket,
              head(chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + LARGE_BODY_BYTES));
          String chunkHead = chunked ? Integer.toHexString(piece.length) + "\r\n" : "";
          out.write(
              ((chunked ? Integer.toHexString(prefix.length()) + "\r\n" : "")
                      + prefix
                      + (chunked ? "\r\n" : ""))
                  .getBytes(StandardCharsets.US_ASCII));
          long pieceNanos = TimeUnit.SECONDS.toNanos(piece.length) / LARGE_CLIENT_BYTES_PER_SECOND;
          long due = System.nanoTime();
          for (int sent = prefix.length(); sent < LARGE_BODY_BYTES; sent += piece.length) {
            due += pieceNanos;
            long early = due - System.nanoTime();
            if (early > 0) {
              TimeUnit.NANOSECONDS.sleep(early);
            }
            out.write(chunkHead.getBytes(StandardCharsets.US_ASCII));
            out.write(piece);
            if (chunked) {
              out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
          }
        } catch (IOException refusedAndClosed) {
          // the server answered and closed the connection before the body was all sent
        }
        answers
            .computeIfAbsent(status(socket.getInputStream()), s -> new AtomicLong())
            .incrementAndGet();
      }
    }
    return null;
  }

  private static int status(InputStream in) throws IOException {
    byte[] line = new byte[12];
    int read = in.readNBytes(line, 0, line.length);
    return read < 12 ? -1 : Integer.parseInt(new String(line, 9, 3, StandardCharsets.US_ASCII));
  }

  private static String head(String framing) {
    return "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=UTF-8\r\n"
        + "SOAPAction: \"\"\r\nConnection: close\r\n"
        + framing
        + "\r\n\r\n";
  }

  private static void write(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
  }

  private static HttpRequest probe(EmbeddedServer server) {
    return HttpRequest.newBuilder(URI.create(server.address("/echo")))
        .timeout(PROBE_TIMEOUT)
        .header("Content-Type", "text/xml; charset=UTF-8")
        .header("SOAPAction", "\"\"")
        .POST(HttpRequest.BodyPublishers.ofString(EmbeddedServerTest.ECHO_REQUEST))
        .build();
  }
}
