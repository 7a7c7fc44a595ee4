package io.wsqos.core.admission;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.TransportPriority;

/**
 * Why a request was refused: its class, what was full, the limit at the time, and how long a client
 * should wait before it tries again. Every adapter answers it the same way: HTTP 503, {@code
 * Retry-After: }{@link #retryAfterSeconds()}, and a SOAP 1.1 fault ({@link #soapFault()}) whose
 * code is {@code soap:Server} and whose string is {@link #faultString()}.
 *
 * @param priority the request's class, after its client's entitlement
 * @param reason what refused it, e.g. {@code queue full}
 * @param limit the concurrency limit when it was refused
 * @param retryAfterSeconds at least 1
 */
public record Refusal(TransportPriority priority, String reason, int limit, int retryAfterSeconds) {

  /** The HTTP status of a refusal. */
  public static final int STATUS = 503;

  /** The media type of {@link #soapFault()}. */
  public static final String CONTENT_TYPE = "text/xml; charset=UTF-8";

  /** Every refusal's fault string starts with this. */
  public static final String FAULT_PREFIX = "Overloaded: ";

  /** Validates. */
  public Refusal {
    requireNonNull(priority, "priority");
    requireNonNull(reason, "reason");
    if (retryAfterSeconds < 1) {
      throw new IllegalArgumentException(
          "retryAfterSeconds: " + retryAfterSeconds + " (expected: >= 1)");
    }
  }

  /**
   * The fault string, e.g. {@code Overloaded: best-effort request refused (queue full) at a limit
   * of 12 requests in flight}.
   */
  public String faultString() {
    return FAULT_PREFIX
        + priority.token()
        + " request refused ("
        + reason
        + ") at a limit of "
        + limit
        + " requests in flight";
  }

  /** The SOAP 1.1 envelope of the fault, in UTF-8 ({@link #CONTENT_TYPE}). */
  public String soapFault() {
    // The string holds only tokens, digits and fixed words: nothing to escape.
    return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
        + "<soap:Fault><faultcode>soap:Server</faultcode><faultstring>"
        + faultString()
        + "</faultstring></soap:Fault></soap:Body></soap:Envelope>";
  }
}
