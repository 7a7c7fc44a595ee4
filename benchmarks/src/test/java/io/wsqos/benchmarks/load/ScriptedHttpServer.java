package io.wsqos.benchmarks.load;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A raw-socket HTTP server on 127.0.0.1 that answers every request with the exact bytes it was
 * given (or never answers), so that the driver's parsing and accounting can be tested byte for
 * byte.
 */
final class ScriptedHttpServer implements AutoCloseable {

  /** What the server does with each request it has read. */
  enum Mode {
    /** Writes the response and closes the connection. */
    ANSWER_AND_CLOSE,
    /** Writes the response and waits for the next request on the same connection. */
    ANSWER_AND_KEEP_ALIVE,
    /** Reads the request and never answers. */
    NEVER_ANSWER
  }

  private static final int CRLF_CRLF = 0x0d0a0d0a;

  private final ServerSocket serverSocket;
  private final byte[] response;
  private final Mode mode;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<Long> arrivalNanos = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicInteger requests = new AtomicInteger();
  private final int firstHeld;
  private final int releasedBy;
  private final CountDownLatch released = new CountDownLatch(1);
  private final AtomicInteger open = new AtomicInteger();
  private final AtomicInteger maxOpen = new AtomicInteger();
  private final long answerAfterMillis;
  private final int closeAfter;
  private final List<Long> heldArrivalNanos = new CopyOnWriteArrayList<>();
  private volatile long releaseNanos;

  private ScriptedHttpServer(byte[] response, Mode mode, int firstHeld, int releasedBy)
      throws IOException {
    this(response, mode, firstHeld, releasedBy, 0, Integer.MAX_VALUE);
  }

  private ScriptedHttpServer(
      byte[] response,
      Mode mode,
      int firstHeld,
      int releasedBy,
      long answerAfterMillis,
      int closeAfter)
      throws IOException {
    this.answerAfterMillis = answerAfterMillis;
    this.closeAfter = closeAfter;
    this.serverSocket = new ServerSocket(0, 1000, InetAddress.getLoopbackAddress());
    this.response = response;
    this.mode = mode;
    this.firstHeld = firstHeld;
    this.releasedBy = releasedBy;
    executor.execute(this::acceptLoop);
  }

  static ScriptedHttpServer answering(String response, Mode mode) throws IOException {
    return new ScriptedHttpServer(
        response.getBytes(StandardCharsets.ISO_8859_1), mode, Integer.MAX_VALUE, -1);
  }

  static ScriptedHttpServer neverAnswering() throws IOException {
    return new ScriptedHttpServer(new byte[0], Mode.NEVER_ANSWER, Integer.MAX_VALUE, -1);
  }

  /**
   * Answers every request with {@code response} and closes, except that it stalls: the responses to
   * the requests read in turn {@code firstHeld} (counted from 0) up to, not including, turn {@code
   * releasedBy} are held until the request of turn {@code releasedBy} has been read. The stall is
   * bounded by request counts, not by a clock.
   */
  static ScriptedHttpServer stalling(String response, int firstHeld, int releasedBy)
      throws IOException {
    if (firstHeld < 0 || releasedBy <= firstHeld) {
      throw new IllegalArgumentException(
          "firstHeld, releasedBy: " + firstHeld + ", " + releasedBy + " (expected: 0 <= a < b)");
    }
    return new ScriptedHttpServer(
        response.getBytes(StandardCharsets.ISO_8859_1),
        Mode.ANSWER_AND_CLOSE,
        firstHeld,
        releasedBy);
  }

  /**
   * Keeps connections alive and answers each request {@code answerAfterMillis} after reading it,
   * one request at a time per connection; after {@code closeAfter} responses on a connection the
   * last says {@code Connection: close} and the server closes it.
   */
  static ScriptedHttpServer keptAlive(String response, long answerAfterMillis, int closeAfter)
      throws IOException {
    if (answerAfterMillis < 0 || closeAfter < 1) {
      throw new IllegalArgumentException(
          "answerAfterMillis, closeAfter: " + answerAfterMillis + ", " + closeAfter);
    }
    return new ScriptedHttpServer(
        response.getBytes(StandardCharsets.ISO_8859_1),
        Mode.ANSWER_AND_KEEP_ALIVE,
        Integer.MAX_VALUE,
        -1,
        answerAfterMillis,
        closeAfter);
  }

  /** The most connections open at once. */
  int maxConnectionsOpen() {
    return maxOpen.get();
  }

  /** When each held request was read, in nanoTime (see {@link #stalling}). */
  List<Long> heldArrivalNanos() {
    return List.copyOf(heldArrivalNanos);
  }

  /** When the request that ended the stall was read, in nanoTime; 0 before it came. */
  long releaseNanos() {
    return releaseNanos;
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + serverSocket.getLocalPort() + "/service");
  }

  int connectionsAccepted() {
    return connections.get();
  }

  /** When each request's headers were read, in nanoTime. */
  List<Long> arrivalNanos() {
    return List.copyOf(arrivalNanos);
  }

  private void acceptLoop() {
    while (!serverSocket.isClosed()) {
      try {
        Socket socket = serverSocket.accept();
        connections.incrementAndGet();
        sockets.add(socket);
        executor.execute(() -> serve(socket));
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket socket) {
    maxOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
    int answered = 0;
    try (socket) {
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      while (readRequest(in)) {
        long arrived = System.nanoTime();
        arrivalNanos.add(arrived);
        if (mode == Mode.NEVER_ANSWER) {
          continue;
        }
        int turn = requests.getAndIncrement();
        if (turn == releasedBy) {
          releaseNanos = arrived;
          released.countDown();
        } else if (turn >= firstHeld && turn < releasedBy) {
          heldArrivalNanos.add(arrived);
          released.await();
        }
        if (answerAfterMillis > 0) {
          Thread.sleep(answerAfterMillis);
        }
        if (++answered == closeAfter) {
          // No longer open as the client sees it once it has read this response: it may connect
          // again before this thread has closed the socket.
          open.decrementAndGet();
          answered = -1;
          out.write(closing(response));
          out.flush();
          return;
        }
        out.write(response);
        out.flush();
        if (mode == Mode.ANSWER_AND_CLOSE) {
          return;
        }
      }
    } catch (IOException e) {
      // The client went away: normal for timeouts and closed connections.
    } catch (InterruptedException e) {
      // Closed while holding a response.
      Thread.currentThread().interrupt();
    } finally {
      if (answered >= 0) {
        open.decrementAndGet();
      }
    }
  }

  /** The response with {@code Connection: close} after its status line. */
  private static byte[] closing(byte[] response) {
    String text = new String(response, StandardCharsets.ISO_8859_1);
    int endOfStatus = text.indexOf("\r\n") + 2;
    return (text.substring(0, endOfStatus) + "Connection: close\r\n" + text.substring(endOfStatus))
        .getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Reads one request (headers, then a Content-Length body); false at end of stream. */
  private static boolean readRequest(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int last4 = 0;
    while (last4 != CRLF_CRLF) {
      int b = in.read();
      if (b < 0) {
        return false;
      }
      head.write(b);
      last4 = (last4 << 8) | b;
    }
    long length = 0;
    for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Long.parseLong(line.substring("content-length:".length()).trim());
      }
    }
    in.skipNBytes(length);
    return true;
  }

  @Override
  public void close() throws IOException {
    serverSocket.close();
    for (Socket socket : sockets) {
      socket.close();
    }
    executor.shutdownNow();
    try {
      if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
        throw new IllegalStateException("server threads did not stop");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
