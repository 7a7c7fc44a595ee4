package io.wsqos.proxy;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import org.eclipse.jetty.io.ClientConnector;

/**
 * A client connector whose connections all carry one {@code IP_TOS}, set before they connect (so
 * that the handshake carries it too): the proxy keeps one pool of upstream connections per class. A
 * socket that refuses the option connects unmarked; {@code onFailure} counts it.
 */
final class MarkingClientConnector extends ClientConnector {

  private final int tos;
  private final Runnable onFailure;

  MarkingClientConnector(int tos, Runnable onFailure) {
    this.tos = tos;
    this.onFailure = onFailure;
  }

  @Override
  protected void configure(SelectableChannel selectable) throws IOException {
    super.configure(selectable);
    if (tos == 0) {
      return;
    }
    if (!(selectable instanceof SocketChannel channel)) {
      onFailure.run();
      return;
    }
    try {
      channel.setOption(StandardSocketOptions.IP_TOS, tos);
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      onFailure.run();
    }
  }
}
