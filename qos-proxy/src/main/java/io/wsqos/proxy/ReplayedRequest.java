package io.wsqos.proxy;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

/**
 * A request whose whole body the proxy has already read: its content is those bytes, as one last
 * chunk, and its length is theirs, so that the service gets a {@code Content-Length} even when the
 * client sent the body chunked. An {@code Expect: 100-continue} is not passed on: the client has
 * had its 100 from the proxy, and Jetty's proxy would otherwise wait for the service's 100 to send
 * a body that is already whole.
 */
final class ReplayedRequest extends Request.Wrapper {

  private final int length;
  private final HttpFields headers;
  private Content.Chunk body;

  ReplayedRequest(Request request, byte[] body, int length) {
    super(request);
    this.length = length;
    this.body = Content.Chunk.from(ByteBuffer.wrap(body, 0, length), true);
    HttpFields original = request.getHeaders();
    this.headers =
        original.contains(HttpHeader.EXPECT)
            ? HttpFields.build(original).remove(HttpHeader.EXPECT).asImmutable()
            : original;
  }

  @Override
  public HttpFields getHeaders() {
    return headers;
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public Content.Chunk read() {
    Content.Chunk whole = body;
    if (whole != null) {
      body = Content.Chunk.EOF;
      return whole;
    }
    return Content.Chunk.EOF;
  }

  @Override
  public void demand(Runnable demandCallback) {
    demandCallback.run();
  }
}
