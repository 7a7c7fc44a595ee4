package io.wsqos.core.compression;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;
import java.util.List;

/**
 * Picks a content coding from a request's {@code Accept-Encoding} (RFC 9110 §12.5.3) and the
 * server's preference order, and says what the header implies about the client's wish:
 *
 * <ul>
 *   <li>no {@code Accept-Encoding} at all: {@link CompressionPreference#NONE} (the RFC would let
 *       the server pick any coding; clients that send nothing are assumed not to inflate);
 *   <li>a coding the server offers is acceptable (q &gt; 0, by name or through {@code *}), and
 *       identity is too: {@link CompressionPreference#SERVER_DECIDES};
 *   <li>such a coding is acceptable and identity is refused ({@code identity;q=0}, or {@code *;q=0}
 *       without an entry for identity): {@link CompressionPreference#COMPRESS};
 *   <li>otherwise {@link CompressionPreference#NONE}. If identity is refused and no coding is
 *       acceptable either, the body is still sent uncompressed rather than answered with 406.
 * </ul>
 *
 * <p>Among acceptable codings the one with the highest q-value wins; ties go to the server's
 * preference order. {@code x-gzip} counts as {@code gzip}; codings not available in this JVM (zstd
 * without zstd-jni) are never chosen. A malformed header (control characters such as CR or LF, a
 * bad q-value, a missing separator, more than {@link #MAX_HEADER_CHARS} characters) yields {@link
 * CompressionPreference#NONE}: it never throws. Negotiation allocates nothing.
 */
public final class EncodingNegotiator {
  /**
   * 2048. Browsers send about 30 characters; a header longer than this is not worth parsing on the
   * request path.
   */
  public static final int MAX_HEADER_CHARS = 2048;

  private static final int NOT_LISTED = -1;
  private static final int INVALID = -2;
  private static final int Q_ONE = 1000;

  private final ContentCoding[] preference;

  private EncodingNegotiator(ContentCoding[] preference) {
    this.preference = preference;
  }

  /**
   * A negotiator offering {@code preference}, most preferred first. Unavailable codings are
   * dropped.
   *
   * @throws IllegalArgumentException if {@code preference} is empty or lists a coding twice
   */
  public static EncodingNegotiator of(List<ContentCoding> preference) {
    requireNonNull(preference, "preference");
    if (preference.isEmpty()) {
      throw new InvalidValueException("preference", "[]", "at least one coding");
    }
    if (preference.stream().distinct().count() != preference.size()) {
      throw new InvalidValueException(
          "preference", preference.toString(), "each coding at most once");
    }
    return new EncodingNegotiator(
        preference.stream()
            .map(c -> requireNonNull(c, "preference element"))
            .filter(ContentCoding::isAvailable)
            .toArray(ContentCoding[]::new));
  }

  /** The codings offered, most preferred first. */
  public List<ContentCoding> preference() {
    return List.of(preference);
  }

