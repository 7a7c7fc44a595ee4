package io.wsqos.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * {@link EmbeddedServer#close()}: idle kept-alive connections go at once, requests in flight
 * finish.
 */
class GracefulStopTest {

  // Far above any exchange here: only a hang fails a test.
  private static final int SOCKET_TIMEOUT_MILLIS = 30_000;

  private static final String GET_HELLO =
      "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"; // kept alive: no Connection: close

  @Test
  void anIdleKeptAliveConnectionDoesNotHoldTheStopAndIsClosed() throws Exception {
    EmbeddedServer server =
        EmbeddedServer.builder()
            .stopTimeout(Duration.ofMillis(500))
            .servlet("/hello", new Hello())
            .start();
    try (Socket client = new Socket("127.0.0.1", server.port())) {
      client.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
      client.getOutputStream().write(GET_HELLO.getBytes(StandardCharsets.US_ASCII));
      assertThat(readResponse(client.getInputStream()))
          .startsWith("HTTP/1.1 200")
          .endsWith("hello");

      // Threw "server did not stop cleanly": Jetty held the idle connection for its shutdown idle
      // timeout, a second.
      server.close();

      assertThat(client.getInputStream().read()).isEqualTo(-1);
    }
  }

  @Test
  void aRequestInFlightWhenTheStopBeginsIsAnsweredAndTheStopWaitsForIt() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean answered = new AtomicBoolean();
    HttpServlet slow =
        new HttpServlet() {
          private static final long serialVersionUID = 1L;

          @Override
          protected void doGet(HttpServletRequest request, HttpServletResponse response)
              throws IOException {
            started.countDown();
            try {
              release.await(SOCKET_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            response.setContentType("text/plain");
            response.getWriter().print("slow");
            answered.set(true);
          }
        };
    EmbeddedServer server =
        EmbeddedServer.builder().stopTimeout(Duration.ofSeconds(20)).servlet("/slow", slow).start();
    try (Socket client = new Socket("127.0.0.1", server.port())) {
      client.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
      client
          .getOutputStream()
          .write(
              "GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      assertThat(started.await(SOCKET_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isTrue();

      CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close);
      await().atMost(Duration.ofSeconds(20)).until(() -> refusesConnections(server.port()));
      assertThat(closing).isNotDone();
      release.countDown();
      closing.get(30, TimeUnit.SECONDS);

      assertThat(answered).isTrue();
      String response = readResponse(client.getInputStream());
      assertThat(response)
          .startsWith("HTTP/1.1 200")
          .contains("Connection: close")
          .endsWith("slow");
      assertThat(client.getInputStream().read()).isEqualTo(-1);
    }
  }

  @Test
  void aBodyStillArrivingWhenTheStopBeginsIsAnswered503AndDoesNotHoldTheStop() throws Exception {
    RequestLimitsTest.Measure measure = new RequestLimitsTest.Measure();
    EmbeddedServer server =
        EmbeddedServer.builder()
            .stopTimeout(Duration.ofMillis(200))
            .servlet("/measure", measure)
            .start();
    try (Socket client = new Socket("127.0.0.1", server.port())) {
      client.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
      client
          .getOutputStream()
          .write(
              "POST /measure HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nx"
                  .getBytes(StandardCharsets.US_ASCII));
      await().atMost(Duration.ofSeconds(20)).until(() -> server.inFlightBodyBytes() > 0);

      server.close(); // the body never comes: it would hold the stop past its timeout

      assertThat(readResponse(client.getInputStream()))
          .startsWith("HTTP/1.1 503 ")
          .contains("Connection: close");
      assertThat(measure.calls).hasValue(0);
    }
  }

  private static boolean refusesConnections(int port) {
    try (Socket probe = new Socket("127.0.0.1", port)) {
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  /** Reads one response whose body has a {@code Content-Length}; returns head and body. */
  /**
   * A client that sends {@code Expect: 100-continue} and {@code Connection: close} reads its
   * response to the end of the connection: the server must say it closes, and close.
   */
  @Test
  void aClientAskingToCloseAfterExpectingContinueIsAnsweredAndTheConnectionClosed()
      throws Exception {
    byte[] body = EmbeddedServerTest.ECHO_REQUEST.getBytes(StandardCharsets.UTF_8);
    try (EmbeddedServer server =
            EmbeddedServer.builder()
                .idleTimeout(Duration.ofHours(1))
                .endpoint("/echo", Echo.class, new Echo.Impl())
                .start();
        Socket client = new Socket("127.0.0.1", server.port())) {
      client.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
      OutputStream out = client.getOutputStream();
      out.write(
          ("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                  + "Expect: 100-continue\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                  + "SOAPAction: \"\"\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String interim = readResponse(client.getInputStream());
      assertThat(interim).startsWith("HTTP/1.1 100");
      out.write(body);
      out.flush();

      String response = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(response)
          .startsWith("HTTP/1.1 200")
          .containsIgnoringCase("\r\nConnection: close\r\n")
          .contains("echo: hi");
    }
  }

  static String readResponse(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("the connection ended in the response head: " + head);
      }
      head.append((char) b);
    }
    int length = 0;
    for (String line : head.toString().split("\r\n")) {
      if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  /** Answers {@code hello} with a {@code Content-Length}, so the connection may be kept alive. */
  static final class Hello extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      response.setContentType("text/plain");
      response.setContentLength(5);
      OutputStream out = response.getOutputStream();
      out.write("hello".getBytes(StandardCharsets.US_ASCII));
    }
  }
}
