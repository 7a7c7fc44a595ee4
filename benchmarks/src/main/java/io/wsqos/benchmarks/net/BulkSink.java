package io.wsqos.benchmarks.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where {@link BulkSender}s send: a listener that reads and discards whatever arrives, counting the
 * bytes, one thread per connection (a handful at most). Closing it closes every connection, which
 * stops the senders.
 */
public final class BulkSink implements AutoCloseable {

  private final ServerSocketChannel server;
  private final InetSocketAddress address;
  private final AtomicLong bytes = new AtomicLong();
  private final List<SocketChannel> connections = new CopyOnWriteArrayList<>();

  private BulkSink(ServerSocketChannel server) throws IOException {
    this.server = server;
    this.address = (InetSocketAddress) server.getLocalAddress();
    daemon("wsqos-bulk-sink", this::accept);
  }

  /** Listens on {@code address}, a free port. */
  public static BulkSink start(InetAddress address) {
    try {
      ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.INET);
      server.bind(new InetSocketAddress(address, 0));
      return new BulkSink(server);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void accept() {
    try {
      while (true) {
        SocketChannel connection = server.accept();
        connections.add(connection);
        daemon("wsqos-bulk-sink-reader", () -> drain(connection));
      }
    } catch (IOException e) {
      // Closed.
    }
  }

  private void drain(SocketChannel connection) {
    ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    try {
      for (int n = connection.read(buffer); n >= 0; n = connection.read(buffer)) {
        bytes.addAndGet(n);
        buffer.clear();
      }
    } catch (IOException e) {
      // Closed.
    }
  }

  private static void daemon(String name, Runnable task) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** Where senders connect. */
  public InetSocketAddress address() {
    return address;
  }

  /** The bytes received so far, from every connection. */
  public long bytes() {
    return bytes.get();
  }

  /** The connections made so far. */
  public int connections() {
    return connections.size();
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (SocketChannel connection : connections) {
      connection.close();
    }
  }
}
