package io.wsqos.monitor.cxf;

import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.HeaderProblem;
import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.core.header.WsQosHeaders;
import io.wsqos.monitor.Validity;
import org.apache.cxf.message.Message;

/**
 * The Timestamps block of an inbound message, as the one header interceptor ({@link
 * WsQosHeaderInterceptor}, installed by the feature) decoded it.
 */
final class ReadTimestamps {

  private ReadTimestamps() {}

  static HeaderBlock<MonitoringTimestamps> of(Message message) {
    return WsQosHeaders.from(message).map(WsQosHeaders::timestamps).orElse(HeaderBlock.absent());
  }

  /** The validity a record gets when its message carried {@code problem}. */
  static Validity validityOf(HeaderProblem problem) {
    return problem.reason() == HeaderProblem.Reason.DUPLICATED
        ? Validity.DUPLICATE_TIMESTAMP
        : Validity.MALFORMED_TIMESTAMP;
  }
}
