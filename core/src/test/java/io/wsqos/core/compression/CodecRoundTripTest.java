package io.wsqos.core.compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdInputStream;
import io.wsqos.payloads.SoapPayloads;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class CodecRoundTripTest {

  static Stream<Arguments> codingsLevelsAndSizes() {
    List<Arguments> arguments = new ArrayList<>();
    for (ContentCoding coding : ContentCoding.values()) {
      for (int level : new int[] {coding.minLevel(), coding.defaultLevel(), coding.maxLevel()}) {
        for (int size : SoapPayloads.TABLE_4_SIZES) {
          arguments.add(Arguments.of(coding, level, size));
        }
      }
    }
    return arguments.stream();
  }

  @ParameterizedTest(name = "{0} level {1}, {2} bytes")
  @MethodSource("codingsLevelsAndSizes")
  void roundTripsBookstoreXmlAtEveryLevel(ContentCoding coding, int level, int size)
      throws IOException {
    byte[] body = SoapPayloads.ofSize(size);
    try (Codec codec = Codec.of(coding, level)) {

      byte[] compressed = compressInChunks(codec, body, 1000);
      byte[] inflated = inflate(codec, compressed, InflationLimits.defaults());

      assertThat(inflated).isEqualTo(body);
      assertThat(inflateWithReferenceLibrary(coding, compressed)).isEqualTo(body);
      if (size > 1000) {
        assertThat(compressed.length).isLessThan(body.length / 2);
      }
    }
  }

  static Stream<Arguments> codingsAndSizes() {
    List<Arguments> arguments = new ArrayList<>();
    for (ContentCoding coding : ContentCoding.values()) {
      arguments.add(Arguments.of(coding, 0));
      for (int size : SoapPayloads.TABLE_4_SIZES) {
        arguments.add(Arguments.of(coding, size));
      }
    }
    return arguments.stream();
  }

  @ParameterizedTest(name = "{0}, {1} bytes")
  @MethodSource("codingsAndSizes")
  void compressingInOneCallRoundTripsAndClosesTheSink(ContentCoding coding, int size)
      throws IOException {
    byte[] body = size == 0 ? new byte[0] : SoapPayloads.ofSize(size);
    byte[] framed = new byte[body.length + 7];
    System.arraycopy(body, 0, framed, 3, body.length);
    ClosingSink sink = new ClosingSink();
    try (Codec codec = Codec.of(coding)) {

      codec.compress(framed, 3, body.length, sink);

      byte[] compressed = sink.toByteArray();
      assertThat(sink.closed).isTrue();
      assertThat(inflate(codec, compressed, InflationLimits.defaults())).isEqualTo(body);
      assertThat(inflateWithReferenceLibrary(coding, compressed)).isEqualTo(body);
      if (coding == ContentCoding.ZSTD) {
        assertThat(Zstd.getFrameContentSize(compressed)).isEqualTo(body.length);
      }
    }
  }

  /** Remembers that it was closed. */
  private static final class ClosingSink extends ByteArrayOutputStream {
    boolean closed;

    @Override
    public void close() {
      closed = true;
    }
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void compressesWhileTheBodyIsWrittenNotAtClose(ContentCoding coding) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    byte[] chunk = SoapPayloads.ofSize(50205);
    try (Codec codec = Codec.of(coding)) {
      OutputStream out = codec.compressingStream(sink);

      for (int i = 0; i < 200; i++) {
        out.write(chunk);
      }
      int writtenBeforeClose = sink.size();
      out.close();

      assertThat(writtenBeforeClose).isGreaterThan(sink.size() / 2);
    }
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void flushMakesEverythingWrittenSoFarDecodable(ContentCoding coding) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    byte[] first = SoapPayloads.ofSize(3366);
    try (Codec codec = Codec.of(coding)) {
      OutputStream out = codec.compressingStream(sink);

      out.write(first);
      out.flush();
      InputStream partial =
          codec.inflatingStream(
              new ByteArrayInputStream(sink.toByteArray()), InflationLimits.defaults());
      byte[] decoded = partial.readNBytes(first.length);
      out.write(first);
      out.close();

      assertThat(decoded).isEqualTo(first);
      assertThat(inflate(codec, sink.toByteArray(), InflationLimits.defaults()))
          .hasSize(2 * first.length);
    }
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void emptyBodyRoundTrips(ContentCoding coding) throws IOException {
    try (Codec codec = Codec.of(coding)) {

      byte[] compressed = compressInChunks(codec, new byte[0], 1);

      assertThat(compressed).isNotEmpty();
      assertThat(inflate(codec, compressed, InflationLimits.defaults())).isEmpty();
    }
  }

  @Test
  void gzipInflatesWhatTheJdkWritesIncludingConcatenatedMembers() throws IOException {
    byte[] first = SoapPayloads.ofSize(3366);
    byte[] second = SoapPayloads.ofSize(16055);
    ByteArrayOutputStream members = new ByteArrayOutputStream();
    for (byte[] body : new byte[][] {first, second}) {
      try (GZIPOutputStream gzip = new GZIPOutputStream(members)) {
        gzip.write(body);
      }
    }
    try (Codec codec = Codec.of(ContentCoding.GZIP)) {

      byte[] inflated = inflate(codec, members.toByteArray(), InflationLimits.defaults());

      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      expected.write(first);
      expected.write(second);
      assertThat(inflated).isEqualTo(expected.toByteArray());
    }
  }

  @Test
  void deflateAcceptsZlibAndRawDeflateAsBrowsersDo() throws IOException {
    byte[] body = SoapPayloads.ofSize(28153);
    ByteArrayOutputStream zlib = new ByteArrayOutputStream();
    try (DeflaterOutputStream out = new DeflaterOutputStream(zlib, new Deflater(6, false))) {
      out.write(body);
    }
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    try (DeflaterOutputStream out = new DeflaterOutputStream(raw, new Deflater(6, true))) {
      out.write(body);
    }
    try (Codec codec = Codec.of(ContentCoding.DEFLATE)) {

      byte[] fromZlib = inflate(codec, zlib.toByteArray(), InflationLimits.defaults());
      byte[] fromRaw = inflate(codec, raw.toByteArray(), InflationLimits.defaults());

      assertThat(fromZlib).isEqualTo(body);
      assertThat(fromRaw).isEqualTo(body);
    }
  }

  @Test
  void zstdInflatesConcatenatedFrames() throws IOException {
    byte[] first = SoapPayloads.ofSize(3366);
    byte[] second = SoapPayloads.ofSize(209);
    ByteArrayOutputStream frames = new ByteArrayOutputStream();
    frames.write(Zstd.compress(first));
    frames.write(Zstd.compress(second));
    try (Codec codec = Codec.of(ContentCoding.ZSTD)) {

      byte[] inflated = inflate(codec, frames.toByteArray(), InflationLimits.defaults());

      assertThat(inflated).hasSize(first.length + second.length);
    }
  }

  @Test
  void levelOutsideTheCodingsRangeIsRejectedWithTheRange() {
    assertThatThrownBy(() -> Codec.of(ContentCoding.GZIP, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("level: 0 (expected: 1..9 for gzip)");
    assertThatThrownBy(() -> Codec.of(ContentCoding.ZSTD, 20))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("level: 20 (expected: 1..19 for zstd)");
    assertThatThrownBy(() -> Codec.of(ContentCoding.DEFLATE, 6, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("poolCapacity: 0 (expected: >= 1)");
  }

  @Test
  void tokensParseCaseInsensitivelyWithXGzipAsGzip() {
    assertThat(ContentCoding.fromToken("GZip")).contains(ContentCoding.GZIP);
    assertThat(ContentCoding.fromToken("x-gzip")).contains(ContentCoding.GZIP);
    assertThat(ContentCoding.fromToken("deflate")).contains(ContentCoding.DEFLATE);
    assertThat(ContentCoding.fromToken("zstd")).contains(ContentCoding.ZSTD);
    assertThat(ContentCoding.fromToken("identity")).isEmpty();
    assertThat(ContentCoding.fromToken("br")).isEmpty();
    assertThat(ContentCoding.ZSTD.isAvailable()).isTrue();
  }

  static byte[] compressInChunks(Codec codec, byte[] body, int chunk) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (OutputStream out = codec.compressingStream(sink)) {
      for (int off = 0; off < body.length; off += chunk) {
        out.write(body, off, Math.min(chunk, body.length - off));
      }
    }
    return sink.toByteArray();
  }

  static byte[] inflate(Codec codec, byte[] compressed, InflationLimits limits) throws IOException {
    try (InputStream in = codec.inflatingStream(new ByteArrayInputStream(compressed), limits)) {
      return in.readAllBytes();
    }
  }

  private static byte[] inflateWithReferenceLibrary(ContentCoding coding, byte[] compressed)
      throws IOException {
    return switch (coding) {
      case GZIP -> new GZIPInputStream(new ByteArrayInputStream(compressed)).readAllBytes();
      case DEFLATE -> new InflaterInputStream(new ByteArrayInputStream(compressed)).readAllBytes();
      case ZSTD -> new ZstdInputStream(new ByteArrayInputStream(compressed)).readAllBytes();
    };
  }
}
