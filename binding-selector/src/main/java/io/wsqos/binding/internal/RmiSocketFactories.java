package io.wsqos.binding.internal;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/** The sockets of the RMI binding: bound to one interface, connected with a timeout. */
final class RmiSocketFactories {

  private RmiSocketFactories() {}

  /**
   * Listens on one interface only (RMI's default is every interface), and remembers the ports it
   * bound so that a registry exported on port 0 can name its port.
   */
  static final class Bound implements RMIServerSocketFactory {
    private final InetAddress address;
    private final CopyOnWriteArrayList<ServerSocket> sockets = new CopyOnWriteArrayList<>();

    Bound(InetAddress address) {
      this.address = Objects.requireNonNull(address, "address");
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
      ServerSocket socket = new ServerSocket(port, 50, address);
      sockets.add(socket);
      return socket;
    }

    /** The port bound last. */
    int lastPort() {
      return sockets.get(sockets.size() - 1).getLocalPort();
    }

    /**
     * Closes every socket this factory created. RMI never closes the listening socket of an export
     * on port 0 itself, even when nothing is exported on it any more.
     */
    void closeAll() {
      for (ServerSocket socket : sockets) {
        try {
          socket.close();
        } catch (IOException e) {
          // Closing a listening socket fails only when it is closed already.
        }
      }
    }

    // Not equal to another instance: RMI shares a listening socket only among equal factories.
  }

  /**
   * Connects to the host the publisher names, whatever address the JVM would put in the stub, and
   * gives up after a connect timeout instead of the operating system's default; carried to the
   * client inside the stub.
   */
  static final class Connecting implements RMIClientSocketFactory, Serializable {
    private static final long serialVersionUID = 1L;

    private final String host;
    private final int connectTimeoutMillis;

    Connecting(String host, int connectTimeoutMillis) {
      this.host = Objects.requireNonNull(host, "host");
      this.connectTimeoutMillis = connectTimeoutMillis;
    }

    @Override
    public Socket createSocket(String ignoredHost, int port) throws IOException {
      Socket socket = new Socket();
      try {
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), connectTimeoutMillis);
        return socket;
      } catch (IOException e) {
        socket.close();
        throw e;
      }
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Connecting c
          && c.host.equals(host)
          && c.connectTimeoutMillis == connectTimeoutMillis;
    }

    @Override
    public int hashCode() {
      return Objects.hash(host, connectTimeoutMillis);
    }
  }
}
