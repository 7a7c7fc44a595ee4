package io.wsqos.core.compression.internal;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that works on blocks: a single byte is written as a block of one, through a
 * buffer allocated on first use. Each subclass writes blocks in its own {@code write(byte[], int,
 * int)}, so that the JIT profiles the hot path per stream class.
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
    write(one, 0, 1);
  }

  @Override
  public abstract void write(byte[] b, int off, int len) throws IOException;
}
