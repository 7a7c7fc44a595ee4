package io.wsqos.core.compression;

import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;

/**
 * The outcome of {@link EncodingNegotiator#negotiate(String)}: what the client's {@code
 * Accept-Encoding} implies and the coding to use if the server compresses.
 *
 * @param preference what the header implies: {@link CompressionPreference#NONE} when no coding the
 *     server offers is acceptable (or there was no header, or it was malformed)
 * @param coding the coding to compress with; null exactly when {@code preference} is {@code NONE}
 */
public record Negotiation(CompressionPreference preference, ContentCoding coding) {
  private static final Negotiation NONE = new Negotiation(CompressionPreference.NONE, null);
  private static final Negotiation[] SERVER_DECIDES = all(CompressionPreference.SERVER_DECIDES);
  private static final Negotiation[] COMPRESS = all(CompressionPreference.COMPRESS);

  /** Checks that {@code coding} is null exactly when {@code preference} is {@code NONE}. */
  public Negotiation {
    java.util.Objects.requireNonNull(preference, "preference");
    if ((preference == CompressionPreference.NONE) != (coding == null)) {
      throw new InvalidValueException(
          "coding", String.valueOf(coding), "null exactly when preference is NONE");
    }
  }

  /** The shared "no compression" outcome. */
  public static Negotiation none() {
    return NONE;
  }

  /** The shared outcome for {@code preference} with {@code coding}, without allocating. */
  static Negotiation of(CompressionPreference preference, ContentCoding coding) {
    return switch (preference) {
      case NONE -> NONE;
      case SERVER_DECIDES -> SERVER_DECIDES[coding.ordinal()];
      case COMPRESS -> COMPRESS[coding.ordinal()];
    };
  }

  private static Negotiation[] all(CompressionPreference preference) {
    ContentCoding[] codings = ContentCoding.values();
    Negotiation[] result = new Negotiation[codings.length];
    for (ContentCoding coding : codings) {
      result[coding.ordinal()] = new Negotiation(preference, coding);
    }
    return result;
  }
}
