package io.wsqos.core.compression;

import java.io.IOException;
import java.io.InputStream;

/**
 * The inflated body of a message, which remembers the first {@link InflationException} its reads
 * threw and can be {@link #verify() verified} to its end. A parser stops at the end of the SOAP
 * envelope, before the gzip trailer or the zstd checksum; closing or verifying reads the rest, so a
 * truncated or corrupt body, or trailing garbage, is always found.
 */
final class InflatedBody extends InputStream {
  private static final int DRAIN_BUFFER_BYTES = 512;

  private final InputStream inflating;
  private final ContentCoding coding;
  private final CompressionMetrics metrics;
  private InflationException failure;
  private boolean finished;

  InflatedBody(InputStream inflating, ContentCoding coding, CompressionMetrics metrics) {
    this.inflating = inflating;
    this.coding = coding;
    this.metrics = metrics;
  }

  @Override
  public int read() throws IOException {
    try {
      return inflating.read();
    } catch (InflationException e) {
      throw record(e);
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    try {
      return inflating.read(b, off, len);
    } catch (InflationException e) {
      throw record(e);
    }
  }

  /** The first failure seen, or null. */
  InflationException failure() {
    return failure;
  }

  /**
   * Reads the rest of the data (bounded by the limits) and throws the first failure seen, if any.
   */
  void verify() throws InflationException {
    finish();
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public void close() throws IOException {
    finish();
  }

  private void finish() {
    if (finished) {
      return;
    }
    finished = true;
    try {
      if (failure == null) {
        byte[] scratch = new byte[DRAIN_BUFFER_BYTES];
        while (inflating.read(scratch, 0, scratch.length) >= 0) {
          // Bounded: the inflating stream throws once the limits are reached.
        }
        metrics.inflated(coding);
      }
    } catch (InflationException e) {
      record(e);
    } catch (IOException e) {
      record(
          new InflationException(
              InflationException.Reason.TRUNCATED, "reading the body failed: " + e, e));
    } finally {
      try {
        inflating.close();
      } catch (IOException e) {
        // The body has been read or has failed; a failing close of the source changes nothing.
      }
    }
  }

  private InflationException record(InflationException e) {
    if (failure == null) {
      failure = e;
      metrics.rejected(e.reason());
    }
    return failure;
  }
}
