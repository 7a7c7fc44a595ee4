package io.wsqos.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's error handler writing an {@link ErrorBody}'s page instead of Jetty's HTML, for every
 * method and whatever the request accepts (Jetty's own writes nothing for a {@code PUT} or a client
 * that accepts neither HTML, text nor JSON).
 */
final class ErrorBodyHandler extends ErrorHandler {

  private final ErrorBody body;

  ErrorBodyHandler(ErrorBody body) {
    this.body = body;
  }

  @Override
  public boolean errorPageForMethod(String method) {
    return true;
  }

  @Override
  protected void generateResponse(
      Request request,
      Response response,
      int code,
      String message,
      Throwable cause,
      Callback callback)
      throws IOException {
    ErrorBody.Page page = body.render(code, message);
    String type = page.contentType();
    if (!type.toLowerCase(java.util.Locale.ROOT).contains("charset=")) {
      type = type + ";charset=utf-8";
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
    response.write(true, StandardCharsets.UTF_8.encode(page.text()), callback);
  }
}
