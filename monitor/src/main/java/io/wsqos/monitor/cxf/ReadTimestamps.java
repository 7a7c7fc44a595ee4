package io.wsqos.monitor.cxf;

import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.HeaderProblem;
import io.wsqos.core.header.MonitoringTimestamps;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.header.WsQosHeaders;
import io.wsqos.monitor.Validity;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.message.Message;

/** Reads the Timestamps block of an inbound message, decoding only if nobody did it before. */
final class ReadTimestamps {

  private ReadTimestamps() {}

  static HeaderBlock<MonitoringTimestamps> of(Message message, WsQosCodec codec) {
    // Decoded already by WsQosHeaderInterceptor when WsQosHeaderFeature is installed.
    WsQosHeaders decoded = message.get(WsQosHeaders.class);
    if (decoded != null) {
      return decoded.timestamps();
    }
    if (message instanceof SoapMessage soap) {
      return codec.read(soap).timestamps();
    }
    return HeaderBlock.absent();
  }

  /** The validity a record gets when its message carried {@code problem}. */
  static Validity validityOf(HeaderProblem problem) {
    return problem.reason() == HeaderProblem.Reason.DUPLICATED
        ? Validity.DUPLICATE_TIMESTAMP
        : Validity.MALFORMED_TIMESTAMP;
  }
}
