package io.wsqos.benchmarks.load;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;

/**
 * One kept-alive connection that sends a request and blocks until its whole response has come back,
 * with the load driver's encoding ({@link HttpRequest}) and parser: a client whose own cost per
 * exchange is a write, a read or two and the parse, for JMH suites that compare servers by their
 * round trip. Not thread-safe.
 */
public final class BlockingConnection implements AutoCloseable {

  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;
  private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024).flip();

  private BlockingConnection(Socket socket) throws IOException {
    this.socket = socket;
    socket.setTcpNoDelay(true);
    this.out = socket.getOutputStream();
    this.in = socket.getInputStream();
  }

  /** Connects to where {@code request} goes. */
  public static BlockingConnection to(HttpRequest request) throws IOException {
    requireNonNull(request, "request");
    return new BlockingConnection(
        new Socket(request.address().getAddress(), request.address().getPort()));
  }

  /**
   * Sends {@code request} ({@link HttpRequest#keepAlive() kept alive}) and returns its response's
   * status once the response is complete.
   *
   * @throws IOException if the server closes the connection or answers malformed HTTP
   */
  public int exchange(HttpRequest request) throws IOException {
    if (!request.keepAlive()) {
      throw new IllegalArgumentException("request: not kept alive (expected: keepAlive(true))");
    }
    request.writeTo(out);
    ResponseParser parser = new ResponseParser();
    while (!parser.feed(buffer)) {
      buffer.compact();
      int n = in.read(buffer.array(), buffer.position(), buffer.remaining());
      if (n < 0) {
        throw new IOException("the server closed the connection before the response ended");
      }
      buffer.position(buffer.position() + n).flip();
    }
    if (!parser.reusable()) {
      throw new IOException(
          "the server will not keep the connection open after status " + parser.status());
    }
    return parser.status();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
