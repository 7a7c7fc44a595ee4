package io.wsqos.core.compression.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * An output stream that works on blocks: a single byte is written as a block of one through a
 * buffer allocated on first use, and every block is bounds-checked once here before {@link
 * #writeBlock} sees it. The methods are final so that the JIT can inline them into the stream's
 * callers.
 */
public abstract class BlockOutputStream extends OutputStream {
  private byte[] single;

  /** Only subclasses of wsqos. */
  protected BlockOutputStream() {}

  @Override
  public final void write(int b) throws IOException {
    byte[] one = single;
    if (one == null) {
      one = new byte[1];
      single = one;
    }
    one[0] = (byte) b;
    writeBlock(one, 0, 1);
  }

  @Override
  public final void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    writeBlock(b, off, len);
  }

  /** Writes {@code len} bytes of {@code b} from {@code off}, already checked to be within it. */
  protected abstract void writeBlock(byte[] b, int off, int len) throws IOException;
}
