package io.wsqos.core.compression.internal;

import io.wsqos.core.compression.InflationException;
import io.wsqos.core.compression.InflationLimits;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * An inflating stream over a native state borrowed from a {@link NativePool}, bounded by an {@link
 * InflationBudget}. The first {@link InflationException} is kept and thrown again by every later
 * read, and the state goes back to its pool at once: a body that broke a limit is not read on.
 *
 * @param <S> the pooled native state
 */
abstract class InflatingStream<S> extends InputStream {
  final InputStream source;
  final InflationBudget budget;
  private final NativePool<S> pool;
  S state;
  InflationException failure;
  private byte[] one;

  InflatingStream(InputStream source, NativePool<S> pool, InflationLimits limits) {
    this.source = source;
    this.pool = pool;
    this.budget = new InflationBudget(limits);
    this.state = pool.acquire();
  }

  @Override
  public final int read() throws IOException {
    if (one == null) {
      one = new byte[1];
    }
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public final int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (failure != null) {
      throw failure;
    }
    if (len == 0) {
      return 0;
    }
    try {
      return inflate(b, off, len);
    } catch (InflationException e) {
      failure = e;
      release();
      throw e;
    }
  }

  /** Inflates at most {@code len} bytes into {@code b}; -1 at the end of the data. */
  abstract int inflate(byte[] b, int off, int len) throws IOException;

  /** Marks the data as read to its end, so that a read after {@link #close()} answers -1. */
  abstract void markDone();

  /** Returns the state to its pool, once. */
  final void release() {
    S s = state;
    if (s != null) {
      state = null;
      pool.release(s);
    }
  }

  @Override
  public final void close() throws IOException {
    if (failure == null) {
      markDone();
    }
    release();
    source.close();
  }
}
