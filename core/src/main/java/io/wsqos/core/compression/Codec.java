package io.wsqos.core.compression;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.compression.internal.DeflaterState;
import io.wsqos.core.compression.internal.DeflatingOutputStream;
import io.wsqos.core.compression.internal.InflaterState;
import io.wsqos.core.compression.internal.InflatingInputStream;
import io.wsqos.core.compression.internal.NativePool;
import io.wsqos.core.compression.internal.PooledOutputStream;
import io.wsqos.core.compression.internal.ZstdCodecState;
import io.wsqos.core.compression.internal.ZstdSupport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * One content coding at one compression level, with its pooled native state.
 *
 * <p>{@link #compressingStream(OutputStream)} compresses as the body is written, holding one 8 KiB
 * buffer, never the whole body. {@link #inflatingStream(InputStream, InflationLimits)} inflates
 * within the given bounds. Both take their deflater, inflater or zstd context from a bounded,
 * lock-free pool and give it back, reset, when the stream is closed (or, for inflation, when the
 * data ends or is found broken); contexts beyond the pool's capacity are ended at once, so native
 * memory never waits for the garbage collector. Streams must be closed.
 *
 * <p>A codec is thread-safe and meant to live as long as the server or client that uses it; {@link
 * #close()} frees the idle pooled state.
 */
public final class Codec implements AutoCloseable {
  /**
   * Idle contexts kept per pool: twice the processors, at least 4. More are made when more streams
   * are open at once, and ended when they are released to a full pool.
   */
  public static final int DEFAULT_POOL_CAPACITY =
      Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

  private final ContentCoding coding;
  private final int level;
  private final NativePool<DeflaterState> deflaters;
  private final NativePool<InflaterState> inflaters;
  private final NativePool<ZstdCodecState.Compressor> zstdCompressors;
  private final NativePool<ZstdCodecState.Decompressor> zstdDecompressors;

  private Codec(ContentCoding coding, int level, int poolCapacity) {
    this.coding = coding;
    this.level = level;
    if (coding == ContentCoding.ZSTD) {
      deflaters = null;
      inflaters = null;
      zstdCompressors = ZstdCodecState.compressors(poolCapacity, level);
      zstdDecompressors = ZstdCodecState.decompressors(poolCapacity);
    } else {
      deflaters = DeflaterState.pool(poolCapacity, level, coding == ContentCoding.GZIP);
      inflaters = InflaterState.pool(poolCapacity);
      zstdCompressors = null;
      zstdDecompressors = null;
    }
  }

  /** A codec for {@code coding} at its {@link ContentCoding#defaultLevel() default level}. */
  public static Codec of(ContentCoding coding) {
    return of(requireNonNull(coding, "coding"), coding.defaultLevel());
  }

  /** A codec for {@code coding} at {@code level}, with pools of {@link #DEFAULT_POOL_CAPACITY}. */
  public static Codec of(ContentCoding coding, int level) {
    return of(coding, level, DEFAULT_POOL_CAPACITY);
  }

  /**
   * A codec for {@code coding} at {@code level}.
   *
   * @throws IllegalArgumentException if the level is outside the coding's range or the pool
   *     capacity is below 1
   * @throws IllegalStateException if the coding is not {@link ContentCoding#isAvailable()
   *     available} (zstd without zstd-jni)
   */
  public static Codec of(ContentCoding coding, int level, int poolCapacity) {
    requireNonNull(coding, "coding");
    coding.checkLevel(level);
    Checks.atLeast("poolCapacity", poolCapacity, 1);
    if (!coding.isAvailable()) {
      throw new IllegalStateException(
          coding.token() + " is not available: add com.github.luben:zstd-jni to the classpath",
          ZstdSupport.unavailabilityCause());
    }
    return new Codec(coding, level, poolCapacity);
  }

  /** The content coding. */
  public ContentCoding coding() {
    return coding;
  }

  /** The compression level. */
  public int level() {
    return level;
  }

  /**
   * A stream that compresses what is written to it into {@code out}. {@code flush()} makes all data
   * written so far decodable by the peer; {@code close()} finishes the compressed data and closes
   * {@code out}.
   */
  public OutputStream compressingStream(OutputStream out) {
    return pooledStream(requireNonNull(out, "out"));
  }

  /**
   * Compresses {@code len} bytes of {@code body} into {@code out} and closes {@code out}: the same
   * data as {@link #compressingStream} given the body in one write, but the pooled state is held
   * only for this call, and zstd, told the body's length, sizes its frame for it.
   */
  public void compress(byte[] body, int off, int len, OutputStream out) throws IOException {
    requireNonNull(body, "body");
    pooledStream(requireNonNull(out, "out")).writeLastAndClose(body, off, len);
  }

  private PooledOutputStream<?> pooledStream(OutputStream out) {
    if (coding == ContentCoding.ZSTD) {
      return ZstdCodecState.compressingStream(out, zstdCompressors);
    }
    return new DeflatingOutputStream(out, deflaters, coding == ContentCoding.GZIP);
  }

  /**
   * A stream of the inflated content of {@code in}, which is read as it is needed. Its reads throw
   * {@link InflationException} as soon as a limit would be crossed (having handed out at most the
   * limit) or the data is found truncated or corrupt; see {@link InflationException.Reason}.
   */
  public InputStream inflatingStream(InputStream in, InflationLimits limits) {
    requireNonNull(in, "in");
    requireNonNull(limits, "limits");
    if (coding == ContentCoding.ZSTD) {
      return ZstdCodecState.inflatingStream(in, zstdDecompressors, limits);
    }
    return new InflatingInputStream(in, inflaters, limits, coding == ContentCoding.GZIP);
  }

  /** The idle contexts held (compressing and inflating); for tests and metrics. */
  int idleContexts() {
    if (coding == ContentCoding.ZSTD) {
      return zstdCompressors.idleCount() + zstdDecompressors.idleCount();
    }
    return deflaters.idleCount() + inflaters.idleCount();
  }

  /** Ends the idle pooled contexts; streams still open end theirs when they are closed. */
  @Override
  public void close() {
    if (coding == ContentCoding.ZSTD) {
      zstdCompressors.close();
      zstdDecompressors.close();
    } else {
      deflaters.close();
      inflaters.close();
    }
  }

  @Override
  public String toString() {
    return coding.token() + "@" + level;
  }
}
