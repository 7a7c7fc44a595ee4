package io.wsqos.core.compression;

import static io.wsqos.core.compression.CodecRoundTripTest.compressInChunks;
import static io.wsqos.core.compression.CodecRoundTripTest.inflate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.ZstdCompressCtx;
import io.wsqos.core.compression.InflationException.Reason;
import io.wsqos.payloads.SoapPayloads;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BoundedInflationTest {
  private static final long ONE_GIB = 1L << 30;
  private static final Map<ContentCoding, byte[]> BOMBS = new EnumMap<>(ContentCoding.class);

  @BeforeAll
  static void makeOneGibibyteOfZerosPerCodingByStreaming() throws IOException {
    byte[] zeros = new byte[1 << 20];
    for (ContentCoding coding : ContentCoding.values()) {
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      try (Codec codec = Codec.of(coding, coding == ContentCoding.ZSTD ? 1 : 9);
          OutputStream out = codec.compressingStream(sink)) {
        for (long written = 0; written < ONE_GIB; written += zeros.length) {
          out.write(zeros);
        }
      }
      BOMBS.put(coding, sink.toByteArray());
    }
  }

  @AfterAll
  static void forgetBombs() {
    BOMBS.clear();
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void bombStopsAtTheRatioLimitAfterReadingLittleOfTheInput(ContentCoding coding)
      throws IOException {
    byte[] bomb = BOMBS.get(coding);
    CountingInputStream source = new CountingInputStream(new ByteArrayInputStream(bomb));
    InflationLimits limits = InflationLimits.defaults();
    long delivered = 0;
    InflationException thrown = null;
    try (Codec codec = Codec.of(coding);
        InputStream in = codec.inflatingStream(source, limits)) {

      byte[] buffer = new byte[8192];
      try {
        for (int n; (n = in.read(buffer)) >= 0; ) {
          delivered += n;
        }
      } catch (InflationException e) {
        thrown = e;
      }
    }

    assertThat(thrown).isNotNull();
    assertThat(thrown.reason()).isEqualTo(Reason.RATIO_EXCEEDED);
    assertThat(thrown.reason().kind()).isEqualTo(InflationException.Kind.BOMB);
    assertThat(delivered)
        .isLessThanOrEqualTo(Math.max(limits.ratioGraceBytes(), source.count * limits.maxRatio()));
    assertThat(source.count).isLessThan(bomb.length);
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void bombStopsAtExactlyTheSizeLimitWhenTheRatioAllowsIt(ContentCoding coding) throws IOException {
    long maxInflated = 16L << 20;
    InflationLimits limits =
        InflationLimits.builder().maxInflatedBytes(maxInflated).maxRatio(1_000_000).build();
    long delivered = 0;
    InflationException thrown = null;
    try (Codec codec = Codec.of(coding);
        InputStream in =
            codec.inflatingStream(new ByteArrayInputStream(BOMBS.get(coding)), limits)) {

      byte[] buffer = new byte[8192];
      try {
        for (int n; (n = in.read(buffer)) >= 0; ) {
          delivered += n;
        }
      } catch (InflationException e) {
        thrown = e;
      }
    }

    assertThat(thrown).isNotNull();
    assertThat(thrown.reason()).isEqualTo(Reason.TOO_LARGE);
    assertThat(thrown).hasMessage("TOO_LARGE: inflated size exceeds 16777216 bytes");
    assertThat(delivered).isEqualTo(maxInflated);
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void bodyOfExactlyTheSizeLimitIsAccepted(ContentCoding coding) throws IOException {
    byte[] body = SoapPayloads.ofSize(50205);
    InflationLimits limits = InflationLimits.builder().maxInflatedBytes(body.length).build();
    try (Codec codec = Codec.of(coding)) {

      byte[] inflated = inflate(codec, compressInChunks(codec, body, 4096), limits);

      assertThat(inflated).isEqualTo(body);
    }
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void truncatedDataIsReportedAsTruncatedWhereverItIsCut(ContentCoding coding) throws IOException {
    try (Codec codec = Codec.of(coding)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(16055), 4096);

      for (int cut : new int[] {0, 1, 5, compressed.length / 2, compressed.length - 1}) {
        byte[] truncated = Arrays.copyOf(compressed, cut);

        assertThatThrownBy(() -> inflate(codec, truncated, InflationLimits.defaults()))
            .as("cut at %d of %d", cut, compressed.length)
            .isInstanceOf(InflationException.class)
            .extracting(e -> ((InflationException) e).reason())
            .isIn(Reason.TRUNCATED, Reason.CORRUPT);
      }
      byte[] lastByteMissing = Arrays.copyOf(compressed, compressed.length - 1);
      assertThatThrownBy(() -> inflate(codec, lastByteMissing, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .extracting(e -> ((InflationException) e).reason())
          .isEqualTo(Reason.TRUNCATED);
      assertThatThrownBy(() -> inflate(codec, new byte[0], InflationLimits.defaults()))
          .extracting(e -> ((InflationException) e).reason())
          .isEqualTo(Reason.TRUNCATED);
    }
  }

  @Test
  void gzipWithAWrongCrcIsCorrupt() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.GZIP)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(3366), 4096);
      compressed[compressed.length - 8] ^= 1;

      assertThatThrownBy(() -> inflate(codec, compressed, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessage("CORRUPT: gzip CRC-32 does not match the data");
    }
  }

  @Test
  void gzipWithAWrongSizeIsCorrupt() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.GZIP)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(3366), 4096);
      compressed[compressed.length - 4] ^= 1;

      assertThatThrownBy(() -> inflate(codec, compressed, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessage("CORRUPT: gzip ISIZE does not match the data");
    }
  }

  @Test
  void zlibWithAWrongAdlerIsCorrupt() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.DEFLATE)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(3366), 4096);
      compressed[compressed.length - 1] ^= 1;

      assertThatThrownBy(() -> inflate(codec, compressed, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessage("CORRUPT: zlib Adler-32 does not match the data");
    }
  }

  @Test
  void zstdWithAWrongChecksumIsCorrupt() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.ZSTD)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(3366), 4096);
      compressed[compressed.length - 1] ^= 1;

      assertThatThrownBy(() -> inflate(codec, compressed, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessageStartingWith("CORRUPT: invalid zstd data:")
          .hasMessageContaining("checksum");
    }
  }

  @Test
  void bytesAfterTheGzipMemberThatAreNotAMemberAreTrailingGarbage() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.GZIP)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(3366), 4096);
      byte[] withGarbage = Arrays.copyOf(compressed, compressed.length + 3);
      withGarbage[compressed.length] = 'x';

      assertThatThrownBy(() -> inflate(codec, withGarbage, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessage("TRAILING_GARBAGE: bytes after the gzip member are not another member");
    }
  }

  @Test
  void bytesAfterTheZlibStreamAreTrailingGarbage() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.DEFLATE)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(3366), 4096);
      byte[] withGarbage = Arrays.copyOf(compressed, compressed.length + 1);

      assertThatThrownBy(() -> inflate(codec, withGarbage, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessage("TRAILING_GARBAGE: bytes after the end of the data");
    }
  }

  @Test
  void bytesAfterTheZstdFrameThatAreNotAFrameAreCorrupt() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.ZSTD)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(3366), 4096);
      byte[] withGarbage = Arrays.copyOf(compressed, compressed.length + 8);
      Arrays.fill(withGarbage, compressed.length, withGarbage.length, (byte) 'x');

      assertThatThrownBy(() -> inflate(codec, withGarbage, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessageStartingWith("CORRUPT: invalid zstd data:");
    }
  }

  @Test
  void zstdFrameNeedingAWindowOverEightMebibytesIsRefused() throws IOException {
    byte[] body = SoapPayloads.ofSize(16055);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
      // Streamed without a pledged size, so the frame header declares the whole 128 MiB window.
      ctx.setLevel(3).setWindowLog(27);
      ByteBuffer dst = ByteBuffer.allocate(1 << 16);
      ctx.compressByteBufferStream(dst, ByteBuffer.wrap(body), EndDirective.CONTINUE);
      while (!ctx.compressByteBufferStream(dst, ByteBuffer.allocate(0), EndDirective.END)) {
        sink.write(dst.array(), 0, dst.position());
        dst.clear();
      }
      sink.write(dst.array(), 0, dst.position());
    }
    byte[] compressed = sink.toByteArray();
    try (Codec codec = Codec.of(ContentCoding.ZSTD)) {

      assertThatThrownBy(() -> inflate(codec, compressed, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessageStartingWith("CORRUPT: invalid zstd data:")
          .hasMessageContaining("too much memory");
    }
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void plainXmlSentAsCompressedIsCorrupt(ContentCoding coding) throws IOException {
    byte[] notCompressed = SoapPayloads.ofSize(3366);
    try (Codec codec = Codec.of(coding)) {

      assertThatThrownBy(() -> inflate(codec, notCompressed, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .extracting(e -> ((InflationException) e).reason())
          .isEqualTo(Reason.CORRUPT);
    }
  }

  @Test
  void gzipWithWrongMagicNamesIt() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.GZIP)) {
      byte[] compressed = compressInChunks(codec, SoapPayloads.ofSize(3366), 4096);
      compressed[1] = (byte) 0x8c;

      assertThatThrownBy(() -> inflate(codec, compressed, InflationLimits.defaults()))
          .isInstanceOf(InflationException.class)
          .hasMessage("CORRUPT: not gzip: wrong magic bytes");
    }
  }

  @Test
  void failedStreamKeepsFailingWithTheSameReason() throws IOException {
    try (Codec codec = Codec.of(ContentCoding.GZIP)) {
      InputStream in =
          codec.inflatingStream(
              new ByteArrayInputStream(new byte[] {0x1f}), InflationLimits.defaults());

      InflationException first = catchInflation(in);
      InflationException second = catchInflation(in);

      assertThat(first.reason()).isEqualTo(Reason.TRUNCATED);
      assertThat(second).isSameAs(first);
    }
  }

  @Test
  void limitsRejectOutOfRangeValuesSayingWhatWasExpected() {
    assertThatThrownBy(() -> InflationLimits.builder().maxInflatedBytes(0))
        .hasMessage("maxInflatedBytes: 0 (expected: >= 1)");
    assertThatThrownBy(() -> InflationLimits.builder().maxRatio(0))
        .hasMessage("maxRatio: 0 (expected: >= 1)");
    assertThatThrownBy(() -> InflationLimits.builder().ratioGraceBytes(-1))
        .hasMessage("ratioGraceBytes: -1 (expected: >= 0)");
    assertThat(InflationLimits.defaults())
        .isEqualTo(new InflationLimits(16L << 20, 100, 64L << 10));
  }

  private static InflationException catchInflation(InputStream in) {
    try {
      in.readAllBytes();
    } catch (InflationException e) {
      return e;
    } catch (IOException e) {
      throw new AssertionError("expected an InflationException", e);
    }
    throw new AssertionError("expected an InflationException");
  }

  private static final class CountingInputStream extends FilterInputStream {
    long count;

    CountingInputStream(InputStream in) {
      super(in);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }
  }
}
