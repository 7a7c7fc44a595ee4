package io.wsqos.core.compression;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoEnvelopes;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Compressed requests: good ones reach the service unchanged; bombs, broken data and unsupported
 * codings get their documented status and SOAP Client fault, and never reach the service.
 */
class CompressedRequestTest {
  private static final long MAX_INFLATED_BYTES = 1024 * 1024;
  private static final String CLIENT_FAULT = "<faultcode>soap:Client</faultcode>";
  private static final String BODY = EchoServiceImpl.textOf(20_000);
  private static final InflationLimits LIMITS =
      InflationLimits.builder().maxInflatedBytes(MAX_INFLATED_BYTES).build();
  private static final Pattern RATIO_EXCEEDED =
      Pattern.compile("more than (\\d+) bytes inflated from (\\d+) compressed bytes");
  static final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  static final EchoServiceImpl service = new EchoServiceImpl();
  static final CompressionFeature feature =
      CompressionFeature.builder()
          .policy(CompressionPolicy.never())
          .inflationLimits(LIMITS)
          .meterRegistry(registry)
          .build();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, service).feature(feature).toExtension();

  @AfterAll
  static void closeFeature() {
    feature.close();
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void compressedRequestReachesTheServiceUnchanged(ContentCoding coding) {
    long invocations = service.invocations();
    double inflated = requests("inflated", "none", coding.token());

    RawHttp.Response response =
        RawHttp.postXml(
            server.address(),
            Codings.compress(coding, EchoEnvelopes.length(BODY)),
            "Content-Encoding",
            coding.token());

    assertThat(response.status()).isEqualTo(200);
    assertThat(new String(response.content(), UTF_8))
        .contains("<return>" + BODY.length() + "</return>");
    assertThat(service.invocations()).isEqualTo(invocations + 1);
    assertThat(requests("inflated", "none", coding.token())).isEqualTo(inflated + 1);
  }

  @Test
  void ratioBombGets413AfterAtMostTheLimitAndNeverReachesTheService() throws IOException {
    // 64 MiB of one letter deflate about 1000:1: the ratio limit stops it past 64 KiB.
    byte[] bomb = gzipLengthRequest(64 * 1024 * 1024, i -> 'a');

    String fault = assertRejected(bomb, "gzip", 413, "RATIO_EXCEEDED", "ratio-exceeded");

    // The fault says how far inflation went: no further than the ratio allows for the compressed
    // bytes read by then, and those are not the whole bomb, so it stopped early.
    Matcher stopped = RATIO_EXCEEDED.matcher(fault);
    assertThat(stopped.find()).as(fault).isTrue();
    long inflated = Long.parseLong(stopped.group(1));
    long compressed = Long.parseLong(stopped.group(2));
    assertThat(inflated)
        .isLessThanOrEqualTo(Math.max(LIMITS.ratioGraceBytes(), compressed * LIMITS.maxRatio()))
        .isLessThan(MAX_INFLATED_BYTES);
    assertThat(compressed).isLessThan(bomb.length);
  }

  @Test
  void sizeBombGets413AndNeverReachesTheService() throws IOException {
    // 2 MiB of random letters: a ratio under 2, but over the 1 MiB limit.
    Random random = new Random(7);
    byte[] bomb = gzipLengthRequest(2 * 1024 * 1024, i -> (char) ('a' + random.nextInt(26)));

    assertRejected(bomb, "gzip", 413, "TOO_LARGE", "too-large");
  }

  @Test
  void truncatedBodyGetsAClientFaultAndNeverReachesTheService() {
    byte[] gzip = Codings.compress(ContentCoding.GZIP, EchoEnvelopes.length(BODY));
    byte[] truncated = Arrays.copyOf(gzip, gzip.length - 4);

    assertRejected(truncated, "gzip", 500, "TRUNCATED", "truncated");
  }

  @Test
  void badChecksumGetsAClientFaultAndNeverReachesTheService() {
    byte[] gzip = Codings.compress(ContentCoding.GZIP, EchoEnvelopes.length(BODY));
    gzip[gzip.length - 8] ^= 0x5a; // first byte of the CRC-32 in the gzip trailer

    assertRejected(gzip, "gzip", 500, "CORRUPT", "corrupt");
  }

  @Test
  void trailingGarbageGetsAClientFaultAndNeverReachesTheService() {
    byte[] gzip = Codings.compress(ContentCoding.GZIP, EchoEnvelopes.length(BODY));
    byte[] withGarbage = Arrays.copyOf(gzip, gzip.length + 7);
    System.arraycopy("garbage".getBytes(StandardCharsets.US_ASCII), 0, withGarbage, gzip.length, 7);

    assertRejected(withGarbage, "gzip", 500, "TRAILING_GARBAGE", "trailing-garbage");
  }

  @Test
  void corruptZstdChecksumGetsAClientFaultAndNeverReachesTheService() {
    byte[] zstd = Codings.compress(ContentCoding.ZSTD, EchoEnvelopes.length(BODY));
    zstd[zstd.length - 1] ^= 0x5a; // the frame's content checksum

    assertRejected(zstd, "zstd", 500, "CORRUPT", "corrupt");
  }

  @Test
  void unsupportedCodingGets415AndNeverReachesTheService() {
    assertRejected(
        EchoEnvelopes.length(BODY), "br", 415, "UNSUPPORTED_CODING", "unsupported-coding");
  }

  private String assertRejected(
      byte[] body, String contentEncoding, int status, String reason, String reasonTag) {
    long invocations = service.invocations();
    double rejected = requests("rejected", reasonTag, "none");

    RawHttp.Response response =
        RawHttp.postXml(server.address(), body, "Content-Encoding", contentEncoding);

    assertThat(response.status()).isEqualTo(status);
    String fault = new String(response.content(), UTF_8);
    assertThat(fault)
        .contains(CLIENT_FAULT)
        .contains("<faultstring>Compressed request rejected: " + reason + ": ");
    assertThat(service.invocations()).isEqualTo(invocations);
    assertThat(requests("rejected", reasonTag, "none")).isEqualTo(rejected + 1);
    return fault;
  }

  private static byte[] gzipLengthRequest(int chars, java.util.function.IntUnaryOperator letter)
      throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Codec codec = Codec.of(ContentCoding.GZIP, 6);
        OutputStream out = codec.compressingStream(bytes)) {
      out.write(EchoEnvelopes.lengthHead());
      byte[] chunk = new byte[8192];
      for (int written = 0; written < chars; written += chunk.length) {
        for (int i = 0; i < chunk.length; i++) {
          chunk[i] = (byte) letter.applyAsInt(written + i);
        }
        out.write(chunk);
      }
      out.write(EchoEnvelopes.LENGTH_TAIL.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  private static double requests(String outcome, String reason, String codec) {
    return registry
        .get(CompressionFeature.REQUESTS_COUNTER)
        .tag("outcome", outcome)
        .tag("reason", reason)
        .tag("codec", codec)
        .counter()
        .count();
  }
}
