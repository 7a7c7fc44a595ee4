package io.wsqos.core.compression.internal;

import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Inflater;

/** A raw-deflate inflater with its input buffer and checksums, pooled together. */
public final class InflaterState {
  static final int BUFFER_BYTES = 8192;

  final Inflater inflater = new Inflater(true);
  final byte[] buffer = new byte[BUFFER_BYTES];
  final CRC32 crc = new CRC32();
  final Adler32 adler = new Adler32();
  final byte[] scratch = new byte[1];

  private InflaterState() {}

  /** A pool of states for inflating gzip, zlib and raw deflate. */
  public static NativePool<InflaterState> pool(int capacity) {
    return new NativePool<>(
        capacity,
        InflaterState::new,
        state -> {
          state.inflater.reset();
          state.crc.reset();
          state.adler.reset();
        },
        state -> state.inflater.end());
  }
}
