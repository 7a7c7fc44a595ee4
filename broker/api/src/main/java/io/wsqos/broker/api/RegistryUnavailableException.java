package io.wsqos.broker.api;

import java.time.Duration;
import java.util.Optional;

/**
 * The registry's database cannot take the write (or answer the read) now: unreachable, timed out or
 * failing. Nothing was written; the same call may succeed later, no sooner than {@link
 * #retryAfter()} when the broker said when. Selections go on from the broker's memory meanwhile.
 */
public final class RegistryUnavailableException extends BrokerException {

  /**
   * What the broker's APIs tell a client instead of this exception's message, which carries the
   * database's and the pool's own text (hosts, tables, pool internals) for the log.
   */
  public static final String CLIENT_MESSAGE =
      "the registry's database is unavailable; nothing was written: retry later";

  private static final long serialVersionUID = 1L;

  private final Duration retryAfter;

  /** The database failed while doing {@code what} (e.g. {@code publish offer}). */
  public RegistryUnavailableException(String what, Throwable cause) {
    this(what, cause, null);
  }

  /**
   * The broker answered that its database failed while doing {@code what}, and to try again after
   * {@code retryAfter} (null when it did not say).
   */
  public RegistryUnavailableException(String what, Throwable cause, Duration retryAfter) {
    super(
        "the registry's database is unavailable ("
            + what
            + "): "
            + (cause == null ? "no detail" : cause.getMessage()),
        cause);
    if (retryAfter != null && retryAfter.isNegative()) {
      throw new IllegalArgumentException("retryAfter: " + retryAfter + " (expected: >= 0)");
    }
    this.retryAfter = retryAfter;
  }

  /**
   * How long the broker asked to wait before trying again (its HTTP {@code Retry-After}), when it
   * said; empty for an exception raised inside the broker.
   */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
