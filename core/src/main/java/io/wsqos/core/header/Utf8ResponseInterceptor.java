package io.wsqos.core.header;

import org.apache.cxf.interceptor.StaxOutInterceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Makes a wsqos endpoint answer in UTF-8 with an XML declaration. CXF writes a response in the
 * request's charset, and for a request that names none it falls back to the HTTP default for {@code
 * text/xml}, ISO-8859-1, without a declaration; a client that assumes XML's own default (UTF-8)
 * then misreads every character above U+007F. A request that names a charset keeps it. Part of
 * {@link WsQosEndpointBaseline}.
 */
final class Utf8ResponseInterceptor extends AbstractPhaseInterceptor<Message> {

  static final String ID = Utf8ResponseInterceptor.class.getName();

  Utf8ResponseInterceptor() {
    // PRE_STREAM before StaxOutInterceptor, which reads both properties to create the writer.
    super(ID, Phase.PRE_STREAM);
    addBefore(StaxOutInterceptor.class.getName());
  }

  @Override
  public void handleMessage(Message message) {
    if (MessageUtils.isRequestor(message)) {
      return;
    }
    Message in = message.getExchange() == null ? null : message.getExchange().getInMessage();
    String requested = in == null ? null : (String) in.get(Message.ENCODING);
    if (requested == null || !hasCharset(in)) {
      message.put(Message.ENCODING, "UTF-8");
    }
    message.put(StaxOutInterceptor.FORCE_START_DOCUMENT, Boolean.TRUE);
  }

  private static boolean hasCharset(Message in) {
    Object contentType = in.get(Message.CONTENT_TYPE);
    return contentType instanceof String type
        && type.toLowerCase(java.util.Locale.ROOT).contains("charset=");
  }

  @Override
  public String toString() {
    return "Utf8ResponseInterceptor";
  }
}
