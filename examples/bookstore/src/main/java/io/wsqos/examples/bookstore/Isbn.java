package io.wsqos.examples.bookstore;

/** ISBN-13 parsing and check digits. */
final class Isbn {

  static final String EXPECTED = "an ISBN-13: 13 digits, hyphens allowed, with a valid check digit";

  private static final int LENGTH = 13;

  private Isbn() {}

  /**
   * Returns the 13 digits of {@code text} with hyphens removed, or {@code null} when it is not a
   * valid ISBN-13.
   */
  static String normalize(String text) {
    if (text == null || text.length() > 2 * LENGTH) {
      return null;
    }
    StringBuilder digits = new StringBuilder(LENGTH);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= '0' && c <= '9') {
        digits.append(c);
      } else if (c != '-') {
        return null;
      }
    }
    if (digits.length() != LENGTH
        || checkDigit(digits.substring(0, LENGTH - 1)) != digits.charAt(LENGTH - 1)) {
      return null;
    }
    return digits.toString();
  }

  /** The ISBN-13 check digit of the first twelve digits. */
  static char checkDigit(String first12) {
    int sum = 0;
    for (int i = 0; i < LENGTH - 1; i++) {
      sum += (first12.charAt(i) - '0') * (i % 2 == 0 ? 1 : 3);
    }
    return (char) ('0' + (10 - sum % 10) % 10);
  }
}
