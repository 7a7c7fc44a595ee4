package io.wsqos.monitor;

/**
 * How an exchange ended, as the monitor that made the record saw it (or the load driver of the
 * benchmarks, which uses the same names). Stored by ordinal: a new constant goes at the end.
 */
public enum Outcome {
  /** A response that is not a fault. */
  SUCCESS,
  /** The provider (or an intermediary) answered with a SOAP fault. */
  SOAP_FAULT,
  /**
   * The connection failed after it was established (reset, closed early, broken pipe, a malformed
   * HTTP response), or another I/O error.
   */
  TRANSPORT_ERROR,
  /** No response within the client's connect or receive timeout. */
  TIMEOUT,
  /** The connection was refused: the provider was not there or not accepting. */
  REFUSED,
  /**
   * A complete HTTP response with an error status and no SOAP fault: the provider's server or an
   * intermediary refused the request (e.g. 404 for an unknown path, 503 from a proxy).
   */
  HTTP_ERROR,
  /**
   * The provider answered that it is busy (HTTP 503 with {@code Retry-After}: core's {@code
   * ProviderBusyException}), or the client held the call back during such a Retry-After. Busy, not
   * broken: it is not a transport failure, the diagnosis leaves it out of its windows, and the
   * rerouting avoids the endpoint for the Retry-After instead of leaving it.
   */
  BUSY;

  /** Whether this outcome counts as a served request for availability and throughput. */
  public boolean succeeded() {
    return this == SUCCESS;
  }
}
