package io.wsqos.binding;

/**
 * The service failed with an exception its interface does not declare. Every binding reports such a
 * failure as this exception with the service's message, so that a caller sees the same thing
 * whichever binding was chosen; declared (checked) exceptions arrive as themselves.
 */
public final class ServiceFailureException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A failure with the service's {@code message}. */
  public ServiceFailureException(String message) {
    super(message);
  }
}