  /**
   * Negotiates against one {@code Accept-Encoding} value; {@code null} means the header is absent.
   * For a header sent on several lines, pass the lines joined with {@code ", "}.
   */
  public Negotiation negotiate(String acceptEncoding) {
    if (acceptEncoding == null || acceptEncoding.length() > MAX_HEADER_CHARS) {
      return Negotiation.none();
    }
    int qGzip = NOT_LISTED;
    int qDeflate = NOT_LISTED;
    int qZstd = NOT_LISTED;
    int qIdentity = NOT_LISTED;
    int qAny = NOT_LISTED;
    String s = acceptEncoding;
    int n = s.length();
    int i = 0;
    while (i < n) {
      i = skipWhitespace(s, i);
      if (i < n && s.charAt(i) == ',') {
        i++; // empty list elements are allowed (RFC 9110 §5.6.1)
        continue;
      }
      if (i == n) {
        break;
      }
      int tokenStart = i;
      i = skipToken(s, i);
      int tokenEnd = i;
      if (tokenEnd == tokenStart) {
        return Negotiation.none();
      }
      int q = Q_ONE;
      i = skipWhitespace(s, i);
      while (i < n && s.charAt(i) == ';') {
        i = skipWhitespace(s, i + 1);
        int nameStart = i;
        i = skipToken(s, i);
        int nameEnd = i;
        if (nameEnd == nameStart || i >= n || s.charAt(i) != '=') {
          return Negotiation.none();
        }
        i++;
        if (nameEnd - nameStart == 1 && (s.charAt(nameStart) | 0x20) == 'q') {
          int valueStart = i;
          i = skipToken(s, i);
          q = parseQValue(s, valueStart, i);
          if (q == INVALID) {
            return Negotiation.none();
          }
        } else {
          int valueStart = i;
          i = skipParameterValue(s, i);
          if (i == valueStart || i < 0) {
            return Negotiation.none();
          }
        }
        i = skipWhitespace(s, i);
      }
      if (i < n && s.charAt(i) != ',') {
        return Negotiation.none();
      }
      int length = tokenEnd - tokenStart;
      if (length == 1 && s.charAt(tokenStart) == '*') {
        qAny = q;
      } else if (length == 8 && ContentCoding.regionMatches(s, tokenStart, "identity")) {
        qIdentity = q;
      } else {
        ContentCoding coding = ContentCoding.fromToken(s, tokenStart, tokenEnd);
        if (coding == ContentCoding.GZIP) {
          qGzip = q;
        } else if (coding == ContentCoding.DEFLATE) {
          qDeflate = q;
        } else if (coding == ContentCoding.ZSTD) {
          qZstd = q;
        }
      }
    }
    ContentCoding best = null;
    int bestQ = 0;
    for (ContentCoding coding : preference) {
      int listed =
          switch (coding) {
            case GZIP -> qGzip;
            case DEFLATE -> qDeflate;
            case ZSTD -> qZstd;
          };
      int q = listed != NOT_LISTED ? listed : Math.max(qAny, 0);
      if (q > bestQ) {
        best = coding;
        bestQ = q;
      }
    }
    if (best == null) {
      return Negotiation.none();
    }
    int identity = qIdentity != NOT_LISTED ? qIdentity : (qAny != NOT_LISTED ? qAny : Q_ONE);
    return Negotiation.of(
        identity == 0 ? CompressionPreference.COMPRESS : CompressionPreference.SERVER_DECIDES,
        best);
  }

  private static int skipWhitespace(String s, int i) {
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  private static int skipToken(String s, int i) {
    while (i < s.length() && isTokenChar(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /** Skips a token or quoted-string; returns -1 for an unterminated or invalid quoted-string. */
  private static int skipParameterValue(String s, int i) {
    if (i < s.length() && s.charAt(i) == '"') {
      i++;
      while (i < s.length()) {
        char c = s.charAt(i);
        if (c == '"') {
          return i + 1;
        }
        if (c == '\\') {
          i++;
        } else if (c < 0x20 && c != '\t' || c == 0x7f) {
          return -1;
        }
        i++;
      }
      return -1;
    }
    return skipToken(s, i);
  }

  /** Parses {@code 0[.ddd]} or {@code 1[.000]} into thousandths, or returns INVALID. */
  private static int parseQValue(String s, int start, int end) {
    int length = end - start;
    if (length < 1 || length > 5) {
      return INVALID;
    }
    char first = s.charAt(start);
    if (first != '0' && first != '1') {
      return INVALID;
    }
    if (length == 1) {
      return first == '1' ? Q_ONE : 0;
    }
    if (s.charAt(start + 1) != '.') {
      return INVALID;
    }
    int fraction = 0;
    int scale = 100;
    for (int i = start + 2; i < end; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return INVALID;
      }
      fraction += (c - '0') * scale;
      scale /= 10;
    }
    if (first == '1') {
      return fraction == 0 ? Q_ONE : INVALID;
    }
    return fraction;
  }

  private static boolean isTokenChar(char c) {
    if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
      return true;
    }
    return switch (c) {
      case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~' -> true;
      default -> false;
    };
  }
}
