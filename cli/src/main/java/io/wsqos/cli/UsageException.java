package io.wsqos.cli;

/**
 * A command line that does not match its {@link Options}: an unknown option, a missing value or a
 * value of the wrong kind. The message names the option, the value given and what was expected, for
 * example {@code --port: -1 (expected: 0..65535)}.
 */
public final class UsageException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** An exception with {@code message}, which names the option, the value and what was expected. */
  public UsageException(String message) {
    super(message);
  }
}
