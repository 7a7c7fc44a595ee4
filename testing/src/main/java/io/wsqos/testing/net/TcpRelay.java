package io.wsqos.testing.net;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay on 127.0.0.1 that a test can cut and restore, to make a server unreachable the way an
 * outage does: {@link #cut()} resets every relayed connection and closes the listening port, so
 * that open connections fail and new ones are refused; {@link #restore()} listens again on the same
 * port. Clients connect to {@link #port()}; the relay connects to the target for each of them.
 *
 * <pre>{@code
 * try (TcpRelay relay = TcpRelay.to(database.port())) {
 *   String url = "jdbc:postgresql://127.0.0.1:" + relay.port() + "/test";
 *   relay.cut();     // the database is gone for the client
 *   relay.restore(); // and back
 * }
 * }</pre>
 *
 * <p>{@link #cutAfterBytesToTarget(long)} makes the relay cut itself part-way through what a client
 * sends, for an outage that must fall inside a write rather than between two.
 *
 * <p>One thread accepts while the relay listens and two relay each connection; at most {@link
 * #MAX_CONNECTIONS} connections are relayed at once (a connection beyond that is reset at once).
 * {@link #cut()} and {@link #close()} return only after every thread of the relay has ended.
 */
public final class TcpRelay implements AutoCloseable {

  /** Most connections relayed at once. */
  public static final int MAX_CONNECTIONS = 64;

  private static final int FIRST_FIXED_PORT = 20_000;
  private static final int FIXED_PORTS = 12_000;

  /** Every thread of a relay is named with this prefix, then its port. */
  public static final String THREAD_NAME_PREFIX = "wsqos-relay-";

  static final int BUFFER_BYTES = 16 * 1024;
  private static final int BACKLOG = 50;
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration THREAD_END_TIMEOUT = Duration.ofSeconds(10);

  private final InetSocketAddress target;
  private final int port;
  private final Set<Link> links = new LinkedHashSet<>();
  private final AtomicInteger relayed = new AtomicInteger();
  private ServerSocket listener;
  private Thread acceptor;
  private boolean closed;
  // Bytes still to relay towards the target before the relay cuts itself; -1 when not armed.
  private long bytesToTargetBeforeCut = -1;

  private TcpRelay(InetSocketAddress target, ServerSocket listener) {
    this.target = target;
    this.port = listener.getLocalPort();
    listen(listener);
  }

  /**
   * Starts a relay to {@code target} on a free loopback port below the ephemeral range, so that no
   * outgoing connection takes the port while the relay is cut.
   */
  public static TcpRelay to(InetSocketAddress target) {
    requireNonNull(target, "target");
    return new TcpRelay(target, bindOutsideEphemeralRange());
  }

  /** Starts a relay on a free loopback port to port {@code targetPort} of 127.0.0.1. */
  public static TcpRelay to(int targetPort) {
    if (targetPort < 1 || targetPort > 65_535) {
      throw new IllegalArgumentException("targetPort: " + targetPort + " (expected: 1..65535)");
    }
    return to(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort));
  }

  /** The port clients connect to; the same after {@link #restore()}. */
  public int port() {
    return port;
  }

  /** Where the relay forwards each connection. */
  public InetSocketAddress target() {
    return target;
  }

  /** {@code http://127.0.0.1:<port><path>}; {@code path} starts with a slash. */
  public String url(String path) {
    requireNonNull(path, "path");
    if (!path.startsWith("/")) {
      throw new IllegalArgumentException("path: " + path + " (expected: starting with /)");
    }
    return "http://127.0.0.1:" + port + path;
  }

  /** The connections being relayed now. */
  public synchronized int connections() {
    return links.size();
  }

  /** The connections relayed so far, since the relay started. */
  public int relayed() {
    return relayed.get();
  }

  /** Whether the relay is cut (or closed): its port refuses connections. */
  public synchronized boolean isCut() {
    return listener == null;
  }

  /**
   * Resets every relayed connection at both ends and closes the port, so that new connections are
   * refused; returns once the relay's threads have ended. Harmless when already cut.
   */
  public void cut() {
    Thread stoppedAcceptor;
    List<Link> stopped;
    synchronized (this) {
      stoppedAcceptor = acceptor;
      closeQuietly(listener);
      listener = null;
      acceptor = null;
      stopped = new ArrayList<>(links);
      links.clear();
    }
    stopped.forEach(Link::reset);
    join(stoppedAcceptor);
    for (Link link : stopped) {
      join(link.up);
      join(link.down);
    }
  }

  /**
   * Listens again on the same port and relays new connections. Harmless when not cut.
   *
   * @throws IllegalStateException if the relay is closed
   * @throws UncheckedIOException if the port cannot be bound again (another socket took it)
   */
  public synchronized void restore() {
    if (closed) {
      throw new IllegalStateException("relay closed: port " + port);
    }
    bytesToTargetBeforeCut = -1;
    if (listener == null) {
      listen(bind(port));
    }
  }

  /**
   * Arms the relay to cut itself, as {@link #cut()} does, once {@code bytes} more bytes have gone
   * from its clients to the target, counted over every connection: those bytes are relayed and the
   * ones after them are not. For an outage in the middle of a write whose size the test knows to be
   * larger: arm it, then make the write. Disarmed by the cut, or by {@link #restore()}.
   *
   * @throws IllegalArgumentException if {@code bytes} is negative
   */
  public synchronized void cutAfterBytesToTarget(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes: " + bytes + " (expected: >= 0)");
    }
    bytesToTargetBeforeCut = bytes;
  }

  /** Cuts the relay for good. */
  @Override
  public void close() {
    synchronized (this) {
      closed = true;
    }
    cut();
  }

  @Override
  public synchronized String toString() {
    return "TcpRelay{127.0.0.1:"
        + port
        + " -> "
        + target
        + (closed ? ", closed" : listener == null ? ", cut" : "")
        + '}';
  }

  /**
   * A free port below Linux's default ephemeral range (32768-60999): a port the kernel hands out
   * for port 0 is one it also hands to outgoing connections, and one of those could take it while
   * the relay is cut, so that {@link #restore()} could not listen on it again.
   */
  private static ServerSocket bindOutsideEphemeralRange() {
    for (int attempt = 0; attempt < 100; attempt++) {
      int port = FIRST_FIXED_PORT + ThreadLocalRandom.current().nextInt(FIXED_PORTS);
      try {
        return bind(port);
      } catch (UncheckedIOException taken) {
        // Another test's port: try the next.
      }
    }
    return bind(0);
  }

  private static ServerSocket bind(int port) {
    ServerSocket socket = null;
    try {
      socket = new ServerSocket();
      // Binding the same port again must not wait for the reset connections' TIME_WAIT.
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), BACKLOG);
      return socket;
    } catch (IOException e) {
      closeQuietly(socket);
      throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
    }
  }

  private void listen(ServerSocket socket) {
    listener = socket;
    acceptor = new Thread(() -> accept(socket), THREAD_NAME_PREFIX + port + "-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  private void accept(ServerSocket socket) {
    while (true) {
      Socket client;
      try {
        client = socket.accept();
      } catch (IOException e) {
        return; // cut or closed
      }
      Socket server = new Socket();
      try {
        server.connect(target, (int) CONNECT_TIMEOUT.toMillis());
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
      } catch (IOException e) {
        // The target is down: the client sees its connection reset, as if the relay were.
        reset(client);
        reset(server);
        continue;
      }
      start(socket, client, server);
    }
  }

  private synchronized void start(ServerSocket acceptedBy, Socket client, Socket server) {
    if (listener != acceptedBy || links.size() >= MAX_CONNECTIONS) {
      // Cut while this connection was being set up, or too many: the client sees a reset.
      reset(client);
      reset(server);
      return;
    }
    int id = relayed.incrementAndGet();
    Link link = new Link(client, server, THREAD_NAME_PREFIX + port + "-" + id);
    links.add(link);
    link.up.start();
    link.down.start();
  }

  private synchronized void ended(Link link) {
    links.remove(link);
  }

  /** How many of {@code n} bytes read from a client may go on to the target. */
  private synchronized int allowTowardsTarget(int n) {
    if (bytesToTargetBeforeCut < 0) {
      return n;
    }
    int pass = (int) Math.min(n, bytesToTargetBeforeCut);
    bytesToTargetBeforeCut -= pass;
    return pass;
  }

  /** Whether an armed cut is due now; disarms it if so. */
  private synchronized boolean cutDue() {
    if (bytesToTargetBeforeCut != 0) {
      return false;
    }
    bytesToTargetBeforeCut = -1;
    return true;
  }

  /** A relayed connection: the client's socket, the target's, and a thread per direction. */
  private final class Link {
    final Socket client;
    final Socket server;
    final Thread up;
    final Thread down;
    private final AtomicInteger open = new AtomicInteger(2);

    Link(Socket client, Socket server, String name) {
      this.client = client;
      this.server = server;
      up = new Thread(() -> pump(client, server), name + "-up");
      down = new Thread(() -> pump(server, client), name + "-down");
      up.setDaemon(true);
      down.setDaemon(true);
    }

    /**
     * Copies {@code from} to {@code to} until {@code from} ends, then ends {@code to}'s output: a
     * half-close passes through and leaves the other direction open for the answer.
     */
    private void pump(Socket from, Socket to) {
      byte[] buffer = new byte[BUFFER_BYTES];
      boolean towardsTarget = from == client;
      // Not try-with-resources: closing a socket's stream closes the socket and both directions.
      try {
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        int n;
        while ((n = in.read(buffer)) >= 0) {
          int pass = towardsTarget ? allowTowardsTarget(n) : n;
          if (pass > 0) {
            out.write(buffer, 0, pass);
            out.flush();
          }
          if (towardsTarget && cutDue()) {
            // On this relay thread: cut() joins every other one, and this one ends right after.
            cut();
            return;
          }
        }
        to.shutdownOutput();
      } catch (IOException e) {
        // One side failed or the relay was cut: the other side must see it fail too.
        reset();
        return;
      }
      if (open.decrementAndGet() == 0) {
        closeQuietly(client);
        closeQuietly(server);
        ended(this);
      }
    }

    void reset() {
      TcpRelay.reset(client);
      TcpRelay.reset(server);
      ended(this);
    }
  }

  /** Closes {@code socket} with a reset (RST), not an orderly end (FIN). */
  private static void reset(Socket socket) {
    try {
      if (!socket.isClosed()) {
        socket.setSoLinger(true, 0);
      }
    } catch (IOException e) {
      // Closing it anyway.
    }
    closeQuietly(socket);
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      // Nothing more to release.
    }
  }

  private static void join(Thread thread) {
    if (thread == null || thread == Thread.currentThread()) {
      return;
    }
    try {
      thread.join(THREAD_END_TIMEOUT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    if (thread.isAlive()) {
      throw new IllegalStateException(
          "relay thread '" + thread.getName() + "' still running after " + THREAD_END_TIMEOUT);
    }
  }
}
