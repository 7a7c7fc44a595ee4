package io.wsqos.core.compression.internal;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;

/**
 * Pools of zstd-jni contexts. Only loaded when {@link ZstdSupport#isAvailable()}, so that the rest
 * of the library works without zstd-jni on the classpath.
 */
public final class ZstdCodecState {
  static final int BUFFER_BYTES = 8192;

  /**
   * 2^23 = 8 MiB: the largest window a {@code zstd} content coding may use (RFC 9659 §3). Larger
   * windows in a hostile frame would make the decoder allocate that much before producing a byte.
   */
  static final int MAX_WINDOW_LOG = 23;

  private ZstdCodecState() {}

  /** A compression context with its output buffer. */
  public static final class Compressor {
    final ZstdCompressCtx ctx = new ZstdCompressCtx();
    final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    private final int level;

    Compressor(int level) {
      this.level = level;
      configure();
    }

    private void configure() {
      ctx.setLevel(level);
      ctx.setChecksum(true);
    }

    void reset() {
      // reset() drops the parameters too (ZSTD_reset_session_and_parameters): set them again.
      ctx.reset();
      configure();
      buffer.clear();
    }
  }

  /** A decompression context with its input buffer and a one-byte probe buffer. */
  public static final class Decompressor {
    final ZstdDecompressCtx ctx = new ZstdDecompressCtx();
    final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    final ByteBuffer scratch = ByteBuffer.allocate(1);

    Decompressor() {
      buffer.flip();
      configure();
    }

    private void configure() {
      ctx.setLongMax(MAX_WINDOW_LOG);
    }

    void reset() {
      ctx.reset();
      configure();
      buffer.clear().flip();
    }
  }

  /** A stream compressing into {@code out} with a context from {@code pool}. */
  public static PooledOutputStream<Compressor> compressingStream(
      java.io.OutputStream out, NativePool<Compressor> pool) {
    return new ZstdOutputStream(out, pool);
  }

  /** A stream inflating {@code in} within {@code limits} with a context from {@code pool}. */
  public static java.io.InputStream inflatingStream(
      java.io.InputStream in,
      NativePool<Decompressor> pool,
      io.wsqos.core.compression.InflationLimits limits) {
    return new ZstdInflatingInputStream(in, pool, limits);
  }

  /** A pool of compression contexts at {@code level}. */
  public static NativePool<Compressor> compressors(int capacity, int level) {
    return new NativePool<>(
        capacity, () -> new Compressor(level), Compressor::reset, c -> c.ctx.close());
  }

  /** A pool of decompression contexts. */
  public static NativePool<Decompressor> decompressors(int capacity) {
    return new NativePool<>(capacity, Decompressor::new, Decompressor::reset, d -> d.ctx.close());
  }
}
