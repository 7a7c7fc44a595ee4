package io.wsqos.testing.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DelayRelayTest {

  private static final long DOWN_DELAY_MILLIS = 300;
  private static final long UP_DELAY_MILLIS = 100;

  private ServerSocket echoListener;
  private Thread echo;
  private DelayRelay relay;

  @BeforeEach
  void startEchoServerBehindTheRelay() throws IOException {
    echoListener = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
    // Echoes every connection it accepts, each on its own thread, so that a stray connection to
    // this port from elsewhere on the machine cannot keep the relay's connection waiting.
    echo =
        new Thread(
            () -> {
              while (true) {
                Socket s;
                try {
                  s = echoListener.accept();
                } catch (IOException e) {
                  return; // The test closed the listener.
                }
                Thread handler = new Thread(() -> echo(s), "echo-connection");
                handler.setDaemon(true);
                handler.start();
              }
            },
            "echo");
    echo.start();
    relay =
        DelayRelay.start(
            InetAddress.getLoopbackAddress(),
            (InetSocketAddress) echoListener.getLocalSocketAddress(),
            UP_DELAY_MILLIS,
            DOWN_DELAY_MILLIS);
  }

  private static void echo(Socket socket) {
    try (socket;
        InputStream in = socket.getInputStream();
        OutputStream out = socket.getOutputStream()) {
      in.transferTo(out);
    } catch (IOException e) {
      // The peer went away; nothing to echo to.
    }
  }

  @AfterEach
  void stop() throws Exception {
    relay.close();
    echoListener.close();
    echo.join(5_000);
  }

  @Test
  void deliversEveryByteInOrderNoSoonerThanBothDelays() throws Exception {
    byte[] message = "0123456789".repeat(10_000).getBytes(StandardCharsets.US_ASCII);

    long start = System.nanoTime();
    byte[] echoed;
    try (Socket client = new Socket()) {
      client.connect(relay.address(), 5_000);
      client.getOutputStream().write(message);
      client.shutdownOutput();
      echoed = client.getInputStream().readAllBytes();
    }
    long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

    assertThat(relay.failedConnects()).as("relay connections the echo server never took").isZero();
    assertThat(echoed).isEqualTo(message);
    assertThat(elapsedMillis).isGreaterThanOrEqualTo(UP_DELAY_MILLIS + DOWN_DELAY_MILLIS);
    // Both directions ended: the relay lets go of the connection's sockets.
    await().atMost(Duration.ofSeconds(10)).until(() -> relay.openSockets() == 0);
  }

  @Test
  void refusesANegativeDelay() {
    assertThatThrownBy(
            () ->
                DelayRelay.start(
                    InetAddress.getLoopbackAddress(),
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 1),
                    -1,
                    0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("delay: up -1, down 0 ms (expected: >= 0)");
  }
}
