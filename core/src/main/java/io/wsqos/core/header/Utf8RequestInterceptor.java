package io.wsqos.core.header;

import java.util.Locale;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Reads a request whose {@code Content-Type} names no charset as UTF-8, the default of XML media
 * types (RFC 7303), instead of CXF's ISO-8859-1; a request that names one keeps it. Part of {@link
 * WsQosEndpointBaseline}.
 */
final class Utf8RequestInterceptor extends AbstractPhaseInterceptor<Message> {

  static final String ID = Utf8RequestInterceptor.class.getName();

  Utf8RequestInterceptor() {
    // RECEIVE: before StaxInInterceptor (POST_STREAM) creates the reader from Message.ENCODING.
    super(ID, Phase.RECEIVE);
  }

  @Override
  public void handleMessage(Message message) {
    if (MessageUtils.isRequestor(message)) {
      return;
    }
    Object contentType = message.get(Message.CONTENT_TYPE);
    if (!(contentType instanceof String type)
        || !type.toLowerCase(Locale.ROOT).contains("charset=")) {
      message.put(Message.ENCODING, "UTF-8");
    }
  }

  @Override
  public String toString() {
    return "Utf8RequestInterceptor";
  }
}
