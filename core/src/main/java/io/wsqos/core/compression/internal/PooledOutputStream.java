package io.wsqos.core.compression.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * A compressing stream over a native state borrowed from a {@link NativePool}: it holds the state
 * from construction to {@link #close()}, which finishes the output, returns the state to its pool
 * (even when finishing fails) and closes the underlying stream. Writing or flushing after the close
 * fails with an {@link IOException}.
 *
 * @param <S> the pooled native state
 */
abstract class PooledOutputStream<S> extends BlockOutputStream {
  final OutputStream out;
  private final NativePool<S> pool;
  private S state;

  PooledOutputStream(OutputStream out, NativePool<S> pool) {
    this.out = out;
    this.pool = pool;
    this.state = pool.acquire();
  }

  @Override
  public final void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    compress(open(), b, off, len);
  }

  @Override
  public final void flush() throws IOException {
    flush(open());
    out.flush();
  }

  @Override
  public final void close() throws IOException {
    S s = state;
    if (s == null) {
      return;
    }
    try {
      finish(s);
    } finally {
      state = null;
      pool.release(s);
      out.close();
    }
  }

  private S open() throws IOException {
    S s = state;
    if (s == null) {
      throw new IOException("stream closed");
    }
    return s;
  }

  /** Compresses {@code len} bytes of {@code b}, writing the output to {@link #out} as it comes. */
  abstract void compress(S s, byte[] b, int off, int len) throws IOException;

  /** Writes what was compressed so far so that the peer can decode all of it. */
  abstract void flush(S s) throws IOException;

  /** Ends the compressed stream, writing its last bytes to {@link #out}. */
  abstract void finish(S s) throws IOException;
}
