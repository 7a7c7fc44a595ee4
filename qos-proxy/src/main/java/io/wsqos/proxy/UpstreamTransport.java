package io.wsqos.proxy;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.io.Transport;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * TCP to the upstream service on connections that refuse a response head whose lines end in a bare
 * LF. Jetty's parser accepts a bare LF as the end of a header line (RFC 9112 lets a recipient), so
 * {@code X-A: a\nSet-Cookie: b} would reach the client as two headers: a broken or hostile upstream
 * could add headers the proxy re-emits as its own. One instance per protocol family, so that the
 * client's pools key on it as on Jetty's own singletons.
 */
final class UpstreamTransport extends Transport.TCPIP {

  /** The JDK's default channels (dual-stack where the system has IPv6). */
  static final UpstreamTransport DEFAULT = new UpstreamTransport(false);

  /** IPv4 channels: on JDK 17 to 20 the only ones whose {@code IP_TOS} reaches IPv4 packets. */
  static final UpstreamTransport IPV4 = new UpstreamTransport(true);

  private final boolean ipv4;

  private UpstreamTransport(boolean ipv4) {
    this.ipv4 = ipv4;
  }

  @Override
  public SelectableChannel newSelectableChannel() throws IOException {
    return ipv4 ? SocketChannel.open(StandardProtocolFamily.INET) : SocketChannel.open();
  }

  @Override
  public EndPoint newEndPoint(
      Scheduler scheduler,
      ManagedSelector selector,
      SelectableChannel selectable,
      SelectionKey selectionKey) {
    return new HeadCheckingEndPoint((SocketChannel) selectable, selector, selectionKey, scheduler);
  }

  @Override
  public String toString() {
    return ipv4 ? "UpstreamTransport{IPv4}" : "UpstreamTransport{default}";
  }

  /** An upstream response head that is not well formed: the exchange fails, the client gets 502. */
  static final class MalformedHeadException extends IOException {
    private static final long serialVersionUID = 1L;

    MalformedHeadException(String message) {
      super(message);
    }
  }

  /**
   * An endpoint that checks the bytes of each response head as they are read: every line must end
   * in CRLF. Only heads are looked at; a body passes unread. A head starts when an exchange is sent
   * on the connection (HTTP/1.1 without pipelining: the next response cannot begin before the next
   * request) and again after an interim (1xx) head.
   */
  static final class HeadCheckingEndPoint extends SocketChannelEndPoint {
    /** Where the status code's first digit is: after {@code HTTP/1.1 }. */
    private static final int STATUS_DIGIT_INDEX = 9;

    // Touched only by the thread filling the connection and the one sending on it, which Jetty
    // orders: an exchange is sent before its response is read.
    private boolean inHead = true;
    private int headBytes;
    private int lineBytes;
    private boolean interim;
    private byte previous;

    HeadCheckingEndPoint(
        SocketChannel channel, ManagedSelector selector, SelectionKey key, Scheduler scheduler) {
      super(channel, selector, key, scheduler);
    }

    /** A response head comes next: called when an exchange is sent on this connection. */
    void expectHead() {
      inHead = true;
      headBytes = 0;
      lineBytes = 0;
      interim = false;
      previous = 0;
    }

    @Override
    public int fill(ByteBuffer buffer) throws IOException {
      int filled = super.fill(buffer);
      if (filled > 0 && inHead) {
        check(buffer, buffer.limit() - filled, buffer.limit());
      }
      return filled;
    }

    private void check(ByteBuffer buffer, int from, int to) throws MalformedHeadException {
      for (int i = from; i < to && inHead; i++) {
        byte b = buffer.get(i);
        if (headBytes == STATUS_DIGIT_INDEX) {
          interim = b == '1';
        }
        headBytes++;
        if (b == '\n') {
          if (previous != '\r') {
            throw new MalformedHeadException(
                "a line of the response head ends in a bare LF (expected: CRLF)");
          }
          if (lineBytes == 1) {
            // The empty line: the head ends; an interim one is followed by the final head.
            if (interim) {
              expectHead();
              continue;
            }
            inHead = false;
          }
          lineBytes = 0;
        } else {
          lineBytes++;
        }
        previous = b;
      }
    }
  }
}
