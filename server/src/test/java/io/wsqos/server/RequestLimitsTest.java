package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The limits every server puts on a request: its body's size and time, and all bodies held. */
class RequestLimitsTest {

  // Far above any exchange here: only a hang fails a test.
  private static final int SOCKET_TIMEOUT_MILLIS = 30_000;

  private final List<Socket> sockets = new ArrayList<>();
  private final Measure measure = new Measure();

  @AfterEach
  void closeSockets() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
  }

  @Test
  void aBodyOverTheLimitByItsContentLengthIsAnswered413BeforeItIsSent() throws Exception {
    try (EmbeddedServer server = server(EmbeddedServer.builder().maxRequestBodyBytes(1000))) {
      Socket client = connect(server);

      send(client, head("POST /measure", "Content-Length: 1001"));
      String response = readAll(client.getInputStream());

      assertThat(response).startsWith("HTTP/1.1 413 ").contains("Connection: close");
      assertThat(measure.calls).hasValue(0);
      assertThat(post(server, 1000)).startsWith("HTTP/1.1 200 ").endsWith("read 1000 bytes");
    }
  }

  @Test
  void aChunkedBodyPassingTheLimitIsCutWith413() throws Exception {
    try (EmbeddedServer server = server(EmbeddedServer.builder().maxRequestBodyBytes(1000))) {
      Socket client = connect(server);
      send(client, head("POST /measure", "Transfer-Encoding: chunked"));

      String chunk = "1f4\r\n" + "x".repeat(500) + "\r\n";
      send(client, chunk + chunk + chunk);
      String response = readAll(client.getInputStream());

      assertThat(response).startsWith("HTTP/1.1 413 ").contains("Connection: close");
      assertThat(measure.calls).hasValue(0);
    }
  }

  @Test
  void slowBodiesHoldNoThreadAndAreAnswered408AtTheRequestTimeout() throws Exception {
    try (EmbeddedServer server =
        server(
            EmbeddedServer.builder()
                .threads(4, 12)
                .acceptors(0)
                .selectors(1)
                .idleTimeout(Duration.ofSeconds(60))
                .requestTimeout(Duration.ofSeconds(2)))) {
      List<Socket> slow = new ArrayList<>();
      for (int i = 0; i < 40; i++) { // over three times the server's threads
        Socket client = connect(server);
        send(client, head("POST /measure", "Content-Length: 100") + "x");
        slow.add(client);
      }

      for (int i = 0; i < 5; i++) {
        assertThat(post(server, 100)).startsWith("HTTP/1.1 200 ").endsWith("read 100 bytes");
      }
      for (Socket client : slow) {
        assertThat(readAll(client.getInputStream())).startsWith("HTTP/1.1 408 ");
      }
      assertThat(measure.calls).hasValue(5);
      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(() -> assertThat(server.inFlightBodyBytes()).isZero());
    }
  }

  @Test
  void aHeadTrickledLongerThanTheRequestTimeoutHasItsConnectionClosed() throws Exception {
    try (EmbeddedServer server =
        server(EmbeddedServer.builder().requestTimeout(Duration.ofMillis(500)))) {
      Socket client = connect(server);
      send(client, "POST /measure HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      AtomicInteger linesSent = new AtomicInteger();
      ScheduledExecutorService trickler = Executors.newSingleThreadScheduledExecutor();
      try {
        // A header line every 100 ms, 300 at most; the server closes the connection first.
        trickler.scheduleAtFixedRate(
            () -> {
              int line = linesSent.get();
              if (line < 300 && !client.isClosed()) {
                try {
                  send(client, "X-Slow-" + line + ": 1\r\n");
                  linesSent.incrementAndGet();
                } catch (IOException closedByTheServer) {
                  // what the test waits for
                }
              }
            },
            100,
            100,
            TimeUnit.MILLISECONDS);

        assertThat(endOfStream(client.getInputStream())).isTrue();
      } finally {
        trickler.shutdownNow();
      }
      assertThat(linesSent.get()).isLessThan(300);
      assertThat(measure.calls).hasValue(0);
    }
  }

  @Test
  void bodiesPastTheInFlightBudgetAre503WhileSmallRequestsAreStillServed() throws Exception {
    try (EmbeddedServer server =
        server(
            EmbeddedServer.builder()
                .maxRequestBodyBytes(1024 * 1024)
                .maxInFlightBodyBytes(256 * 1024))) {
      // A large body, three fifths of the budget, of which all but the last byte has arrived.
      Socket large = connect(server);
      send(
          large,
          head("POST /measure", "Content-Length: " + 150 * 1024) + "x".repeat(150 * 1024 - 1));
      await().atMost(Duration.ofSeconds(20)).until(() -> server.inFlightBodyBytes() == 150 * 1024);

      String another = post(server, 100 * 1024);
      String small = post(server, 1000);
      send(large, "x");

      assertThat(another)
          .startsWith("HTTP/1.1 503 ")
          .contains("Retry-After: 1")
          .contains("Connection: close");
      assertThat(small).startsWith("HTTP/1.1 200 ").endsWith("read 1000 bytes");
      assertThat(readAll(large.getInputStream()))
          .startsWith("HTTP/1.1 200 ")
          .endsWith("read " + 150 * 1024 + " bytes");
      await()
          .atMost(Duration.ofSeconds(20))
          .untilAsserted(() -> assertThat(server.inFlightBodyBytes()).isZero());
    }
  }

  @Test
  void theBuilderRefusesLimitsOutOfRange() {
    EmbeddedServer.Builder builder = EmbeddedServer.builder();

    assertThatThrownBy(() -> builder.maxRequestBodyBytes(0))
        .hasMessage("maxRequestBodyBytes: 0 (expected: >= 1)");
    assertThatThrownBy(() -> builder.maxInFlightBodyBytes(-1))
        .hasMessage("maxInFlightBodyBytes: -1 (expected: >= 1)");
    assertThatThrownBy(() -> builder.requestTimeout(Duration.ZERO))
        .hasMessage("requestTimeout: PT0S (expected: >= 1 ms)");
    assertThatThrownBy(() -> builder.idleTimeout(Duration.ofNanos(10)))
        .hasMessage("idleTimeout: PT0.00000001S (expected: >= 1 ms)");
  }

  private EmbeddedServer server(EmbeddedServer.Builder builder) {
    return builder.servlet("/measure", measure).start();
  }

  private Socket connect(EmbeddedServer server) throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    sockets.add(socket);
    socket.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
    return socket;
  }

  /** Posts {@code size} bytes to {@code /measure} on a connection of its own. */
  private String post(EmbeddedServer server, int size) throws IOException {
    Socket client = connect(server);
    send(client, head("POST /measure", "Content-Length: " + size) + "x".repeat(size));
    return readAll(client.getInputStream());
  }

  private static String head(String requestLine, String header) {
    return requestLine
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + header
        + "\r\n\r\n";
  }

  private static void send(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
  }

  /**
   * Whether the connection ends without a byte (EOF or reset), waiting up to the socket timeout.
   */
  private static boolean endOfStream(InputStream in) throws IOException {
    try {
      return in.read() < 0;
    } catch (SocketException reset) {
      return true;
    }
  }

  private static String readAll(InputStream in) throws IOException {
    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
  }

  /** Reads the whole body and answers how many bytes it had. */
  static final class Measure extends HttpServlet {
    private static final long serialVersionUID = 1L;

    final AtomicInteger calls = new AtomicInteger();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      calls.incrementAndGet();
      long read = request.getInputStream().readAllBytes().length;
      response.setContentType("text/plain");
      response.getWriter().print("read " + read + " bytes");
    }
  }
}
