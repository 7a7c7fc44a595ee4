package io.wsqos.core.compression;

import static java.util.Objects.requireNonNull;

import java.io.IOException;

/**
 * A compressed body that could not be inflated, with the {@link Reason} why. Thrown by the streams
 * of {@link Codec#inflatingStream}; the caller maps the reason to its answer (a bomb to 413 or a
 * SOAP Client fault, a malformed body to a Client fault, an unsupported coding to 415).
 */
public final class InflationException extends IOException {
  private static final long serialVersionUID = 1L;

  /** Why inflation stopped. */
  public enum Reason {
    /** The inflated size would exceed {@link InflationLimits#maxInflatedBytes()}. */
    TOO_LARGE(Kind.BOMB),
    /** The inflated/compressed ratio would exceed {@link InflationLimits#maxRatio()}. */
    RATIO_EXCEEDED(Kind.BOMB),
    /** The compressed data ended before its end marker or trailer. */
    TRUNCATED(Kind.MALFORMED),
    /**
     * Wrong magic or header, invalid compressed data, or a checksum or size that does not match.
     */
    CORRUPT(Kind.MALFORMED),
    /** Bytes follow the end of the compressed data that are not another gzip member. */
    TRAILING_GARBAGE(Kind.MALFORMED),
    /** The content coding is unknown or not available in this JVM. */
    UNSUPPORTED_CODING(Kind.UNSUPPORTED);

    private final Kind kind;

    Reason(Kind kind) {
      this.kind = kind;
    }

    /** The broad class of this reason, which decides the answer to the peer. */
    public Kind kind() {
      return kind;
    }
  }

  /** The broad classes of {@link Reason}. */
  public enum Kind {
    /** A limit was crossed: likely a decompression bomb (413). */
    BOMB,
    /** The body is not valid data of its coding (Client fault / 400). */
    MALFORMED,
    /** The coding is not supported (415). */
    UNSUPPORTED
  }

  private final Reason reason;

  /** Creates an exception for {@code reason} with a message saying what was found. */
  public InflationException(Reason reason, String message) {
    super(requireNonNull(reason, "reason") + ": " + requireNonNull(message, "message"));
    this.reason = reason;
  }

  /** Creates an exception for {@code reason} caused by {@code cause}. */
  public InflationException(Reason reason, String message, Throwable cause) {
    super(requireNonNull(reason, "reason") + ": " + requireNonNull(message, "message"), cause);
    this.reason = reason;
  }

  /** Why inflation stopped. */
  public Reason reason() {
    return reason;
  }
}
