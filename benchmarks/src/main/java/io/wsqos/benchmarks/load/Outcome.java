package io.wsqos.benchmarks.load;

/** How one request ended. Every issued request ends in exactly one outcome. */
public enum Outcome {
  /** A complete response with a 2xx status. */
  SUCCEEDED,
  /** A complete HTTP 500 response whose body holds a SOAP {@code Fault} element. */
  SOAP_FAULT,
  /** A complete response with any other non-2xx status (including a 500 without a SOAP fault). */
  HTTP_ERROR,
  /** The TCP connection was not established within the connect timeout. */
  CONNECT_TIMEOUT,
  /** The connection was established but no complete response came within the response timeout. */
  RESPONSE_TIMEOUT,
  /** The server refused the connection (nothing listening, or its backlog reset the SYN). */
  REFUSED,
  /**
   * Any other I/O failure: connection reset or closed before the response was complete, a malformed
   * response, or a local socket error such as running out of ephemeral ports.
   */
  IO_ERROR,
  /** Never sent: the driver's own limit of requests in flight was reached at the send time. */
  DROPPED;

  /** Whether the request failed, for whatever cause. */
  public boolean failed() {
    return this != SUCCEEDED;
  }
}
