package io.wsqos.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.core.header.QosTerms;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChecksTest {

  @Test
  void aRefusalCarriesTheFieldTheValueAndWhatWasExpected() {
    assertThatThrownBy(() -> Checks.inRange("maxRetries", 0, 1, 10))
        .isInstanceOfSatisfying(
            InvalidValueException.class,
            e -> {
              assertThat(e.field()).isEqualTo("maxRetries");
              assertThat(e.value()).isEqualTo("0");
              assertThat(e.expected()).isEqualTo("1..10");
              assertThat(e).hasMessage("maxRetries: 0 (expected: 1..10)");
            });
    assertThatThrownBy(
            () ->
                Checks.inRange(
                    "window", Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofHours(1)))
        .hasMessage("window: 5 ms (expected: 10..3600000 ms)");
    assertThatThrownBy(() -> Checks.atLeast("id", 0, 1)).hasMessage("id: 0 (expected: >= 1)");
    assertThatThrownBy(() -> Checks.required("terms", null))
        .hasMessage("terms: missing (expected: a value)");
    assertThatThrownBy(() -> Checks.inRange("availability", Double.NaN, 0, 1))
        .isInstanceOf(InvalidValueException.class);
  }

  @Test
  void aLongValueIsShownCutWithItsLength() {
    String blank = " ".repeat(1 << 20);

    InvalidValueException refusal =
        org.junit.jupiter.api.Assertions.assertThrows(
            InvalidValueException.class, () -> Checks.notBlank("name", blank));

    assertThat(refusal.value()).isEqualTo("'" + " ".repeat(64) + "'... (1048576 characters)");
    assertThat(refusal.getMessage())
        .isEqualTo("name: '" + " ".repeat(64) + "'... (1048576 characters) (expected: not blank)");
    assertThat(new InvalidValueException("x", "9".repeat(1000), "less").value())
        .isEqualTo("9".repeat(64) + "... (1000 characters)");
  }

  @Test
  void shownTextEscapesWhatALogOrAFaultCannotHoldAndKeepsPairsWhole() {
    assertThat(Checks.shown("a'b\\c\r\n\u0000")).isEqualTo("'a\\'b\\\\c\\u000d\\u000a\\u0000'");
    assertThat(Checks.shown("\ud83d\ude00 \ud800")).isEqualTo("'\ud83d\ude00 \\ud800'");
    String pairAtTheCut = "a".repeat(63) + "\ud83d\ude00";
    assertThat(Checks.shown(pairAtTheCut)).isEqualTo("'" + "a".repeat(63) + "'... (65 characters)");
  }

  @Test
  void printableTextRefusesControlCharactersAndUnpairedSurrogates() {
    assertThat(Checks.printable("name", "caf\u00e9 \ud83d\ude00", 20))
        .isEqualTo("caf\u00e9 \ud83d\ude00");
    assertThatThrownBy(() -> Checks.printable("name", "a\u0001", 20))
        .hasMessage("name: control character U+0001 at 1 (expected: none)");
    assertThatThrownBy(() -> Checks.printable("name", "a\u0085b", 20))
        .hasMessage("name: control character U+0085 at 1 (expected: none)");
    assertThatThrownBy(() -> Checks.printable("name", "\u009f", 20))
        .hasMessage("name: control character U+009F at 0 (expected: none)");
    assertThat(Checks.printable("name", "\u00a0", 20)).isEqualTo("\u00a0");
    assertThatThrownBy(() -> Checks.printable("name", "ab\ud800c", 20))
        .hasMessage("name: unpaired surrogate U+D800 at 2 (expected: well-formed Unicode)");
    assertThatThrownBy(() -> Checks.printable("name", "\udc00", 20))
        .hasMessage("name: unpaired surrogate U+DC00 at 0 (expected: well-formed Unicode)");
    assertThatThrownBy(() -> Checks.text("name", "x".repeat(21), 20))
        .hasMessage("name: 21 characters (expected: at most 20)");
    assertThatThrownBy(() -> Checks.httpUrl("address", URI.create("file:///etc/passwd"), 100))
        .hasMessage(
            "address: 'file:///etc/passwd' (expected: an absolute http or https URL with a host)");
  }

  @Test
  void aRefusalIsRenamedWhereItsCallerKnowsTheField() {
    InvalidValueException price = new InvalidValueException("price", "-1", ">= 0");

    assertThat(price.under("terms").field()).isEqualTo("terms.price");
    assertThat(price.under("terms")).hasMessage("terms.price: -1 (expected: >= 0)");
    assertThat(price.under("")).isSameAs(price);
    assertThat(price.named("maxPrice")).hasMessage("maxPrice: -1 (expected: >= 0)");
    assertThat(price.unnamed().under("terms.price").field()).isEqualTo("terms.price");
  }

  @Test
  void aHugeDecimalIsShownWithoutWritingOutItsDigits() {
    assertThat(Checks.shown(new BigDecimal("-1"))).isEqualTo("-1");
    assertThat(Checks.shown(new BigDecimal("0.10"))).isEqualTo("0.10");
    assertThat(Checks.shown(new BigDecimal("1e999999999"))).isEqualTo("1E+999999999");

    // Writing out the refused price's digits took a gigabyte.
    assertThatThrownBy(() -> QosTerms.builder().maxPrice(new BigDecimal("1e999999999")).build())
        .isInstanceOf(InvalidValueException.class)
        .hasMessage("maxPrice: 1E+999999999 (expected: at most 12 integer and 6 fraction digits)");
    assertThatThrownBy(() -> QosTerms.builder().maxPrice(new BigDecimal("1e-999999999")).build())
        .hasMessage("maxPrice: 1E-999999999 (expected: at most 12 integer and 6 fraction digits)");
    // Its integer digits, precision minus scale, overflow an int: it passed and reached the store.
    assertThatThrownBy(() -> QosTerms.builder().maxPrice(new BigDecimal("1E+2147483647")).build())
        .hasMessage("maxPrice: 1E+2147483647 (expected: at most 12 integer and 6 fraction digits)");
  }

  @Test
  void aDecimalIsParsedOnlyWhenItsTextIsShort() {
    assertThat(Checks.decimal("price", "0.10")).isEqualByComparingTo("0.1");
    assertThat(Checks.decimal("price", "1E+3")).isEqualByComparingTo("1000");
    assertThat(Checks.decimal("price", "1".repeat(Checks.MAX_DECIMAL_CHARS)))
        .hasToString("1".repeat(Checks.MAX_DECIMAL_CHARS));

    // A million digits would take minutes to parse: refused by its length alone.
    assertThatThrownBy(() -> Checks.decimal("price", "1".repeat(1_000_000)))
        .isInstanceOf(InvalidValueException.class)
        .hasMessage("price: 1000000 characters (expected: a decimal of at most 100)");
    assertThatThrownBy(() -> Checks.decimal("price", " 0.10"))
        .hasMessage("price: ' 0.10' (expected: a decimal)");
    assertThatThrownBy(() -> Checks.decimal("price", "cheap"))
        .hasMessage("price: 'cheap' (expected: a decimal)");
  }
}
