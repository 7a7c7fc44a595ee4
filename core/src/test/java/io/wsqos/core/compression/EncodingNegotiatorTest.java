package io.wsqos.core.compression;

import static io.wsqos.core.compression.ContentCoding.DEFLATE;
import static io.wsqos.core.compression.ContentCoding.GZIP;
import static io.wsqos.core.compression.ContentCoding.ZSTD;
import static io.wsqos.core.header.CompressionPreference.COMPRESS;
import static io.wsqos.core.header.CompressionPreference.NONE;
import static io.wsqos.core.header.CompressionPreference.SERVER_DECIDES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.core.header.CompressionPreference;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EncodingNegotiatorTest {
  private final EncodingNegotiator gzipFirst = EncodingNegotiator.of(List.of(GZIP, ZSTD, DEFLATE));

  @ParameterizedTest(name = "[{0}] -> {1} {2}")
  @CsvSource(
      delimiter = '|',
      nullValues = "NULL",
      value = {
        // what the issue specifies
        "NULL                          | NONE           | NULL",
        "gzip                          | SERVER_DECIDES | GZIP",
        "gzip, identity;q=0            | COMPRESS       | GZIP",
        // browsers and common clients
        "gzip, deflate, br, zstd       | SERVER_DECIDES | GZIP",
        "deflate, gzip                 | SERVER_DECIDES | GZIP",
        "br                            | NONE           | NULL",
        "deflate                       | SERVER_DECIDES | DEFLATE",
        "identity                      | NONE           | NULL",
        "''                            | NONE           | NULL",
        // q-values decide before the server's order
        "gzip;q=0.5, zstd              | SERVER_DECIDES | ZSTD",
        "gzip;q=0.5, zstd;q=0.501      | SERVER_DECIDES | ZSTD",
        "gzip;q=0, deflate;q=0.001     | SERVER_DECIDES | DEFLATE",
        "gzip;q=0                      | NONE           | NULL",
        "GZIP;Q=1.000                  | SERVER_DECIDES | GZIP",
        "x-gzip                        | SERVER_DECIDES | GZIP",
        // * covers codings and identity not listed
        "*                             | SERVER_DECIDES | GZIP",
        "*;q=0                         | NONE           | NULL",
        "*;q=0, zstd                   | COMPRESS       | ZSTD",
        "*;q=0, identity, zstd         | SERVER_DECIDES | ZSTD",
        "identity;q=0, *               | COMPRESS       | GZIP",
        "identity;q=0                  | NONE           | NULL",
        "gzip;q=0, *                   | SERVER_DECIDES | ZSTD",
        // list syntax details
        "' , ,gzip ,'                  | SERVER_DECIDES | GZIP",
        "gzip ; q=0.8 , deflate\t;q=1  | SERVER_DECIDES | DEFLATE",
        "gzip;foo=\"a,b;q=0\"          | SERVER_DECIDES | GZIP",
        // hostile or malformed: no compression, never an exception
        "gzip;q=2                      | NONE           | NULL",
        "gzip;q=1.001                  | NONE           | NULL",
        "gzip;q=0.1234                 | NONE           | NULL",
        "gzip;q=-1                     | NONE           | NULL",
        "gzip;q=.5                     | NONE           | NULL",
        "gzip;q=                       | NONE           | NULL",
        "gzip;q=NaN                    | NONE           | NULL",
        "gzip;q                        | NONE           | NULL",
        "gzip deflate                  | NONE           | NULL",
        "gzip;foo=\"unterminated       | NONE           | NULL",
        "gzip,@                        | NONE           | NULL",
        "gzïp, deflate                 | NONE           | NULL",
      })
  void negotiatesTheTable(String header, CompressionPreference preference, ContentCoding coding) {

    Negotiation negotiation = gzipFirst.negotiate(header);

    assertThat(negotiation.preference()).isEqualTo(preference);
    assertThat(negotiation.coding()).isEqualTo(coding);
  }

  @Test
  void headerWithCarriageReturnOrLineFeedMeansNoCompression() {
    assertThat(gzipFirst.negotiate("gzip\r\nX-Injected: 1").preference()).isEqualTo(NONE);
    assertThat(gzipFirst.negotiate("gzip\n").preference()).isEqualTo(NONE);
    assertThat(gzipFirst.negotiate("gzip\u0000").preference()).isEqualTo(NONE);
  }

  @Test
  void hugeHeaderMeansNoCompression() {
    String huge = "gzip, " + "x-unknown;q=0.5, ".repeat(200);

    Negotiation negotiation = gzipFirst.negotiate(huge);

    assertThat(huge.length()).isGreaterThan(EncodingNegotiator.MAX_HEADER_CHARS);
    assertThat(negotiation.preference()).isEqualTo(NONE);
  }

  @Test
  void serverPreferenceBreaksTies() {
    EncodingNegotiator zstdFirst = EncodingNegotiator.of(List.of(ZSTD, GZIP));

    assertThat(zstdFirst.negotiate("gzip, deflate, zstd").coding()).isEqualTo(ZSTD);
    assertThat(zstdFirst.negotiate("deflate").preference()).isEqualTo(NONE);
    assertThat(gzipFirst.negotiate("gzip, deflate, zstd").coding()).isEqualTo(GZIP);
  }

  @Test
  void negotiationReturnsSharedInstances() {
    assertThat(gzipFirst.negotiate("gzip")).isSameAs(gzipFirst.negotiate("deflate;q=0.1, gzip"));
    assertThat(gzipFirst.negotiate(null)).isSameAs(Negotiation.none());
    assertThat(gzipFirst.negotiate("gzip, identity;q=0"))
        .isEqualTo(new Negotiation(COMPRESS, GZIP))
        .isNotEqualTo(new Negotiation(SERVER_DECIDES, GZIP));
  }

  @Test
  void preferenceMustListCodingsOnceAndAtLeastOne() {
    assertThatThrownBy(() -> EncodingNegotiator.of(List.of()))
        .hasMessage("preference: [] (expected: at least one coding)");
    assertThatThrownBy(() -> EncodingNegotiator.of(List.of(GZIP, GZIP)))
        .hasMessage("preference: [GZIP, GZIP] (expected: each coding at most once)");
    assertThatThrownBy(() -> new Negotiation(NONE, GZIP))
        .hasMessage("coding: GZIP (expected: null exactly when preference is NONE)");
  }
}
