package io.wsqos.core.compression.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.Deflater;

/**
 * Compresses what is written to it as gzip (RFC 1952) or zlib (RFC 1950) and writes the result to
 * the underlying stream as it goes, holding at most one 8 KiB buffer. {@link #flush()} performs a
 * sync flush, so that everything written so far can be inflated by the peer; {@link #close()}
 * finishes the stream, returns the deflater to its pool and closes the underlying stream.
 */
public final class DeflatingOutputStream extends PooledOutputStream<DeflaterState> {
  private static final byte[] GZIP_HEADER = {
    0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, (byte) 0xff
  };

  private final boolean gzip;
  private boolean headerWritten;
  private boolean unflushedInput;

  /** Takes a deflater state from {@code pool}; {@code gzip} must match the pool's format. */
  public DeflatingOutputStream(OutputStream out, NativePool<DeflaterState> pool, boolean gzip) {
    super(out, pool);
    this.gzip = gzip;
  }

  @Override
  void compress(DeflaterState s, byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return;
    }
    writeHeaderOnce();
    if (gzip) {
      s.crc.update(b, off, len);
    }
    Deflater deflater = s.deflater;
    deflater.setInput(b, off, len);
    // The deflater keeps a reference to the caller's array: consume it all before returning.
    while (!deflater.needsInput()) {
      drain(s, Deflater.NO_FLUSH);
    }
    unflushedInput = true;
  }

  @Override
  void flush(DeflaterState s) throws IOException {
    if (unflushedInput) {
      int n;
      do {
        n = drain(s, Deflater.SYNC_FLUSH);
      } while (n == s.buffer.length);
      unflushedInput = false;
    }
  }

  @Override
  void finish(DeflaterState s) throws IOException {
    writeHeaderOnce();
    s.deflater.finish();
    while (!s.deflater.finished()) {
      drain(s, Deflater.NO_FLUSH);
    }
    if (gzip) {
      writeGzipTrailer(s);
    }
  }

  private void writeHeaderOnce() throws IOException {
    if (gzip && !headerWritten) {
      out.write(GZIP_HEADER);
    }
    headerWritten = true;
  }

  private int drain(DeflaterState s, int flushMode) throws IOException {
    int n = s.deflater.deflate(s.buffer, 0, s.buffer.length, flushMode);
    if (n > 0) {
      out.write(s.buffer, 0, n);
    }
    return n;
  }

  private void writeGzipTrailer(DeflaterState s) throws IOException {
    byte[] trailer = s.buffer;
    putIntLittleEndian(trailer, 0, (int) s.crc.getValue());
    putIntLittleEndian(trailer, 4, (int) s.deflater.getBytesRead());
    out.write(trailer, 0, 8);
  }

  private static void putIntLittleEndian(byte[] b, int off, int v) {
    b[off] = (byte) v;
    b[off + 1] = (byte) (v >>> 8);
    b[off + 2] = (byte) (v >>> 16);
    b[off + 3] = (byte) (v >>> 24);
  }
}
