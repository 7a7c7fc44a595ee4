package io.wsqos.testing.net;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP server on 127.0.0.1 that stalls in the middle of its answer: to every request it writes
 * the status line, the headers and the start of a body whose {@code Content-Length} promises more,
 * then writes nothing, holding the connection open until {@link #close()}. What a provider or a
 * path that stops mid-response looks like to a client, for testing that a client's timeout bounds
 * the whole response and not only its headers.
 *
 * <pre>{@code
 * try (StallingServer stalling = StallingServer.start("application/json", "{\"offers\":[")) {
 *   client.call(stalling.url("/api")); // must fail at the client's timeout
 * }
 * }</pre>
 */
public final class StallingServer implements AutoCloseable {

  private final ServerSocket socket;
  private final byte[] head;
  private final List<Socket> connections = new CopyOnWriteArrayList<>();
  private final AtomicInteger requests = new AtomicInteger();
  private final Thread acceptor;

  private StallingServer(ServerSocket socket, byte[] head) {
    this.socket = socket;
    this.head = head;
    this.acceptor = new Thread(this::accept, "stalling-server-" + socket.getLocalPort());
    acceptor.setDaemon(true);
  }

  /**
   * Starts a server whose answers are 200 with {@code contentType}, a {@code Content-Length} of a
   * thousand bytes more than {@code bodyStart}, and only {@code bodyStart}.
   */
  public static StallingServer start(String contentType, String bodyStart) {
    requireNonNull(contentType, "contentType");
    byte[] start = requireNonNull(bodyStart, "bodyStart").getBytes(UTF_8);
    byte[] head =
        ("HTTP/1.1 200 OK\r\nContent-Type: "
                + contentType
                + "\r\nContent-Length: "
                + (start.length + 1000)
                + "\r\n\r\n"
                + bodyStart)
            .getBytes(UTF_8);
    try {
      StallingServer server =
          new StallingServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), head);
      server.acceptor.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on 127.0.0.1", e);
    }
  }

  /** {@code http://127.0.0.1:port} followed by {@code path}. */
  public String url(String path) {
    return "http://127.0.0.1:" + socket.getLocalPort() + path;
  }

  /** How many requests it has started to answer. */
  public int requests() {
    return requests.get();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket connection = socket.accept();
        connections.add(connection);
        Thread answer = new Thread(() -> answer(connection), acceptor.getName() + "-answer");
        answer.setDaemon(true);
        answer.start();
      } catch (SocketException closed) {
        return;
      } catch (IOException e) {
        // A failed accept leaves the server listening for the next connection.
      }
    }
  }

  private void answer(Socket connection) {
    try {
      readHead(connection.getInputStream());
      requests.incrementAndGet();
      connection.getOutputStream().write(head);
      connection.getOutputStream().flush();
    } catch (IOException e) {
      // The client went away; close() closes the socket.
    }
  }

  /** Reads up to the blank line that ends a request's head; a body, if any, stays unread. */
  private static void readHead(InputStream in) throws IOException {
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    for (int b = in.read(); b >= 0; b = in.read()) {
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
      if (matched == end.length) {
        return;
      }
    }
  }

  /** Stops listening and closes every connection, so clients still waiting see it closed. */
  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // Closing is best effort.
    }
    for (Socket connection : connections) {
      try {
        connection.close();
      } catch (IOException e) {
        // Closing is best effort.
      }
    }
  }
}
