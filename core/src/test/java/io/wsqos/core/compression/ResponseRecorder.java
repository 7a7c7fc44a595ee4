package io.wsqos.core.compression;

import io.wsqos.core.header.CompressionAction;
import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.core.header.WsQosHeaders;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.phase.Phase;

/** A client-side interceptor recording the last response's Content-Encoding and ServerAction. */
final class ResponseRecorder extends AbstractSoapInterceptor {
  volatile String contentEncoding;
  volatile String vary;
  volatile CompressionAction action;

  ResponseRecorder() {
    super(Phase.PRE_PROTOCOL);
    addAfter(WsQosHeaderInterceptor.ID);
  }

  @Override
  public void handleMessage(SoapMessage message) {
    contentEncoding = HttpHeaders.get(message, HttpHeaders.CONTENT_ENCODING);
    vary = HttpHeaders.get(message, HttpHeaders.VARY);
    action =
        WsQosHeaders.from(message)
            .flatMap(headers -> headers.serverAction().value())
            .flatMap(ServerAction::compression)
            .orElse(null);
  }
}
