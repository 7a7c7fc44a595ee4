package io.wsqos.core;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * The argument checks of the project's values and builders, so that every refusal is an {@link
 * InvalidValueException} worded the same way: {@code field: value (expected: ...)}. A value is
 * shown cut to {@value #MAX_SHOWN_CHARS} characters, so that an error never repeats a whole
 * request.
 */
public final class Checks {

  /**
   * The most characters of a value an error shows; the rest is left out and counted: {@code
   * 'aaaa...'... (1048576 characters)}.
   */
  public static final int MAX_SHOWN_CHARS = 64;

  /**
   * The longest text {@link #decimal} parses. Parsing a decimal takes time that grows with the
   * square of its digits (a million digits take minutes), so a longer text is refused unread; no
   * value the project takes needs more than a few dozen characters.
   */
  public static final int MAX_DECIMAL_CHARS = 100;

  private Checks() {}

  /**
   * {@code text} as an error shows it: in single quotes, control characters, unpaired surrogates,
   * quotes and backslashes escaped, and cut to {@value #MAX_SHOWN_CHARS} characters followed by its
   * length when it is longer.
   */
  public static String shown(CharSequence text) {
    int length = text.length();
    int end = Math.min(length, MAX_SHOWN_CHARS);
    if (end < length && end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--; // keep a pair whole
    }
    StringBuilder shown = new StringBuilder(end + 24).append('\'');
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      if (c == '\'' || c == '\\') {
        shown.append('\\').append(c);
      } else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) {
        shown.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < length
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        shown.append(c).append(text.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        shown.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        shown.append(c);
      }
    }
    shown.append('\'');
    if (end < length) {
      shown.append("... (").append(length).append(" characters)");
    }
    return shown.toString();
  }

  /**
   * {@code value} cut to {@value #MAX_SHOWN_CHARS} characters followed by its length when it is
   * longer; unquoted, for values shown as they are (numbers, lists).
   */
  public static String cut(String value) {
    if (value.length() <= MAX_SHOWN_CHARS) {
      return value;
    }
    int end = MAX_SHOWN_CHARS;
    if (Character.isHighSurrogate(value.charAt(end - 1))) {
      end--;
    }
    return value.substring(0, end) + "... (" + value.length() + " characters)";
  }

  /**
   * {@code number} as an error shows it: in plain digits ({@code 0.10}, {@code -1}) unless they
   * would be longer than {@value #MAX_SHOWN_CHARS} characters, then in scientific notation ({@code
   * 1E+999999999}), so that showing a number never writes out its digits.
   */
  public static String shown(BigDecimal number) {
    long plainChars =
        Math.max((long) number.precision() - number.scale(), 1) + Math.max(number.scale(), 0) + 2;
    return plainChars <= MAX_SHOWN_CHARS ? number.toPlainString() : number.toString();
  }

  /**
   * {@code text} as a decimal in Java's notation ({@code 0.10}, {@code 1E+3}), at most {@value
   * #MAX_DECIMAL_CHARS} characters, with no space around it.
   */
  public static BigDecimal decimal(String field, String text) {
    requireNonNull(text, field);
    if (text.length() > MAX_DECIMAL_CHARS) {
      throw new InvalidValueException(
          field, text.length() + " characters", "a decimal of at most " + MAX_DECIMAL_CHARS);
    }
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new InvalidValueException(field, shown(text), "a decimal", e);
    }
  }

  /** The refusal of {@code text} in {@code field}, the text shown quoted and cut. */
  public static InvalidValueException invalidText(String field, String text, String expected) {
    return new InvalidValueException(field, shown(text), expected);
  }

  /** {@code value}, which must be there. */
  public static <T> T required(String field, T value) {
    if (value == null) {
      throw new InvalidValueException(field, "missing", "a value");
    }
    return value;
  }

  /** {@code value} if it is at least {@code min}. */
  public static long atLeast(String field, long value, long min) {
    if (value < min) {
      throw new InvalidValueException(field, Long.toString(value), ">= " + min);
    }
    return value;
  }

  /** {@code value} if it is within {@code min..max}. */
  public static int inRange(String field, int value, int min, int max) {
    if (value < min || value > max) {
      throw new InvalidValueException(field, Integer.toString(value), min + ".." + max);
    }
    return value;
  }

  /** {@code value} if it is within {@code min..max}. */
  public static long inRange(String field, long value, long min, long max) {
    if (value < min || value > max) {
      throw new InvalidValueException(field, Long.toString(value), min + ".." + max);
    }
    return value;
  }

  /** {@code value} if it is within {@code min..max}; NaN is not. */
  public static double inRange(String field, double value, double min, double max) {
    if (!(value >= min && value <= max)) {
      throw new InvalidValueException(field, Double.toString(value), min + ".." + max);
    }
    return value;
  }

  /** {@code value} if it is within {@code min..max}; the message gives milliseconds. */
  public static Duration inRange(String field, Duration value, Duration min, Duration max) {
    requireNonNull(value, field);
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw new InvalidValueException(
          field, value.toMillis() + " ms", min.toMillis() + ".." + max.toMillis() + " ms");
    }
    return value;
  }

  /** {@code text} if it is not null and not blank. */
  public static String notBlank(String field, String text) {
    requireNonNull(text, field);
    if (text.isBlank()) {
      throw invalidText(field, text, "not blank");
    }
    return text;
  }

  /**
   * {@code text} if it is not blank, at most {@code maxChars} long, without control characters and
   * in well-formed Unicode (see {@link #printable}).
   */
  public static String text(String field, String text, int maxChars) {
    notBlank(field, text);
    return printable(field, text, maxChars);
  }

  /**
   * {@code text} (which may be empty) if it is at most {@code maxChars} long, has no control
   * characters (C0, DEL or C1) and no unpaired surrogate: PostgreSQL cannot store a NUL, and stores
   * an unpaired surrogate as {@code ?}, so what was accepted would not be what is read back.
   */
  public static String printable(String field, String text, int maxChars) {
    requireNonNull(text, field);
    if (text.length() > maxChars) {
      throw new InvalidValueException(field, text.length() + " characters", "at most " + maxChars);
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isISOControl(c)) {
        throw new InvalidValueException(
            field, "control character " + codePoint(c) + " at " + i, "none");
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new InvalidValueException(
            field, "unpaired surrogate " + codePoint(c) + " at " + i, "well-formed Unicode");
      }
    }
    return text;
  }

  /**
   * {@code url} if it is an absolute {@code http} or {@code https} URL with a host, at most {@code
   * maxChars} long and {@link #printable}: an address handed to others takes no file path or other
   * scheme.
   */
  public static URI httpUrl(String field, URI url, int maxChars) {
    requireNonNull(url, field);
    String text = url.toString();
    printable(field, text, maxChars);
    String scheme = url.getScheme();
    if (scheme == null
        || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
        || url.getHost() == null) {
      throw invalidText(field, text, "an absolute http or https URL with a host");
    }
    return url;
  }

  private static String codePoint(char c) {
    return "U+" + String.format(Locale.ROOT, "%04X", (int) c);
  }
}
