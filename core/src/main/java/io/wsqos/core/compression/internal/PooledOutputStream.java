package io.wsqos.core.compression.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * A compressing stream over a native state borrowed from a {@link NativePool}: it holds the state
 * from construction to {@link #close()} or {@link #writeLastAndClose}, which finish the output,
 * return the state to its pool (even when finishing fails) and close the underlying stream. Writing
 * or flushing after the close fails with an {@link IOException}.
 *
 * @param <S> the pooled native state
 */
public abstract class PooledOutputStream<S> extends BlockOutputStream {
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
      end(s);
    }
  }

  /**
   * Compresses {@code len} bytes of {@code b} as the last of the input and closes the stream: the
   * same data as {@code write} then {@code close}, but the codec is told that the input ends here,
   * which lets zstd size its frame for it.
   */
  public final void writeLastAndClose(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    S s = open();
    try {
      compressLast(s, b, off, len);
    } finally {
      end(s);
    }
  }

  private void end(S s) throws IOException {
    state = null;
    pool.release(s);
    out.close();
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

  /** Compresses the last {@code len} bytes of the input and ends the compressed stream. */
  void compressLast(S s, byte[] b, int off, int len) throws IOException {
    compress(s, b, off, len);
    finish(s);
  }

  /** Writes what was compressed so far so that the peer can decode all of it. */
  abstract void flush(S s) throws IOException;

  /** Ends the compressed stream, writing its last bytes to {@link #out}. */
  abstract void finish(S s) throws IOException;
}
