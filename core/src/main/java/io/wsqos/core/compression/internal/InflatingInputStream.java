package io.wsqos.core.compression.internal;

import io.wsqos.core.compression.InflationException;
import io.wsqos.core.compression.InflationException.Reason;
import io.wsqos.core.compression.InflationLimits;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Inflates a gzip body (RFC 1952), or an HTTP {@code deflate} body: zlib (RFC 1950) or, when the
 * first two bytes are not a zlib header, raw deflate (RFC 1951), as browsers accept.
 *
 * <p>Bounds are checked while inflating: never more than {@link InflationBudget#allowance()} bytes
 * are handed out, and the stream fails as soon as one more byte would be produced. Checksums (gzip
 * CRC-32 and ISIZE, zlib Adler-32) are verified at the end of each member. Concatenated gzip
 * members are accepted, as RFC 1952 §2.2 allows and {@code gzip -d} does; anything else after the
 * end of the data is {@link Reason#TRAILING_GARBAGE}. The gzip header CRC (FHCRC) is skipped, not
 * verified.
 */
public final class InflatingInputStream extends InflatingStream<InflaterState> {
  private static final int GZIP_FTEXT_AND_KNOWN_FLAGS = 0x1f;
  private static final int FHCRC = 0x02;
  private static final int FEXTRA = 0x04;
  private static final int FNAME = 0x08;
  private static final int FCOMMENT = 0x10;
  private static final int MAX_HEADER_STRING_BYTES = 64 * 1024;

  private enum Format {
    GZIP,
    ZLIB,
    RAW
  }

  private enum State {
    HEADER,
    BODY,
    AFTER_MEMBER,
    DONE
  }

  private Format format;
  private State phase = State.HEADER;
  private int inPos;
  private int inLimit;
  private long memberBytes;

  /**
   * @param gzip true for {@code gzip}, false for HTTP {@code deflate} (zlib or raw)
   */
  public InflatingInputStream(
      InputStream source, NativePool<InflaterState> pool, InflationLimits limits, boolean gzip) {
    super(source, pool, limits);
    this.format = gzip ? Format.GZIP : null;
  }

  @Override
  int inflate(byte[] b, int off, int len) throws IOException {
    while (true) {
      switch (phase) {
        case HEADER -> {
          readHeader();
          startBody();
        }
        case BODY -> {
          int n = inflateSome(b, off, len);
          if (n > 0) {
            return n;
          }
        }
        case AFTER_MEMBER -> afterMember();
        case DONE -> {
          return -1;
        }
      }
    }
  }

  /** Inflates into b; returns the bytes produced, or 0 after moving on to the next phase. */
  private int inflateSome(byte[] b, int off, int len) throws IOException {
    InflaterState s = state;
    Inflater inflater = s.inflater;
    long allowance = budget.allowance();
    int n;
    try {
      if (allowance > 0) {
        n = inflater.inflate(b, off, (int) Math.min(len, allowance));
      } else if (inflater.inflate(s.scratch, 0, 1) > 0) {
        throw budget.exceeded();
      } else {
        n = 0;
      }
    } catch (DataFormatException e) {
      throw new InflationException(Reason.CORRUPT, "invalid deflate data: " + e.getMessage(), e);
    }
    if (n > 0) {
      budget.addInflated(n);
      memberBytes += n;
      if (format == Format.GZIP) {
        s.crc.update(b, off, n);
      } else if (format == Format.ZLIB) {
        s.adler.update(b, off, n);
      }
      return n;
    }
    if (inflater.finished()) {
      inPos = inLimit - inflater.getRemaining();
      readTrailer();
      phase = State.AFTER_MEMBER;
    } else if (inflater.needsDictionary()) {
      throw new InflationException(Reason.CORRUPT, "preset dictionary not supported");
    } else if (inflater.needsInput()) {
      inPos = inLimit;
      if (!fill(1)) {
        throw new InflationException(Reason.TRUNCATED, "data ends inside the deflate stream");
      }
      inflater.setInput(s.buffer, inPos, inLimit - inPos);
    } else {
      throw new InflationException(Reason.CORRUPT, "inflater made no progress");
    }
    return 0;
  }

  private void startBody() {
    InflaterState s = state;
    s.inflater.reset();
    s.crc.reset();
    s.adler.reset();
    memberBytes = 0;
    s.inflater.setInput(s.buffer, inPos, inLimit - inPos);
    phase = State.BODY;
  }

  private void readHeader() throws IOException {
    if (format == Format.GZIP) {
      int id1 = readByte();
      int id2 = readByte();
      if (id1 < 0 || id2 < 0) {
        throw new InflationException(Reason.TRUNCATED, "data ends inside the gzip header");
      }
      if (id1 != 0x1f || id2 != 0x8b) {
        throw new InflationException(Reason.CORRUPT, "not gzip: wrong magic bytes");
      }
      readGzipHeaderAfterMagic();
      return;
    }
    if (!fill(2)) {
      throw new InflationException(Reason.TRUNCATED, "deflate data shorter than 2 bytes");
    }
    int cmf = state.buffer[inPos] & 0xff;
    int flg = state.buffer[inPos + 1] & 0xff;
    boolean zlib =
        (cmf & 0x0f) == java.util.zip.Deflater.DEFLATED
            && (cmf >>> 4) <= 7
            && ((cmf << 8) | flg) % 31 == 0;
    if (zlib) {
      if ((flg & 0x20) != 0) {
        throw new InflationException(Reason.CORRUPT, "zlib preset dictionary not supported");
      }
      inPos += 2;
      format = Format.ZLIB;
    } else {
      format = Format.RAW;
    }
  }

  private void readGzipHeaderAfterMagic() throws IOException {
    int method = readHeaderByte();
    if (method != java.util.zip.Deflater.DEFLATED) {
      throw new InflationException(Reason.CORRUPT, "gzip method " + method + " (expected: 8)");
    }
    int flags = readHeaderByte();
    if ((flags & ~GZIP_FTEXT_AND_KNOWN_FLAGS) != 0) {
      throw new InflationException(Reason.CORRUPT, "gzip reserved flags set: " + flags);
    }
    skipHeaderBytes(6); // MTIME, XFL, OS
    if ((flags & FEXTRA) != 0) {
      int xlen = readHeaderByte() | (readHeaderByte() << 8);
      skipHeaderBytes(xlen);
    }
    if ((flags & FNAME) != 0) {
      skipZeroTerminated();
    }
    if ((flags & FCOMMENT) != 0) {
      skipZeroTerminated();
    }
    if ((flags & FHCRC) != 0) {
      skipHeaderBytes(2);
    }
  }

  private void readTrailer() throws IOException {
    InflaterState s = state;
    if (format == Format.GZIP) {
      long crc = readTrailerIntLittleEndian();
      long size = readTrailerIntLittleEndian();
      if (crc != s.crc.getValue()) {
        throw new InflationException(Reason.CORRUPT, "gzip CRC-32 does not match the data");
      }
      if (size != (memberBytes & 0xffffffffL)) {
        throw new InflationException(Reason.CORRUPT, "gzip ISIZE does not match the data");
      }
    } else if (format == Format.ZLIB) {
      long adler = 0;
      for (int i = 0; i < 4; i++) {
        adler = (adler << 8) | readTrailerByte();
      }
      if (adler != s.adler.getValue()) {
        throw new InflationException(Reason.CORRUPT, "zlib Adler-32 does not match the data");
      }
    }
  }

  private void afterMember() throws IOException {
    int next = readByte();
    if (next < 0) {
      phase = State.DONE;
      release();
      return;
    }
    if (format != Format.GZIP) {
      throw new InflationException(Reason.TRAILING_GARBAGE, "bytes after the end of the data");
    }
    int second = readByte();
    if (next != 0x1f || second != 0x8b) {
      throw new InflationException(
          Reason.TRAILING_GARBAGE, "bytes after the gzip member are not another member");
    }
    readGzipHeaderAfterMagic();
    startBody();
  }

  private int readHeaderByte() throws IOException {
    int b = readByte();
    if (b < 0) {
      throw new InflationException(Reason.TRUNCATED, "data ends inside the gzip header");
    }
    return b;
  }

  private int readTrailerByte() throws IOException {
    int b = readByte();
    if (b < 0) {
      throw new InflationException(Reason.TRUNCATED, "data ends inside the trailer");
    }
    return b;
  }

  private long readTrailerIntLittleEndian() throws IOException {
    long v = 0;
    for (int i = 0; i < 4; i++) {
      v |= (long) readTrailerByte() << (8 * i);
    }
    return v;
  }

  private void skipHeaderBytes(int n) throws IOException {
    for (int i = 0; i < n; i++) {
      readHeaderByte();
    }
  }

  private void skipZeroTerminated() throws IOException {
    for (int i = 0; i < MAX_HEADER_STRING_BYTES; i++) {
      if (readHeaderByte() == 0) {
        return;
      }
    }
    throw new InflationException(Reason.CORRUPT, "gzip header string longer than 64 KiB");
  }

  private int readByte() throws IOException {
    if (!fill(1)) {
      return -1;
    }
    return state.buffer[inPos++] & 0xff;
  }

  /** Makes at least {@code n} unread bytes available in the buffer; false at end of data. */
  private boolean fill(int n) throws IOException {
    byte[] buffer = state.buffer;
    while (inLimit - inPos < n) {
      if (inPos > 0) {
        System.arraycopy(buffer, inPos, buffer, 0, inLimit - inPos);
        inLimit -= inPos;
        inPos = 0;
      }
      int read = source.read(buffer, inLimit, buffer.length - inLimit);
      if (read < 0) {
        return false;
      }
      budget.addCompressed(read);
      inLimit += read;
    }
    return true;
  }

  @Override
  void markDone() {
    phase = State.DONE;
  }
}
