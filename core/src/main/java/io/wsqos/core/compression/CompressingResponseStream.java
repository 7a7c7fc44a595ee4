package io.wsqos.core.compression;

import io.wsqos.core.compression.internal.BlockOutputStream;
import io.wsqos.core.header.ServerActionSlot;
import io.wsqos.core.header.SkipReason;
import io.wsqos.core.io.CountingOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import org.apache.cxf.message.Message;

/**
 * The HTTP body of a response the server decided to compress. The first {@code minBodyBytes} are
 * held back: a response that ends before reaching them goes out as it is, its {@code ServerAction}
 * switched from {@code compressionApplied} to {@code compressionSkipped body-too-small} in place by
 * the codec's {@link ServerActionSlot} (the whole envelope is in the buffer, so no byte has left
 * yet); a longer one sets {@code Content-Encoding} before its first byte is written and is
 * compressed as it streams, through the codec's 8 KiB buffer.
 *
 * <p>{@code flush()} is not passed on: CXF's writers flush at the end of the envelope, and a sync
 * flush mid-body would only cost ratio; everything is written by {@code close()}.
 */
final class CompressingResponseStream extends BlockOutputStream
    implements CountingOutputStream.CloseListener {
  private final OutputStream sink;
  private final Message message;
  private final Codec codec;
  private final int minBodyBytes;
  private final ServerActionSlot slot;
  private final CompressionMetrics metrics;
  private byte[] buffer;
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
      if (count + len < minBodyBytes) {
        if (buffer == null) {
          buffer = new byte[minBodyBytes];
        }
        System.arraycopy(b, off, buffer, count, len);
        count += len;
        return;
      }
      startCompressing();
    }
    compressor.write(b, off, len);
    before += len;
  }

  private void startCompressing() throws IOException {
    // Before the first byte reaches CXF's stream, which sends the status line and headers then.
    HttpHeaders.set(message, HttpHeaders.CONTENT_ENCODING, codec.coding().token());
    compressor = codec.compressingStream(new CountingOutputStream(sink, this));
    if (count > 0) {
      compressor.write(buffer, 0, count);
      before = count;
    }
    buffer = null;
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
    if (compressor == null) {
      if (slot == null || (buffer != null && slot.switchToSecond(buffer, count))) {
        sendAsIs();
        return;
      }
      // The header could not be found to correct (an unexpected prefix or charset): compress
      // after all, so that what the header says stays true.
      startCompressing();
    }
    // Recorded by closing(), called as the codec closes its CountingOutputStream.
    compressor.close();
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
