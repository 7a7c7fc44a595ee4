package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

/**
 * The binding itself failed (a connection refused or cut, a timeout, a message that could not be
 * read), not the service. A {@link BindingProxy} re-selects when it sees one; it retries the call
 * on the new binding only when {@link #beforeSend()} says the request never left.
 */
public final class BindingFailureException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final BindingKind kind;
  private final boolean beforeSend;

  /**
   * A failure of {@code kind}.
   *
   * @param beforeSend whether the request certainly did not reach the service (no connection)
   */
  public BindingFailureException(
      BindingKind kind, boolean beforeSend, String message, Throwable cause) {
    super(kind + ": " + message, cause);
    this.kind = requireNonNull(kind, "kind");
    this.beforeSend = beforeSend;
  }

  /** The binding that failed. */
  public BindingKind kind() {
    return kind;
  }

  /** Whether the request certainly did not reach the service, so a retry cannot run it twice. */
  public boolean beforeSend() {
    return beforeSend;
  }
}
