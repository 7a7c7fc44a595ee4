package io.wsqos.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A misbehaving HTTP service on 127.0.0.1 for the proxy to forward to: a plain server socket whose
 * every request is answered by a script (hang, answer late, send broken bytes). One daemon thread
 * accepts, one serves each connection; {@link #close()} closes every socket and so ends them.
 */
final class ScriptedUpstream implements AutoCloseable {

  /** What the upstream does with one request on one connection. */
  @FunctionalInterface
  interface Script {
    /**
     * @param request the request's head and body as received, ISO-8859-1
     * @param socket the connection, to answer on (or not)
     */
    void answer(String request, Socket socket) throws IOException;
  }

  private final ServerSocket listener;
  private final Script script;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger requests = new AtomicInteger();
  private final AtomicInteger connections = new AtomicInteger();

  private ScriptedUpstream(ServerSocket listener, Script script) {
    this.listener = listener;
    this.script = script;
    Thread acceptor = new Thread(this::accept, "scripted-upstream-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  static ScriptedUpstream start(Script script) {
    try {
      ServerSocket listener = new ServerSocket();
      listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      return new ScriptedUpstream(listener, script);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An upstream that reads each request and never answers. */
  static ScriptedUpstream hung() {
    return start((request, socket) -> {});
  }

  /** An upstream that answers each request with {@code response}, byte for byte. */
  static ScriptedUpstream answering(String response) {
    return start(
        (request, socket) -> {
          socket.getOutputStream().write(response.getBytes(StandardCharsets.ISO_8859_1));
          socket.getOutputStream().flush();
        });
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + listener.getLocalPort());
  }

  /** Requests read so far. */
  int requests() {
    return requests.get();
  }

  /** Connections accepted so far. */
  int connections() {
    return connections.get();
  }

  private void accept() {
    while (true) {
      Socket socket;
      try {
        socket = listener.accept();
      } catch (IOException closed) {
        return;
      }
      connections.incrementAndGet();
      sockets.add(socket);
      Thread serving = new Thread(() -> serve(socket), "scripted-upstream-" + connections.get());
      serving.setDaemon(true);
      serving.start();
    }
  }

  private void serve(Socket socket) {
    try {
      InputStream in = socket.getInputStream();
      while (true) {
        String request = readRequest(in);
        if (request == null) {
          return;
        }
        requests.incrementAndGet();
        script.answer(request, socket);
      }
    } catch (IOException e) {
      // The proxy closed the connection, or the test closed the upstream.
    }
  }

  /** A request's head and its Content-Length body, or null at the end of the stream. */
  private static String readRequest(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String text = head.toString(StandardCharsets.ISO_8859_1);
    int length = 0;
    for (String line : text.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring("content-length:".length()).trim());
      }
    }
    byte[] body = in.readNBytes(length);
    return text + new String(body, StandardCharsets.ISO_8859_1);
  }

  /**
   * Waits until the peer of {@code socket} (the proxy) closes or resets it; returns at once if it
   * already has.
   */
  static void awaitClosedByPeer(Socket socket) {
    try {
      while (socket.getInputStream().read() >= 0) {
        // Nothing more is expected from the proxy on this exchange.
      }
    } catch (IOException reset) {
      // A reset is a close too.
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket socket : sockets) {
      socket.close();
    }
  }
}
