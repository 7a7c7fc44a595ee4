package io.wsqos.core.header.internal;

/**
 * Hand-written lexical checks for the WS-QoS value types (stricter subsets of the XSD lexical
 * spaces: no surrounding whitespace), so that parsing never meets a form the JDK parsers accept and
 * the schema does not ({@code Double.parseDouble} takes {@code "1d"}, {@code "0x1p3"} and padding),
 * and quoting of untrusted text for messages.
 */
public final class Lexical {

  private Lexical() {}

  /** {@code [+-]?[0-9]+}. */
  public static boolean isInteger(String s) {
    int i = skipSign(s);
    return i < s.length() && digitsFrom(s, i) == s.length();
  }

  /** {@code [+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)}, the lexical form of {@code xs:decimal}. */
  public static boolean isDecimal(String s) {
    return endOfDecimal(s, skipSign(s)) == s.length();
  }

  /** An {@code xs:decimal} optionally followed by {@code [eE][+-]?[0-9]+}; no INF or NaN. */
  public static boolean isDouble(String s) {
    int end = endOfDecimal(s, skipSign(s));
    if (end == s.length()) {
      return end > 0;
    }
    if (end < 0 || (s.charAt(end) != 'e' && s.charAt(end) != 'E')) {
      return false;
    }
    int exponent = end + 1;
    if (exponent < s.length() && (s.charAt(exponent) == '+' || s.charAt(exponent) == '-')) {
      exponent++;
    }
    return exponent < s.length() && digitsFrom(s, exponent) == s.length();
  }

  /** Whether {@code s} is one of the {@code xs:double} special values INF, +INF, -INF, NaN. */
  public static boolean isSpecialDouble(String s) {
    return s.equals("INF") || s.equals("+INF") || s.equals("-INF") || s.equals("NaN");
  }

  /**
   * {@code s} with XML Schema's {@code collapse} applied, as for {@code xs:token} and every
   * non-string type: runs of whitespace (space, tab, CR, LF) become one space, and leading and
   * trailing whitespace goes. Returns {@code s} itself when there is nothing to collapse.
   */
  public static String collapse(String s) {
    int length = s.length();
    boolean clean = length == 0 || (!isSpace(s.charAt(0)) && !isSpace(s.charAt(length - 1)));
    for (int i = 0; clean && i < length; i++) {
      char c = s.charAt(i);
      if (c == '\t' || c == '\r' || c == '\n' || (c == ' ' && isSpace(s.charAt(i + 1)))) {
        clean = false;
      }
    }
    if (clean) {
      return s;
    }
    StringBuilder collapsed = new StringBuilder(length);
    boolean pendingSpace = false;
    for (int i = 0; i < length; i++) {
      char c = s.charAt(i);
      if (isSpace(c)) {
        pendingSpace = collapsed.length() > 0;
      } else {
        if (pendingSpace) {
          collapsed.append(' ');
          pendingSpace = false;
        }
        collapsed.append(c);
      }
    }
    return collapsed.toString();
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  }

  /** Whether {@code s} holds only XML whitespace (space, tab, CR, LF). */
  public static boolean isWhitespace(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code s} in single quotes, cut to {@code maxChars}, with control characters, quotes and
   * backslashes escaped, so that it can go into a log line or a SOAP fault as it is.
   */
  public static String quote(String s, int maxChars) {
    int length = Math.min(s.length(), maxChars);
    StringBuilder quoted = new StringBuilder(length + 8).append('\'');
    for (int i = 0; i < length; i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\r':
          quoted.append("\\r");
          break;
        case '\n':
          quoted.append("\\n");
          break;
        case '\t':
          quoted.append("\\t");
          break;
        case '\'':
        case '\\':
          quoted.append('\\').append(c);
          break;
        default:
          if (c < 0x20 || (c >= 0x7f && c < 0xa0) || Character.isSurrogate(c)) {
            quoted.append(String.format("\\u%04x", (int) c));
          } else {
            quoted.append(c);
          }
      }
    }
    quoted.append('\'');
    if (s.length() > maxChars) {
      quoted.append("...");
    }
    return quoted.toString();
  }

  private static int skipSign(String s) {
    return !s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-') ? 1 : 0;
  }

  private static int digitsFrom(String s, int from) {
    int i = from;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    return i;
  }

  /** The index after a decimal starting at {@code from}, or -1 if there is none. */
  private static int endOfDecimal(String s, int from) {
    int integerEnd = digitsFrom(s, from);
    boolean integerDigits = integerEnd > from;
    if (integerEnd < s.length() && s.charAt(integerEnd) == '.') {
      int fractionEnd = digitsFrom(s, integerEnd + 1);
      boolean fractionDigits = fractionEnd > integerEnd + 1;
      return integerDigits || fractionDigits ? fractionEnd : -1;
    }
    return integerDigits ? integerEnd : -1;
  }
}
