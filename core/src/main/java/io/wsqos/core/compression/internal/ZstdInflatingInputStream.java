package io.wsqos.core.compression.internal;

import com.github.luben.zstd.ZstdException;
import io.wsqos.core.compression.InflationException;
import io.wsqos.core.compression.InflationException.Reason;
import io.wsqos.core.compression.InflationLimits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * Inflates zstd frames (RFC 8878) with the bounds of {@link InflationBudget}, checked while
 * inflating. Concatenated frames are valid zstd content and are inflated in turn; bytes that are
 * not a frame (after one, or at the start) are {@link Reason#CORRUPT}, the checksum is verified
 * when a frame carries one, and windows larger than 8 MiB are refused (RFC 9659).
 */
public final class ZstdInflatingInputStream extends InflatingStream<ZstdCodecState.Decompressor> {
  private boolean frameOpen = true;
  private boolean done;

  public ZstdInflatingInputStream(
      InputStream source, NativePool<ZstdCodecState.Decompressor> pool, InflationLimits limits) {
    super(source, pool, limits);
  }

  @Override
  int inflate(byte[] b, int off, int len) throws IOException {
    while (!done) {
      ZstdCodecState.Decompressor s = state;
      ByteBuffer src = s.buffer;
      long allowance = budget.allowance();
      ByteBuffer dst =
          allowance > 0
              ? ByteBuffer.wrap(b, off, (int) Math.min(len, allowance))
              : s.scratch.clear();
      int start = dst.position();
      int srcBefore = src.position();
      if (src.hasRemaining()) {
        frameOpen = true;
      }
      boolean frameDone;
      try {
        frameDone = s.ctx.decompressByteBufferStream(dst, src);
      } catch (ZstdException e) {
        throw new InflationException(Reason.CORRUPT, "invalid zstd data: " + e.getMessage(), e);
      }
      int n = dst.position() - start;
      if (frameDone) {
        frameOpen = false;
      }
      if (n > 0) {
        if (allowance <= 0) {
          throw budget.exceeded();
        }
        budget.addInflated(n);
        return n;
      }
      if (src.hasRemaining() && src.position() == srcBefore && !frameDone) {
        throw new InflationException(Reason.CORRUPT, "zstd decoder made no progress");
      }
      if (!src.hasRemaining() && !fill(s)) {
        if (frameOpen) {
          throw new InflationException(Reason.TRUNCATED, "data ends inside a zstd frame");
        }
        done = true;
        release();
      }
    }
    return -1;
  }

  private boolean fill(ZstdCodecState.Decompressor s) throws IOException {
    ByteBuffer buffer = s.buffer;
    int read = source.read(buffer.array(), 0, buffer.capacity());
    if (read < 0) {
      return false;
    }
    budget.addCompressed(read);
    buffer.position(0).limit(read);
    return true;
  }

  @Override
  void markDone() {
    done = true;
  }
}
