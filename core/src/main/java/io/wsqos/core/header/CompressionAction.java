package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import java.util.Optional;

/**
 * What the server did about compressing a response: {@link #applied(String) applied} with a codec,
 * or {@link #skipped(SkipReason) skipped} for a reason. Exactly one of the two is present.
 *
 * @param codec the content coding applied, lower case ({@code gzip}, {@code zstd}, ...): 1 to
 *     {@value #MAX_CODEC_CHARS} of {@code a-z 0-9 . + -}, starting with a letter or digit
 * @param skipReason why compression was skipped
 */
public record CompressionAction(Optional<String> codec, Optional<SkipReason> skipReason) {

  /** The longest codec name. */
  public static final int MAX_CODEC_CHARS = 32;

  /** Checks that exactly one part is present and that the codec name is well formed. */
  public CompressionAction {
    requireNonNull(codec, "codec");
    requireNonNull(skipReason, "skipReason");
    if (codec.isPresent() == skipReason.isPresent()) {
      throw new InvalidValueException(
          "codec",
          codec.orElse("absent")
              + ", skipReason: "
              + skipReason.map(SkipReason::token).orElse("absent"),
          "exactly one");
    }
    codec.ifPresent(CompressionAction::checkCodec);
  }

  /** Compression applied with {@code codec}, e.g. {@code "gzip"}. */
  public static CompressionAction applied(String codec) {
    return new CompressionAction(Optional.of(requireNonNull(codec, "codec")), Optional.empty());
  }

  /** Compression skipped for {@code reason}. */
  public static CompressionAction skipped(SkipReason reason) {
    return new CompressionAction(Optional.empty(), Optional.of(requireNonNull(reason, "reason")));
  }

  /** Whether the response was compressed. */
  public boolean isApplied() {
    return codec.isPresent();
  }

  static boolean isWellFormedCodec(String codec) {
    int length = codec.length();
    if (length == 0 || length > MAX_CODEC_CHARS) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      char c = codec.charAt(i);
      boolean alphanumeric = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
      if (!alphanumeric && (i == 0 || (c != '.' && c != '+' && c != '-'))) {
        return false;
      }
    }
    return true;
  }

  private static void checkCodec(String codec) {
    if (!isWellFormedCodec(codec)) {
      throw Checks.invalidText(
          "codec", codec, "1.." + MAX_CODEC_CHARS + " of a-z 0-9 . + -, starting with a-z or 0-9");
    }
  }
}
