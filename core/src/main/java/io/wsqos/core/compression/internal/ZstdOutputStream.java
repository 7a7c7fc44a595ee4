package io.wsqos.core.compression.internal;

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.ZstdException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Compresses what is written to it into one zstd frame with a content checksum, writing output as
 * it goes through one pooled 8 KiB buffer. {@link #flush()} flushes the frame so far; {@link
 * #close()} ends the frame, returns the context to its pool and closes the underlying stream.
 */
public final class ZstdOutputStream extends OutputStream {
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private final OutputStream out;
  private final NativePool<ZstdCodecState.Compressor> pool;
  private ZstdCodecState.Compressor state;
  private byte[] single;

  public ZstdOutputStream(OutputStream out, NativePool<ZstdCodecState.Compressor> pool) {
    this.out = out;
    this.pool = pool;
    this.state = pool.acquire();
  }

  @Override
  public void write(int b) throws IOException {
    if (single == null) {
      single = new byte[1];
    }
    single[0] = (byte) b;
    write(single, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    ZstdCodecState.Compressor s = open();
    ByteBuffer src = ByteBuffer.wrap(b, off, len);
    while (src.hasRemaining()) {
      compress(s, src, EndDirective.CONTINUE);
      drain(s);
    }
  }

  @Override
  public void flush() throws IOException {
    ZstdCodecState.Compressor s = open();
    boolean done;
    do {
      done = compress(s, EMPTY.duplicate(), EndDirective.FLUSH);
      drain(s);
    } while (!done);
    out.flush();
  }

  @Override
  public void close() throws IOException {
    ZstdCodecState.Compressor s = state;
    if (s == null) {
      return;
    }
    try {
      boolean done;
      do {
        done = compress(s, EMPTY.duplicate(), EndDirective.END);
        drain(s);
      } while (!done);
    } finally {
      state = null;
      pool.release(s);
      out.close();
    }
  }

  private ZstdCodecState.Compressor open() throws IOException {
    ZstdCodecState.Compressor s = state;
    if (s == null) {
      throw new IOException("stream closed");
    }
    return s;
  }

  private static boolean compress(
      ZstdCodecState.Compressor s, ByteBuffer src, EndDirective directive) throws IOException {
    try {
      return s.ctx.compressByteBufferStream(s.buffer, src, directive);
    } catch (ZstdException e) {
      throw new IOException("zstd compression failed: " + e.getMessage(), e);
    }
  }

  private void drain(ZstdCodecState.Compressor s) throws IOException {
    ByteBuffer buffer = s.buffer;
    if (buffer.position() > 0) {
      out.write(buffer.array(), buffer.arrayOffset(), buffer.position());
      buffer.clear();
    }
  }
}
