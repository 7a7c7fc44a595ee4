package io.wsqos.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Keeps a client's {@code Connection: close} for a request that also said {@code Expect:
 * 100-continue}: Jetty 12.0 forgets it once it has sent the interim {@code 100 Continue}, answers
 * without {@code Connection: close} and keeps the connection open until the idle timeout, while the
 * client waits for the end of the connection to know the response is complete.
 */
final class ClosingAfterContinue extends Handler.Wrapper {

  ClosingAfterContinue(Handler handler) {
    super(handler);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (request.getHeaders().contains(HttpHeader.EXPECT, HttpHeaderValue.CONTINUE.asString())
        && request.getHeaders().contains(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString())) {
      response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    }
    return super.handle(request, response, callback);
  }
}
