package io.wsqos.proxy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A port on 127.0.0.1 where a connection is neither accepted nor refused: a listener that never
 * accepts, whose accept queue is filled, so that the kernel drops further SYNs as an unreachable
 * host's network would. A connect there ends only by its own timeout.
 */
final class FullAcceptQueue implements AutoCloseable {

  private static final int FILLING_CONNECT_TIMEOUT_MILLIS = 200;
  private static final int MAX_FILLING_CONNECTIONS = 16;

  private final ServerSocket listener;
  private final List<Socket> queued = new ArrayList<>();

  private FullAcceptQueue(ServerSocket listener) {
    this.listener = listener;
  }

  static FullAcceptQueue open() throws IOException {
    ServerSocket listener = new ServerSocket();
    FullAcceptQueue full = new FullAcceptQueue(listener);
    try {
      listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
      full.fill();
      return full;
    } catch (IOException | RuntimeException e) {
      full.close();
      throw e;
    }
  }

  private void fill() throws IOException {
    for (int i = 0; i < MAX_FILLING_CONNECTIONS; i++) {
      Socket socket = new Socket();
      queued.add(socket);
      try {
        socket.connect(listener.getLocalSocketAddress(), FILLING_CONNECT_TIMEOUT_MILLIS);
      } catch (SocketTimeoutException dropped) {
        return;
      }
    }
    throw new IllegalStateException("the accept queue of " + listener + " never filled");
  }

  int port() {
    return listener.getLocalPort();
  }

  @Override
  public void close() throws IOException {
    for (Socket socket : queued) {
      socket.close();
    }
    listener.close();
  }
}
