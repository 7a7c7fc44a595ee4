package io.wsqos.broker.api;

/**
 * The registry's database cannot take the write (or answer the read) now: unreachable, timed out or
 * failing. Nothing was written; the same call may succeed later. Selections go on from the broker's
 * memory meanwhile.
 */
public final class RegistryUnavailableException extends BrokerException {

  /**
   * What the broker's APIs tell a client instead of this exception's message, which carries the
   * database's and the pool's own text (hosts, tables, pool internals) for the log.
   */
  public static final String CLIENT_MESSAGE =
      "the registry's database is unavailable; nothing was written: retry later";

  private static final long serialVersionUID = 1L;

  /** The database failed while doing {@code what} (e.g. {@code publish offer}). */
  public RegistryUnavailableException(String what, Throwable cause) {
    super(
        "the registry's database is unavailable ("
            + what
            + "): "
            + (cause == null ? "no detail" : cause.getMessage()),
        cause);
  }
}
