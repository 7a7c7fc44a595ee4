package io.wsqos.core.io;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Passes every write to the underlying stream as it comes (a block as one block) and counts the
 * bytes; the count is read by the thread that wrote them. {@link #close()} closes the underlying
 * stream without flushing it first, unlike {@link java.io.FilterOutputStream}: a flush commits an
 * HTTP response before its length is known, so it would go out chunked in more writes than an
 * uncounted one, and nothing is buffered here for a flush to add.
 */
public final class CountingOutputStream extends OutputStream {

  /** Told the final count when the stream is closed, before the underlying stream is. */
  @FunctionalInterface
  public interface CloseListener {
    /** Called once per close with the bytes written; may write nothing more. */
    void closing(long count) throws IOException;
  }

  private static final CloseListener NONE = count -> {};

  private final OutputStream out;
  private final CloseListener listener;
  private long count;

  /** Counts what is written to {@code out}. */
  public CountingOutputStream(OutputStream out) {
    this(out, NONE);
  }

  /**
   * Counts what is written to {@code out} and tells {@code listener} the count on {@link #close()},
   * before the last bytes leave.
   */
  public CountingOutputStream(OutputStream out, CloseListener listener) {
    this.out = out;
    this.listener = listener;
  }

  /** The bytes written so far. */
  public long count() {
    return count;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    count++;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    count += len;
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    try {
      listener.closing(count);
    } finally {
      out.close();
    }
  }
}
