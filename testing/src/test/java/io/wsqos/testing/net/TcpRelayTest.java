package io.wsqos.testing.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TcpRelayTest {

  private static final int READ_TIMEOUT_MILLIS = 10_000;

  private EchoServer echo;

  @BeforeEach
  void startEcho() throws IOException {
    echo = new EchoServer();
  }

  @AfterEach
  void stopEchoAndCheckThatNoRelayThreadIsLeft() throws Exception {
    echo.close();
    assertThat(relayThreads()).isEmpty();
  }

  @Test
  void bytesPassBothWaysAndAHalfCloseLeavesTheAnswerFlowing() throws IOException {
    try (TcpRelay relay = TcpRelay.to(echo.port());
        Socket socket = connect(relay.port())) {

      socket.getOutputStream().write("hello".getBytes(StandardCharsets.US_ASCII));
      socket.shutdownOutput();

      assertThat(new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII))
          .isEqualTo("hello");
      assertThat(relay.relayed()).isEqualTo(1);
    }
  }

  @Test
  void aCutFailsOpenConnectionsAndRefusesNewOnesUntilRestoredOnTheSamePort() throws IOException {
    try (TcpRelay relay = TcpRelay.to(echo.port());
        Socket before = connect(relay.port())) {
      assertThat(roundTrip(before, "one")).isEqualTo("one");
      int port = relay.port();

      relay.cut();

      assertThat(relay.isCut()).isTrue();
      assertThat(relay.connections()).isZero();
      assertThatThrownBy(() -> before.getInputStream().read()).isInstanceOf(IOException.class);
      assertThatThrownBy(() -> connect(port)).isInstanceOf(ConnectException.class);
      assertThat(relayThreads()).isEmpty();
      // The relay reset both ends: the target's side of the connection ended too.
      await().until(() -> echo.ended() == 1);

      relay.restore();

      assertThat(relay.port()).isEqualTo(port);
      assertThat(relay.isCut()).isFalse();
      try (Socket after = connect(port)) {
        assertThat(roundTrip(after, "two")).isEqualTo("two");
      }
      assertThat(relay.relayed()).isEqualTo(2);
    }
  }

  @Test
  void aConnectionWhileTheTargetIsDownIsReset() throws IOException {
    try (ClosedPort down = ClosedPort.open();
        TcpRelay relay = TcpRelay.to(down.port())) {

      // The reset may come before the client has finished setting up its socket, or at its read.
      assertThatThrownBy(
              () -> {
                try (Socket socket = connect(relay.port())) {
                  socket.getInputStream().read();
                }
              })
          .isInstanceOf(SocketException.class)
          .hasMessageContaining("reset");
      assertThat(relay.relayed()).isZero();
    }
  }

  @Test
  void cuttingTwiceAndRestoringTwiceAreHarmlessButAClosedRelayStaysClosed() throws IOException {
    TcpRelay relay = TcpRelay.to(echo.port());
    relay.cut();
    relay.cut();
    relay.restore();
    relay.restore();
    try (Socket socket = connect(relay.port())) {
      assertThat(roundTrip(socket, "again")).isEqualTo("again");
    }

    relay.close();

    assertThat(relay.toString()).endsWith(", closed}");
    assertThatThrownBy(relay::restore)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("relay closed: port " + relay.port());
  }

  @Test
  void manyConnectionsAtOnceAreRelayedAndAllEndWithTheRelay() throws IOException {
    List<Socket> sockets = new ArrayList<>();
    try (TcpRelay relay = TcpRelay.to(echo.port())) {
      for (int i = 0; i < 10; i++) {
        Socket socket = connect(relay.port());
        sockets.add(socket);
        assertThat(roundTrip(socket, "n" + i)).isEqualTo("n" + i);
      }

      assertThat(relay.connections()).isEqualTo(10);
    } finally {
      for (Socket socket : sockets) {
        socket.close();
      }
    }
  }

  @Test
  void anArmedRelayCutsItselfAfterTheGivenBytesTowardsTheTargetAndRelaysNoneAfterThem()
      throws IOException {
    try (ServerSocket target = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        TcpRelay relay = TcpRelay.to(target.getLocalPort());
        Socket client = connect(relay.port());
        Socket accepted = target.accept()) {
      accepted.setSoTimeout(READ_TIMEOUT_MILLIS);

      relay.cutAfterBytesToTarget(5);
      client.getOutputStream().write("12345678".getBytes(StandardCharsets.US_ASCII));

      // Read until the relay's reset ends the connection; a reset may also drop bytes in flight.
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      try {
        InputStream in = accepted.getInputStream();
        for (int b = in.read(); b >= 0; b = in.read()) {
          received.write(b);
        }
      } catch (SocketException reset) {
        // The cut.
      }
      assertThat("12345").startsWith(received.toString(StandardCharsets.US_ASCII));
      await().until(relay::isCut);
      assertThatThrownBy(() -> client.getInputStream().read()).isInstanceOf(IOException.class);
      assertThat(relayThreads()).isEmpty();

      relay.restore();

      try (Socket again = connect(relay.port());
          Socket acceptedAgain = target.accept()) {
        acceptedAgain.setSoTimeout(READ_TIMEOUT_MILLIS);
        again.getOutputStream().write("12345678".getBytes(StandardCharsets.US_ASCII));
        assertThat(acceptedAgain.getInputStream().readNBytes(8))
            .as("restore disarms: nothing is cut any more")
            .asString(StandardCharsets.US_ASCII)
            .isEqualTo("12345678");
      }
    }
  }

  @Test
  void theBytesBeforeAnArmedCutMustNotBeNegative() {
    try (TcpRelay relay = TcpRelay.to(echo.port())) {
      assertThatThrownBy(() -> relay.cutAfterBytesToTarget(-1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("bytes: -1 (expected: >= 0)");
    }
  }

  @Test
  void theTargetPortMustBeAPort() {
    assertThatThrownBy(() -> TcpRelay.to(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("targetPort: 0 (expected: 1..65535)");
  }

  private static Socket connect(int port) throws IOException {
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
      socket.setSoTimeout(READ_TIMEOUT_MILLIS);
      return socket;
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }

  private static String roundTrip(Socket socket, String text) throws IOException {
    byte[] sent = text.getBytes(StandardCharsets.US_ASCII);
    socket.getOutputStream().write(sent);
    byte[] answer = socket.getInputStream().readNBytes(sent.length);
    return new String(answer, StandardCharsets.US_ASCII);
  }

  private static List<String> relayThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith(TcpRelay.THREAD_NAME_PREFIX))
        .toList();
  }

  /** Echoes every byte back on each connection, a thread per connection, until closed. */
  private static final class EchoServer implements AutoCloseable {
    private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final List<Thread> threads = new ArrayList<>();
    private final List<Socket> sockets = new ArrayList<>();
    private final Thread acceptor = new Thread(this::accept, "echo-accept");
    private volatile int ended;

    EchoServer() throws IOException {
      acceptor.start();
    }

    int port() {
      return listener.getLocalPort();
    }

    int ended() {
      return ended;
    }

    private void accept() {
      while (true) {
        Socket socket;
        try {
          socket = listener.accept();
        } catch (IOException e) {
          return;
        }
        Thread thread = new Thread(() -> echo(socket), "echo-connection");
        synchronized (this) {
          sockets.add(socket);
          threads.add(thread);
        }
        thread.start();
      }
    }

    private void echo(Socket socket) {
      byte[] buffer = new byte[1024];
      try {
        InputStream in = socket.getInputStream();
        OutputStream out = socket.getOutputStream();
        int n;
        while ((n = in.read(buffer)) >= 0) {
          out.write(buffer, 0, n);
        }
        socket.shutdownOutput();
      } catch (IOException e) {
        // Reset by the relay.
      } finally {
        synchronized (this) {
          ended++;
        }
      }
    }

    @Override
    public void close() throws Exception {
      listener.close();
      acceptor.join();
      List<Thread> running;
      synchronized (this) {
        for (Socket socket : sockets) {
          socket.close();
        }
        running = new ArrayList<>(threads);
      }
      for (Thread thread : running) {
        thread.join();
      }
    }
  }
}
