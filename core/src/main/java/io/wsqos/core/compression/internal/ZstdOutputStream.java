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
public final class ZstdOutputStream extends PooledOutputStream<ZstdCodecState.Compressor> {
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  public ZstdOutputStream(OutputStream out, NativePool<ZstdCodecState.Compressor> pool) {
    super(out, pool);
  }

  @Override
  void compress(ZstdCodecState.Compressor s, byte[] b, int off, int len) throws IOException {
    ByteBuffer src = ByteBuffer.wrap(b, off, len);
    while (src.hasRemaining()) {
      compress(s, src, EndDirective.CONTINUE);
      drain(s);
    }
  }

  @Override
  void compressLast(ZstdCodecState.Compressor s, byte[] b, int off, int len) throws IOException {
    // All of a frame's input in its first call: zstd takes its length as the content size, and
    // picks its window and tables for that size rather than for an unknown one.
    ByteBuffer src = ByteBuffer.wrap(b, off, len);
    boolean done;
    do {
      done = compress(s, src, EndDirective.END);
      drain(s);
    } while (!done);
  }

  @Override
  void flush(ZstdCodecState.Compressor s) throws IOException {
    endWith(s, EndDirective.FLUSH);
  }

  @Override
  void finish(ZstdCodecState.Compressor s) throws IOException {
    endWith(s, EndDirective.END);
  }

  private void endWith(ZstdCodecState.Compressor s, EndDirective directive) throws IOException {
    boolean done;
    do {
      done = compress(s, EMPTY.duplicate(), directive);
      drain(s);
    } while (!done);
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
