package io.wsqos.core.compression;

import io.wsqos.core.compression.internal.BlockOutputStream;
import io.wsqos.core.header.ServerActionSlot;
import io.wsqos.core.header.SkipReason;
import io.wsqos.core.io.CountingOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;
import org.apache.cxf.message.Message;

/**
 * The HTTP body of a response the server decided to compress. The body is held until it ends, up to
 * {@link #HOLD_BYTES}: a body shorter than {@code minBodyBytes} goes out as it is, its {@code
 * ServerAction} switched from {@code compressionApplied} to {@code compressionSkipped
 * body-too-small} in place by the codec's {@link ServerActionSlot} (no byte has left yet); a longer
 * one is compressed in one call, the codec's state borrowed for that call only. A body that
 * outgrows the hold is compressed as it streams from there on, through the codec's 8 KiB buffer.
 * {@code Content-Encoding} is set before the first byte reaches CXF's stream, which sends the
 * status line and headers with it.
 *
 * <p>{@code flush()} is not passed on: CXF's writers flush at the end of the envelope, and a sync
 * flush mid-body would only cost ratio; what is held is written by {@code close()}.
 */
final class CompressingResponseStream extends BlockOutputStream
    implements CountingOutputStream.CloseListener {
  /**
   * The most of a body held to be compressed in one call; at least any {@code minBodyBytes}.
   * Holding whole bodies of the usual sizes lets zstd fit its frame to them, and frees the codec's
   * state for other responses while this one is being serialized.
   */
  static final int HOLD_BYTES = CompressionFeature.MAX_MIN_BODY_BYTES;

  private static final int INITIAL_HOLD_BYTES = 4096;
  private static final byte[] EMPTY = new byte[0];

  private final OutputStream sink;
  private final Message message;
  private final Codec codec;
  private final int minBodyBytes;
  private final ServerActionSlot slot;
  private final CompressionMetrics metrics;
  private byte[] buffer = EMPTY;
  private int count;
  private OutputStream compressor;
  private long before;
  private boolean closed;

  /**
   * @param slot the {@code ServerAction} written in the envelope, switched to {@code
   *     body-too-small} if the body is too small; null if the envelope carries no {@code
   *     ServerAction}
   */
  CompressingResponseStream(
      OutputStream sink,
      Message message,
      Codec codec,
      int minBodyBytes,
      ServerActionSlot slot,
      CompressionMetrics metrics) {
    this.sink = sink;
    this.message = message;
    this.codec = codec;
    this.minBodyBytes = minBodyBytes;
    this.slot = slot;
    this.metrics = metrics;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (closed) {
      throw new IOException("stream closed");
    }
    if (compressor == null) {
      if (count + len <= HOLD_BYTES) {
        hold(b, off, len);
        return;
      }
      startStreaming();
    }
    compressor.write(b, off, len);
    before += len;
  }

  private void hold(byte[] b, int off, int len) {
    int needed = count + len;
    if (needed > buffer.length) {
      int grown = Math.max(Math.max(INITIAL_HOLD_BYTES, 2 * buffer.length), needed);
      buffer = Arrays.copyOf(buffer, Math.min(HOLD_BYTES, grown));
    }
    System.arraycopy(b, off, buffer, count, len);
    count = needed;
  }

  private OutputStream compressedSink() {
    HttpHeaders.set(message, HttpHeaders.CONTENT_ENCODING, codec.coding().token());
    return new CountingOutputStream(sink, this);
  }

  private void startStreaming() throws IOException {
    compressor = codec.compressingStream(compressedSink());
    if (count > 0) {
      compressor.write(buffer, 0, count);
      before = count;
    }
    buffer = EMPTY;
  }

  @Override
  public void flush() {
    // Deliberately not passed on; see the class comment.
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (compressor != null) {
      // Recorded by closing(), called as the codec closes its CountingOutputStream.
      compressor.close();
      return;
    }
    if (count < minBodyBytes && (slot == null || slot.switchToSecond(buffer, count))) {
      sendAsIs();
      return;
    }
    // Long enough, or the header could not be found to correct (an unexpected prefix or charset):
    // compressed, so that what the header says stays true.
    before = count;
    codec.compress(buffer, 0, count, compressedSink());
  }

  /** The compressed body is complete: recorded before its last bytes leave. */
  @Override
  public void closing(long compressedBytes) {
    metrics.compressed(codec.coding(), before, compressedBytes);
  }

  private void sendAsIs() throws IOException {
    try {
      if (count > 0) {
        sink.write(buffer, 0, count);
      }
      // Before the close sends the last bytes, so that a client never sees the response first.
      metrics.skipped(SkipReason.BODY_TOO_SMALL);
    } finally {
      sink.close();
    }
  }
}
