package io.wsqos.testing.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A port on 127.0.0.1 where a connection is refused, for as long as this is open: a TCP socket
 * bound to it that never listens. Nothing else can bind the port meanwhile, so unlike a port taken
 * from a server socket opened and closed again, no other test or process can start listening there.
 *
 * <pre>{@code
 * try (ClosedPort closed = ClosedPort.open()) {
 *   client.call(closed.url("/service")); // refused
 * }
 * }</pre>
 */
public final class ClosedPort implements AutoCloseable {

  private final Socket socket;

  private ClosedPort(Socket socket) {
    this.socket = socket;
  }

  /** Reserves a free loopback port that refuses connections until {@link #close()}. */
  public static ClosedPort open() {
    Socket socket = new Socket();
    try {
      // Without SO_REUSEADDR (the default for a client socket) the bind is exclusive.
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      return new ClosedPort(socket);
    } catch (IOException e) {
      try {
        socket.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new UncheckedIOException("cannot reserve a loopback port", e);
    }
  }

  /** The reserved port. */
  public int port() {
    return socket.getLocalPort();
  }

  /** {@code http://127.0.0.1:<port><path>}; {@code path} starts with a slash. */
  public String url(String path) {
    if (!path.startsWith("/")) {
      throw new IllegalArgumentException("path: " + path + " (expected: starting with /)");
    }
    return "http://127.0.0.1:" + port() + path;
  }

  /** Releases the port. */
  @Override
  public void close() throws IOException {
    socket.close();
  }
}
