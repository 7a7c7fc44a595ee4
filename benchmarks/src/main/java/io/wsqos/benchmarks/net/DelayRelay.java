package io.wsqos.benchmarks.net;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TCP relay that adds a one-way delay to each direction: every chunk read from one side is
 * written to the other side {@code delay} after it was read, in order, so the relay behaves as a
 * delay line (throughput is not reduced, latency is added), not as a sequence of pauses.
 *
 * <p>It terminates TCP: the client's handshake and acknowledgements see the relay, not the delay.
 * So the link's round trip is added to each request and each response once (what an application
 * sees for a small exchange), but not to the TCP handshake nor to slow start. That is the price of
 * doing delay in user space where {@code netem} is not available.
 *
 * <p>One thread accepts; each connection takes four (a reader and a writer per direction). Meant
 * for a handful of slow clients, not for load.
 */
public final class DelayRelay implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(DelayRelay.class);

  static final int CHUNK_BYTES = 16 * 1024;
  static final int MAX_QUEUED_CHUNKS = 1_024;
  private static final byte[] END = new byte[0];

  private final ServerSocket listener;
  private final InetSocketAddress target;
  private final long upDelayNanos;
  private final long downDelayNanos;
  private final Thread acceptor;
  private final CopyOnWriteArrayList<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicLong failedConnects = new AtomicLong();
  private volatile boolean closed;

  private DelayRelay(
      ServerSocket listener, InetSocketAddress target, long upDelayNanos, long downDelayNanos) {
    this.listener = listener;
    this.target = target;
    this.upDelayNanos = upDelayNanos;
    this.downDelayNanos = downDelayNanos;
    this.acceptor = new Thread(this::acceptLoop, "wsqos-relay-accept");
    acceptor.setDaemon(true);
  }

  /**
   * Listens on {@code bindAddress} (port 0: any) and forwards each connection to {@code target},
   * delaying client-to-server data by {@code upDelayMillis} and server-to-client data by {@code
   * downDelayMillis}.
   */
  public static DelayRelay start(
      InetAddress bindAddress, InetSocketAddress target, long upDelayMillis, long downDelayMillis) {
    requireNonNull(bindAddress, "bindAddress");
    requireNonNull(target, "target");
    if (upDelayMillis < 0 || downDelayMillis < 0) {
      throw new IllegalArgumentException(
          "delay: up " + upDelayMillis + ", down " + downDelayMillis + " ms (expected: >= 0)");
    }
    try {
      ServerSocket listener = new ServerSocket();
      listener.bind(new InetSocketAddress(bindAddress, 0), 64);
      DelayRelay relay =
          new DelayRelay(
              listener,
              target,
              TimeUnit.MILLISECONDS.toNanos(upDelayMillis),
              TimeUnit.MILLISECONDS.toNanos(downDelayMillis));
      relay.acceptor.start();
      return relay;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Where clients connect. */
  public InetSocketAddress address() {
    return (InetSocketAddress) listener.getLocalSocketAddress();
  }

  /**
   * How many client connections were closed unanswered because the target could not be reached;
   * such a client sees its connection closed, as behind a link whose far end is down.
   */
  public long failedConnects() {
    return failedConnects.get();
  }

  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      Socket server = new Socket();
      try {
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        server.connect(target, 5_000);
      } catch (IOException e) {
        failedConnects.incrementAndGet();
        log.warn("Relay {} could not reach {}: {}", address(), target, e.toString());
        closeQuietly(client);
        closeQuietly(server);
        continue;
      }
      sockets.add(client);
      sockets.add(server);
      pipe(client, server, upDelayNanos, "up");
      pipe(server, client, downDelayNanos, "down");
    }
  }

  private record Chunk(long dueNanos, byte[] bytes) {}

  private void pipe(Socket from, Socket to, long delayNanos, String direction) {
    BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(MAX_QUEUED_CHUNKS);
    Thread reader =
        new Thread(
            () -> {
              byte[] buffer = new byte[CHUNK_BYTES];
              // Not try-with-resources: closing a socket's stream closes the socket, and a
              // half-close by one side (end of its request) must leave the other direction open
              // for the reply. The relay's close() closes every socket.
              try {
                InputStream in = from.getInputStream();
                int n;
                while ((n = in.read(buffer)) >= 0) {
                  queue.put(new Chunk(System.nanoTime() + delayNanos, Arrays.copyOf(buffer, n)));
                }
              } catch (IOException | InterruptedException e) {
                // The connection is gone; the writer ends on END.
              }
              try {
                queue.put(new Chunk(System.nanoTime() + delayNanos, END));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "wsqos-relay-" + direction + "-read");
    Thread writer =
        new Thread(
            () -> {
              try {
                OutputStream out = to.getOutputStream();
                while (true) {
                  Chunk chunk = queue.take();
                  long wait;
                  while ((wait = chunk.dueNanos - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                  }
                  if (chunk.bytes == END) {
                    to.shutdownOutput();
                    break;
                  }
                  out.write(chunk.bytes);
                  out.flush();
                }
              } catch (SocketException e) {
                // The other side closed.
              } catch (IOException e) {
                // Same: nothing left to deliver to.
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "wsqos-relay-" + direction + "-write");
    reader.setDaemon(true);
    writer.setDaemon(true);
    reader.start();
    writer.start();
  }

  @Override
  public void close() {
    closed = true;
    try {
      listener.close();
    } catch (IOException e) {
      // Closing anyway.
    }
    sockets.forEach(DelayRelay::closeQuietly);
    sockets.clear();
    try {
      acceptor.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Nothing more to release.
    }
  }
}
