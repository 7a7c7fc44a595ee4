package io.wsqos.proxy;

import io.wsqos.core.compression.Codec;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.core.compression.InflationException;
import io.wsqos.core.compression.InflationLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * Inflates the start of a compressed request body, at most a given number of bytes and within the
 * project's {@link InflationLimits}, so that the proxy can read the SOAP header of a request it
 * forwards still compressed. Holds one pooled {@link Codec} per content coding this JVM supports;
 * thread-safe.
 */
final class InflatedPrefix implements AutoCloseable {

  /**
   * What the compressed bytes read so far inflate to.
   *
   * @param bytes the inflated bytes, the first {@code length} of them valid
   * @param ended whether the compressed data ended within them, so that nothing follows
   * @param failure why inflating stopped early, or null; a {@link
   *     InflationException.Reason#TRUNCATED truncated} failure only means more input is needed
   *     until the body is complete
   */
  record Result(byte[] bytes, int length, boolean ended, InflationException failure) {}

  private final Map<ContentCoding, Codec> codecs = new EnumMap<>(ContentCoding.class);
  private final InflationLimits limits;

  InflatedPrefix(InflationLimits limits) {
    this.limits = limits;
    for (ContentCoding coding : ContentCoding.values()) {
      if (coding.isAvailable()) {
        codecs.put(coding, Codec.of(coding));
      }
    }
  }

  /**
   * The codec for a {@code Content-Encoding} value of one coding this JVM can inflate, or null
   * (several codings, an unknown or unavailable one): the proxy cannot read such a body.
   */
  Codec codecFor(String contentEncoding) {
    return ContentCoding.fromToken(contentEncoding.trim()).map(codecs::get).orElse(null);
  }

  /** Inflates the first {@code length} bytes of {@code compressed}, at most {@code max} bytes. */
  Result inflate(Codec codec, byte[] compressed, int length, int max) {
    byte[] out = new byte[Math.min(max, 4096)];
    int n = 0;
    InputStream in = codec.inflatingStream(new ByteArrayInputStream(compressed, 0, length), limits);
    try {
      while (n < max) {
        if (n == out.length) {
          out = Arrays.copyOf(out, (int) Math.min(max, 2L * out.length));
        }
        int read = in.read(out, n, out.length - n);
        if (read < 0) {
          return new Result(out, n, true, null);
        }
        n += read;
      }
      return new Result(out, n, false, null);
    } catch (InflationException e) {
      return new Result(out, n, false, e);
    } catch (IOException e) {
      // A byte array source does not fail; the inflating stream reports its own failures above.
      throw new IllegalStateException(e);
    } finally {
      closeQuietly(in);
    }
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException e) {
      // Only the inflater goes back to its pool; a byte array source has nothing to release.
    }
  }

  @Override
  public void close() {
    codecs.values().forEach(Codec::close);
  }
}
