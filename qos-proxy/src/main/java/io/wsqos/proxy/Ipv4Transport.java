package io.wsqos.proxy;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import org.eclipse.jetty.io.Transport;

/**
 * TCP over IPv4 channels for Jetty's client: on JDK 17 to 20, the only client sockets whose {@code
 * IP_TOS} reaches IPv4 packets (JDK-8303509).
 */
final class Ipv4Transport extends Transport.TCPIP {

  /** The one instance; stateless. */
  static final Ipv4Transport INSTANCE = new Ipv4Transport();

  private Ipv4Transport() {}

  @Override
  public SelectableChannel newSelectableChannel() throws IOException {
    return SocketChannel.open(StandardProtocolFamily.INET);
  }
}
