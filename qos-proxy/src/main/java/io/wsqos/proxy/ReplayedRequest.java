package io.wsqos.proxy;

import java.nio.ByteBuffer;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

/**
 * A request whose content starts again from the bytes the proxy already read to find its header:
 * those first, as one chunk, then the rest as it arrives.
 */
final class ReplayedRequest extends Request.Wrapper {

  private Content.Chunk prefix;

  /**
   * @param complete whether {@code prefix} is the whole body, so that nothing follows it
   */
  ReplayedRequest(Request request, byte[] prefix, int length, boolean complete) {
    super(request);
    this.prefix = Content.Chunk.from(ByteBuffer.wrap(prefix, 0, length), complete);
  }

  @Override
  public Content.Chunk read() {
    Content.Chunk first = prefix;
    if (first != null) {
      prefix = null;
      return first;
    }
    return super.read();
  }

  @Override
  public void demand(Runnable demandCallback) {
    if (prefix != null) {
      demandCallback.run();
    } else {
      super.demand(demandCallback);
    }
  }
}
