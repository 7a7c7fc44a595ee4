package io.wsqos.proxy;

import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Puts back a kept-alive connection's own TOS when the next request arrives on it, so that whatever
 * this exchange sends before its response is decided (and a response that is not marked, such as a
 * fault) leaves in the connection's default class. The mark is not removed when the response
 * completes: bytes the kernel still holds for sending would leave unmarked.
 */
final class ConnectionRestoreInterceptor extends AbstractPhaseInterceptor<Message> {

  private final ConnectionMarker marker;
  private final MarkingMetrics metrics;

  ConnectionRestoreInterceptor(ConnectionMarker marker, MarkingMetrics metrics) {
    super(Phase.RECEIVE);
    this.marker = marker;
    this.metrics = metrics;
  }

  @Override
  public void handleMessage(Message message) {
    if (MessageUtils.isRequestor(message)) {
      return;
    }
    ConnectionMarker.Failure failure = marker.restore(message);
    if (failure != null) {
      metrics.failed(failure);
    }
  }

  @Override
  public String toString() {
    return "DscpMarkingFeature.ConnectionRestoreInterceptor";
  }
}
