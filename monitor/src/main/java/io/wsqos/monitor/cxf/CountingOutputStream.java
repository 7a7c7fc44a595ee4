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
}
