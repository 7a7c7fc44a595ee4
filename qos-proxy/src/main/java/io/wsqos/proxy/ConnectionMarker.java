package io.wsqos.proxy;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import org.apache.cxf.message.Message;
import org.apache.cxf.transport.http.AbstractHTTPDestination;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.server.ConnectionMetaData;

/**
 * Sets the {@code IP_TOS} byte of the connection that carries a request, on Jetty 12: the servlet
 * request CXF hands over leads to Jetty's request, its connection and the connection's {@link
 * SocketChannelEndPoint}. The connection's own TOS, read before its first mark, is kept in the
 * connection's attributes together with the TOS set now, so that {@link #restore} puts it back.
 *
 * <p>HTTP/1.1 serves one exchange at a time per connection, so the state needs no lock.
 */
final class ConnectionMarker {

  /** Why a connection could not be marked: the {@code reason} tag of the failures counter. */
  enum Failure {
    /** The request did not come through a Jetty connection over a TCP socket channel. */
    NO_SOCKET("no-socket"),
    /** The socket refused the option (closed, or the system does not support it). */
    SOCKET_OPTION("socket-option");

    final String tag;

    Failure(String tag) {
      this.tag = tag;
    }
  }

  /** The attribute of the connection's metadata that holds its {@link TosState}. */
  static final String STATE_ATTRIBUTE = ConnectionMarker.class.getName() + ".state";

  /** A connection's TOS before the first mark, and the TOS it carries now. */
  private static final class TosState {
    final int initialTos;
    int currentTos;

    TosState(int initialTos) {
      this.initialTos = initialTos;
      this.currentTos = initialTos;
    }
  }

  /**
   * Sets the TOS of the connection of {@code request} (an inbound message) to {@code tos}, unless
   * it carries that TOS already.
   *
   * @return null when the connection carries {@code tos}, or why it could not be set
   */
  Failure mark(Message request, int tos) {
    return mark(connection(request), tos);
  }

  /** As {@link #mark(Message, int)}, for the connection {@code connection}, which may be null. */
  Failure mark(ConnectionMetaData connection, int tos) {
    SocketChannel channel = connection == null ? null : channel(connection.getConnection());
    if (channel == null) {
      return Failure.NO_SOCKET;
    }
    try {
      TosState state = (TosState) connection.getAttribute(STATE_ATTRIBUTE);
      if (state == null) {
        state = new TosState(channel.getOption(StandardSocketOptions.IP_TOS));
        connection.setAttribute(STATE_ATTRIBUTE, state);
      }
      if (state.currentTos != tos) {
        channel.setOption(StandardSocketOptions.IP_TOS, tos);
        state.currentTos = tos;
      }
      return null;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return Failure.SOCKET_OPTION;
    }
  }

  /**
   * Puts back the TOS the connection of {@code request} had before its first mark, if an earlier
   * exchange on it changed it.
   *
   * @return null when done or nothing was to be done, or why it could not be done
   */
  Failure restore(Message request) {
    return restore(connection(request));
  }

  /** As {@link #restore(Message)}, for the connection {@code connection}, which may be null. */
  Failure restore(ConnectionMetaData connection) {
    if (connection == null) {
      return null;
    }
    TosState state = (TosState) connection.getAttribute(STATE_ATTRIBUTE);
    if (state == null || state.currentTos == state.initialTos) {
      return null;
    }
    SocketChannel channel = channel(connection.getConnection());
    if (channel == null) {
      return Failure.NO_SOCKET;
    }
    try {
      channel.setOption(StandardSocketOptions.IP_TOS, state.initialTos);
      state.currentTos = state.initialTos;
      return null;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return Failure.SOCKET_OPTION;
    }
  }

  private static ConnectionMetaData connection(Message request) {
    if (!(request.get(AbstractHTTPDestination.HTTP_REQUEST) instanceof HttpServletRequest http)) {
      return null;
    }
    ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(http);
    return jetty == null ? null : jetty.getConnectionMetaData();
  }

  private static SocketChannel channel(Connection connection) {
    if (connection == null) {
      return null;
    }
    EndPoint endPoint = connection.getEndPoint();
    if (endPoint instanceof SslConnection.SslEndPoint tls) {
      // TLS: the decrypted end point's connection is the TLS connection over the socket.
      endPoint = tls.getSslConnection().getEndPoint();
    }
    return endPoint instanceof SocketChannelEndPoint socket ? socket.getChannel() : null;
  }
}
