package io.wsqos.core.compression.internal;

import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A deflater with its output buffer and CRC, pooled together so that a stream allocates nothing.
 */
public final class DeflaterState {
  static final int BUFFER_BYTES = 8192;

  final Deflater deflater;
  final byte[] buffer = new byte[BUFFER_BYTES];
  final CRC32 crc = new CRC32();

  private DeflaterState(Deflater deflater) {
    this.deflater = deflater;
  }

  /** A pool of states whose deflaters write the gzip body (raw deflate) or zlib. */
  public static NativePool<DeflaterState> pool(int capacity, int level, boolean gzip) {
    return new NativePool<>(
        capacity,
        () -> new DeflaterState(new Deflater(level, gzip)),
        state -> {
          state.deflater.reset();
          state.crc.reset();
        },
        state -> state.deflater.end());
  }
}
