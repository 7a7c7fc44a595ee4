package io.wsqos.testing.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class ClosedPortTest {

  @Test
  void aConnectionToTheReservedPortIsRefused() throws IOException {
    try (ClosedPort closed = ClosedPort.open();
        Socket socket = new Socket()) {

      assertThatThrownBy(
              () ->
                  socket.connect(
                      new InetSocketAddress(InetAddress.getLoopbackAddress(), closed.port())))
          .isInstanceOf(ConnectException.class);
    }
  }

  @Test
  void nothingElseCanListenOnTheReservedPortWhileItIsHeld() throws IOException {
    try (ClosedPort closed = ClosedPort.open()) {

      assertThatThrownBy(
              () -> new ServerSocket(closed.port(), 1, InetAddress.getLoopbackAddress()).close())
          .isInstanceOf(IOException.class);
      assertThat(closed.url("/service"))
          .isEqualTo("http://127.0.0.1:" + closed.port() + "/service");
    }
  }
}
