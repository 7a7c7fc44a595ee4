package io.wsqos.monitor;

/** How an exchange ended, as the monitor that made the record saw it. */
public enum Outcome {
  /** A response that is not a fault. */
  SUCCESS,
  /** The provider (or an intermediary) answered with a SOAP fault. */
  SOAP_FAULT,
  /** The connection failed after it was established (reset, broken pipe, bad HTTP). */
  TRANSPORT_ERROR,
  /** No response within the client's receive or connect timeout. */
  TIMEOUT,
  /** The connection was refused: the provider was not there or not accepting. */
  REFUSED;

  /** Whether this outcome counts as a served request for availability and throughput. */
  public boolean succeeded() {
    return this == SUCCESS;
  }
}
