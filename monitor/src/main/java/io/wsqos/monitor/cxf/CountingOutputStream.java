package io.wsqos.monitor.cxf;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Counts the bytes written through it; read by the thread that wrote them. */
final class CountingOutputStream extends FilterOutputStream {

  private long count;

  CountingOutputStream(OutputStream out) {
    super(out);
  }

  long count() {
    return count;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    count++;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    // FilterOutputStream would write byte by byte.
    out.write(b, off, len);
    count += len;
  }

  /**
   * Closes without the flush {@link FilterOutputStream#close()} does first: a flush commits the
   * HTTP response before its length is known, so it would go out chunked in more writes than the
   * unmonitored one. Nothing is buffered here, so the flush adds nothing.
   */
  @Override
  public void close() throws IOException {
    out.close();
  }
}
