package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class IsbnTest {

  @Test
  void normalizeKeepsTheDigitsOfAValidIsbn() {
    assertThat(Isbn.normalize("978-0-306-40615-7")).isEqualTo("9780306406157");
    assertThat(Isbn.normalize("9780306406157")).isEqualTo("9780306406157");
  }

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(
      strings = {
        "9780306406158", // wrong check digit
        "978030640615", // 12 digits
        "97803064061570", // 14 digits
        "978 0 306 40615 7", // spaces
        "978-0-306-40615-X",
        "---------------------------9780306406157"
      })
  void normalizeRejectsWhatIsNotAnIsbn13(String text) {
    assertThat(Isbn.normalize(text)).isNull();
  }

  @Test
  void checkDigitFollowsIsbn13() {
    assertThat(Isbn.checkDigit("978030640615")).isEqualTo('7');
    assertThat(Isbn.checkDigit("978186197271")).isEqualTo('2');
  }
}
