package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.util.Locale;

/** The argument checks every value of the broker makes, with one wording for each problem. */
final class Checks {

  private Checks() {}

  /** {@code id} if it is a registry id: {@code >= 1}. */
  static long id(String field, long id) {
    if (id < 1) {
      throw new IllegalArgumentException(field + ": " + id + " (expected: >= 1)");
    }
    return id;
  }

  /** {@code text} if it is not blank, at most {@code maxChars} long, without control characters. */
  static String text(String field, String text, int maxChars) {
    requireNonNull(text, field);
    if (text.isBlank()) {
      throw new IllegalArgumentException(field + ": '" + text + "' (expected: not blank)");
    }
    return printable(field, text, maxChars);
  }

  /**
   * {@code text} (which may be empty) if it is at most {@code maxChars} long and has no control
   * characters: PostgreSQL cannot store a NUL, and a name is shown to people.
   */
  static String printable(String field, String text, int maxChars) {
    requireNonNull(text, field);
    if (text.length() > maxChars) {
      throw new IllegalArgumentException(
          field + ": " + text.length() + " characters (expected: at most " + maxChars + ")");
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        throw new IllegalArgumentException(
            field
                + ": control character U+"
                + String.format(Locale.ROOT, "%04X", (int) c)
                + " at "
                + i
                + " (expected: none)");
      }
    }
    return text;
  }

  /**
   * {@code url} if it is an absolute {@code http} or {@code https} URL with a host, at most {@code
   * maxChars} long: a broker hands addresses to clients, so it takes no file path or other scheme.
   */
  static URI httpUrl(String field, URI url, int maxChars) {
    requireNonNull(url, field);
    String text = url.toString();
    printable(field, text, maxChars);
    String scheme = url.getScheme();
    if (scheme == null
        || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
        || url.getHost() == null) {
      throw new IllegalArgumentException(
          field + ": '" + text + "' (expected: an absolute http or https URL with a host)");
    }
    return url;
  }
}
