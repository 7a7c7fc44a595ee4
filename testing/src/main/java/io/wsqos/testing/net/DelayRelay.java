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
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TCP relay that adds a one-way delay to each direction: every chunk read from one side is
 * written to the other {@code delay} after it was read, in order, so it behaves as a delay line
 * (latency added, throughput not reduced), not as a sequence of pauses.
 *
 * <p>It terminates TCP, so the delay is added to each request and response once but not to the
 * handshake nor to slow start: the price of delaying in user space where {@code netem} is not
 * available. Each connection takes four threads; meant for a handful of slow clients, not for load.
 */
public final class DelayRelay implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(DelayRelay.class);

  private static final int CHUNK_BYTES = 16 * 1024;
  private static final int MAX_QUEUED_CHUNKS = 1_024;
  private static final byte[] END = new byte[0];

  private final ServerSocket listener;
  private final InetSocketAddress target;
  private final long upDelayNanos;
  private final long downDelayNanos;
  private final Thread acceptor = new Thread(this::acceptLoop, "wsqos-relay-accept");
  private final CopyOnWriteArrayList<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicLong failedConnects = new AtomicLong();

  private DelayRelay(
      ServerSocket listener, InetSocketAddress target, long upMillis, long downMillis) {
    this.listener = listener;
    this.target = target;
    this.upDelayNanos = TimeUnit.MILLISECONDS.toNanos(upMillis);
    this.downDelayNanos = TimeUnit.MILLISECONDS.toNanos(downMillis);
    acceptor.setDaemon(true);
  }

  /**
   * Listens on {@code bindAddress} (any port) and forwards each connection to {@code target},
   * delaying client-to-server data by {@code upDelayMillis} and the replies by {@code
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
      DelayRelay relay = new DelayRelay(listener, target, upDelayMillis, downDelayMillis);
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

  /** The sockets of connections still relayed, both ends of each. */
  int openSockets() {
    return sockets.size();
  }

  /** Client connections closed unanswered because the target could not be reached. */
  public long failedConnects() {
    return failedConnects.get();
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
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
      AtomicInteger open = new AtomicInteger(2);
      // Once both directions have delivered their end, the connection's sockets are released.
      Runnable ended =
          () -> {
            if (open.decrementAndGet() == 0) {
              closeQuietly(client);
              closeQuietly(server);
              sockets.remove(client);
              sockets.remove(server);
            }
          };
      pipe(client, server, upDelayNanos, "up", ended);
      pipe(server, client, downDelayNanos, "down", ended);
    }
  }

  private record Chunk(long dueNanos, byte[] bytes) {}

  private static void pipe(
      Socket from, Socket to, long delayNanos, String direction, Runnable ended) {
    BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(MAX_QUEUED_CHUNKS);
    daemon(
        "wsqos-relay-" + direction + "-read",
        () -> {
          byte[] buffer = new byte[CHUNK_BYTES];
          // Not try-with-resources: closing a socket's stream closes the socket, and a half-close
          // by one side (the end of its request) must leave the other direction open for the reply.
          try {
            InputStream in = from.getInputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
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
        });
    daemon(
        "wsqos-relay-" + direction + "-write",
        () -> {
          try {
            OutputStream out = to.getOutputStream();
            while (true) {
              Chunk chunk = queue.take();
              for (long wait = chunk.dueNanos() - System.nanoTime();
                  wait > 0;
                  wait = chunk.dueNanos() - System.nanoTime()) {
                LockSupport.parkNanos(wait);
              }
              if (chunk.bytes() == END) {
                to.shutdownOutput();
                return;
              }
              out.write(chunk.bytes());
              out.flush();
            }
          } catch (IOException e) {
            // The other side closed: nothing left to deliver to.
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            ended.run();
          }
        });
  }

  private static void daemon(String name, Runnable task) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() {
    closeQuietly(listener);
    sockets.forEach(DelayRelay::closeQuietly);
    sockets.clear();
    try {
      acceptor.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void closeQuietly(AutoCloseable socket) {
    try {
      socket.close();
    } catch (Exception e) {
      // Nothing more to release.
    }
  }
}
