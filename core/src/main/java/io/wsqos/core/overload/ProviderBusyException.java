package io.wsqos.core.overload;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.Serial;
import java.time.Duration;

/**
 * A provider answered that it is busy (HTTP 503 with {@code Retry-After}), or a client held a call
 * back because its provider said so a moment ago. A synchronous JAX-WS call that meets it fails
 * with a {@code WebServiceException} whose cause is this exception, as it does with CXF's {@code
 * HTTPException} for other error statuses; it was not resent. {@link #retryAfter()} is how long the
 * provider asked to be left alone, counted from the answer ({@link #held()} false) or what remains
 * of it ({@link #held()} true: this call was never sent).
 */
public final class ProviderBusyException extends IOException {

  @Serial private static final long serialVersionUID = 1L;

  private final String endpoint;
  private final Duration retryAfter;
  private final boolean held;

  /**
   * A busy answer from {@code endpoint} (or a call held back from it, when {@code held}) asking the
   * client to wait {@code retryAfter}.
   */
  public ProviderBusyException(String endpoint, Duration retryAfter, boolean held) {
    super(
        (held ? "Call held: " : "Busy: ")
            + requireNonNull(endpoint, "endpoint")
            + " asked to retry after "
            + requireNonNull(retryAfter, "retryAfter").toMillis()
            + " ms");
    this.endpoint = endpoint;
    this.retryAfter = retryAfter;
    this.held = held;
  }

  /** The address of the busy provider. */
  public String endpoint() {
    return endpoint;
  }

  /** How long the provider asked to be left alone (what remained of it for a held call). */
  public Duration retryAfter() {
    return retryAfter;
  }

  /** True when this call was never sent: the client held it back during a Retry-After. */
  public boolean held() {
    return held;
  }
}
