package io.wsqos.broker.api;

import java.time.Duration;

/**
 * The caller sent more measurement reports than the broker takes from one token in a while; the
 * report was not kept (a REST caller gets HTTP 429 with a {@code Retry-After}).
 */
public final class TooManyReportsException extends BrokerException {

  private static final long serialVersionUID = 1L;

  private final transient Duration retryAfter;

  /** Refused for now; another report may be sent after {@code retryAfter}. */
  public TooManyReportsException(double perSecond, Duration retryAfter) {
    super("too many reports: the broker takes " + perSecond + " per second from one token", null);
    this.retryAfter = retryAfter;
  }

  /** How long to wait before the next report. */
  public Duration retryAfter() {
    return retryAfter;
  }
}
