package io.wsqos.core.compression;

import io.wsqos.core.InvalidValueException;
import io.wsqos.core.compression.internal.ZstdSupport;
import java.util.Optional;

/**
 * An HTTP content coding this library can compress and inflate (RFC 9110 §8.4.1).
 *
 * <p>Each coding has the token it travels as in {@code Content-Encoding} and {@code
 * Accept-Encoding}, and the range of compression levels it accepts. {@link #ZSTD} needs the
 * optional {@code com.github.luben:zstd-jni} dependency; without it {@link #isAvailable()} is
 * {@code false}, negotiation never picks it, and {@link Codec#of(ContentCoding)} rejects it.
 */
public enum ContentCoding {
  /** {@code gzip}: a deflate stream in the gzip container with CRC-32 and size (RFC 1952). */
  GZIP("gzip", 1, 9, 1),
  /**
   * {@code deflate}: in HTTP this is the zlib format with an Adler-32 check (RFC 1950, RFC 9110
   * §8.4.1.2). When inflating, a raw deflate stream (RFC 1951) is accepted too, as browsers do.
   */
  DEFLATE("deflate", 1, 9, 1),
  /**
   * {@code zstd}: Zstandard frames (RFC 8878), levels 1 to 19; the "ultra" levels 20 to 22 need
   * windows too large for a server to accept from arbitrary peers and are not offered.
   */
  ZSTD("zstd", 1, 19, 3);

  private final String token;
  private final int minLevel;
  private final int maxLevel;
  private final int defaultLevel;

  ContentCoding(String token, int minLevel, int maxLevel, int defaultLevel) {
    this.token = token;
    this.minLevel = minLevel;
    this.maxLevel = maxLevel;
    this.defaultLevel = defaultLevel;
  }

  /** The lower-case token, as sent in {@code Content-Encoding}. */
  public String token() {
    return token;
  }

  /** The lowest valid compression level (fastest). */
  public int minLevel() {
    return minLevel;
  }

  /** The highest valid compression level (smallest output). */
  public int maxLevel() {
    return maxLevel;
  }

  /**
   * Returns {@code level} if it is within {@link #minLevel()}..{@link #maxLevel()}.
   *
   * @throws IllegalArgumentException otherwise, naming the range and this coding
   */
  int checkLevel(int level) {
    if (level < minLevel || level > maxLevel) {
      throw new InvalidValueException(
          "level", Integer.toString(level), minLevel + ".." + maxLevel + " for " + token);
    }
    return level;
  }

  /**
   * The level used when none is configured: 1 for gzip and deflate, 3 for zstd. With the server's
   * CPU as the scarce resource the fastest gzip level is the better default: on SOAP bodies the
   * higher levels cost several times the CPU for output only a little smaller. zstd's level 3 costs
   * about what its level 1 does on bodies of this size and compresses better (the experiment
   * {@code codec-paired} compares them).
   */
  public int defaultLevel() {
    return defaultLevel;
  }

  /** Whether this coding can be used in this JVM (zstd needs zstd-jni and its native library). */
  public boolean isAvailable() {
    return this != ZSTD || ZstdSupport.isAvailable();
  }

  /**
   * The coding named by a {@code Content-Encoding} token, case-insensitively; {@code x-gzip} is
   * taken as {@code gzip} (RFC 9110 §8.4.1.3). Empty for {@code identity} and unknown tokens.
   */
  public static Optional<ContentCoding> fromToken(String token) {
    ContentCoding coding = fromToken(token, 0, token.length());
    return Optional.ofNullable(coding);
  }

  /** Like {@link #fromToken(String)} on {@code s[start, end)}, without allocating; null if none. */
  static ContentCoding fromToken(CharSequence s, int start, int end) {
    int length = end - start;
    if (length == 4 && regionMatches(s, start, "gzip")) {
      return GZIP;
    }
    if (length == 6 && regionMatches(s, start, "x-gzip")) {
      return GZIP;
    }
    if (length == 7 && regionMatches(s, start, "deflate")) {
      return DEFLATE;
    }
    if (length == 4 && regionMatches(s, start, "zstd")) {
      return ZSTD;
    }
    return null;
  }

  static boolean regionMatches(CharSequence s, int start, String lowerCase) {
    for (int i = 0; i < lowerCase.length(); i++) {
      char c = s.charAt(start + i);
      if (c >= 'A' && c <= 'Z') {
        c = (char) (c + ('a' - 'A'));
      }
      if (c != lowerCase.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
