package io.wsqos.broker.api;

/**
 * The broker holds as many watches as it allows, so it took no new one (a REST caller gets HTTP 429
 * with a {@code Retry-After}). A plain selection still answers; the caller may watch again later.
 */
public final class TooManyWatchesException extends BrokerException {

  private static final long serialVersionUID = 1L;

  private final int limit;

  /** The broker's limit on watches held at once. */
  public TooManyWatchesException(int limit) {
    super("too many watches: the broker holds at most " + limit, null);
    this.limit = limit;
  }

  /** The broker's limit on watches held at once. */
  public int limit() {
    return limit;
  }
}
