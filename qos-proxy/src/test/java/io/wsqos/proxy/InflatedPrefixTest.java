package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.compression.Codec;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.core.compression.InflationException;
import io.wsqos.core.compression.InflationLimits;
import io.wsqos.core.header.SoapHeaderScanner;
import io.wsqos.core.header.WsQosCodec;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The start of compressed bodies, as the proxy sees them arrive piece by piece. */
class InflatedPrefixTest {

  private final InflatedPrefix prefix = new InflatedPrefix(InflationLimits.defaults());
  private final SoapHeaderScanner scanner = new SoapHeaderScanner(new WsQosCodec());

  @AfterEach
  void close() {
    prefix.close();
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void aWholeBodyInflatesToItsEnd(ContentCoding coding) {
    byte[] plain = Requests.text(10, ASSURED);
    byte[] compressed = CompressedRequestTest.compress(coding, plain);
    Codec codec = prefix.codecFor(coding.token());

    InflatedPrefix.Result result = prefix.inflate(codec, compressed, compressed.length, 64 * 1024);

    assertThat(result.failure()).isNull();
    assertThat(result.ended()).isTrue();
    assertThat(Arrays.copyOf(result.bytes(), result.length())).isEqualTo(plain);
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void aCutBodyIsTruncatedAndItsHeaderIsFoundOnceItsEndHasArrived(ContentCoding coding) {
    byte[] compressed = CompressedRequestTest.compress(coding, Requests.text(10, ASSURED));
    Codec codec = prefix.codecFor(coding.token());
    boolean found = false;

    for (int cut = 1; cut < compressed.length; cut++) {
      InflatedPrefix.Result result = prefix.inflate(codec, compressed, cut, 64 * 1024);

      assertThat(result.failure()).as("cut at %d", cut).isNotNull();
      assertThat(result.failure().reason()).isEqualTo(InflationException.Reason.TRUNCATED);
      SoapHeaderScanner.Scan scan = scanner.scan(result.bytes(), result.length(), false);
      if (scan instanceof SoapHeaderScanner.Found header) {
        assertThat(header.requirement().value().get().terms().transportPriority())
            .isEqualTo(ASSURED);
        found = true;
      } else {
        assertThat(scan).as("cut at %d", cut).isInstanceOf(SoapHeaderScanner.NeedMore.class);
      }
    }
    assertThat(found).as("the header found before the body's last byte").isTrue();
  }

  @Test
  void inflationStopsAtTheBound() {
    byte[] spaces = new byte[1_000_000];
    Arrays.fill(spaces, (byte) ' ');
    byte[] compressed = CompressedRequestTest.compress(ContentCoding.GZIP, spaces);

    InflatedPrefix.Result result =
        prefix.inflate(prefix.codecFor("gzip"), compressed, compressed.length, 1024);

    assertThat(result.length()).isEqualTo(1024);
    assertThat(result.ended()).isFalse();
    assertThat(result.failure()).isNull();
  }

  @Test
  void tokensAreReadAsTheCompressionFeatureReadsThem() {
    assertThat(prefix.codecFor(" x-gzip ").coding()).isEqualTo(ContentCoding.GZIP);
    assertThat(prefix.codecFor("gzip, zstd")).isNull();
    assertThat(prefix.codecFor("br")).isNull();
  }
}
