package io.wsqos.monitor.reconfiguration;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Tells whether an endpoint that the rerouting left is fit to serve again. Called on the
 * rerouting's probe thread, never on a request thread, for each endpoint that is not {@link
 * EndpointHealth#HEALTHY}; it may block up to its own timeout. An exception counts as unhealthy.
 *
 * <p>The probe must see the degradation that made the client leave: {@link #wsdl(Duration)} only
 * sees whether the endpoint answers at all (a provider whose implementation is slow still serves
 * its WSDL quickly), while {@link #soapRequest(String, Duration)} sends a cheap request through the
 * service itself and so also sees a slow provider.
 */
@FunctionalInterface
public interface EndpointProbe {

  /** Largest probe timeout the factories accept. */
  Duration MAX_TIMEOUT = Duration.ofMinutes(1);

  /**
   * Returns true when {@code endpoint} may be used again.
   *
   * @throws Exception on any failure, which counts as unhealthy
   */
  boolean isHealthy(String endpoint) throws Exception;

  /**
   * Healthy when {@code GET endpoint?wsdl} answers 200 within {@code timeout}: the endpoint is up.
   *
   * @throws IllegalArgumentException if {@code timeout} is not in (0, {@link #MAX_TIMEOUT}]
   */
  static EndpointProbe wsdl(Duration timeout) {
    int millis = timeoutMillis(timeout);
    return endpoint -> HttpProbes.answersOk(endpoint + "?wsdl", null, millis);
  }

  /**
   * Healthy when POSTing {@code envelope} (a SOAP 1.1 request, e.g. a call of a cheap operation) to
   * the endpoint answers 200 within {@code timeout}: the endpoint is up and its service answers in
   * time. A SOAP fault (500) counts as unhealthy, so choose a request that succeeds.
   *
   * @throws IllegalArgumentException if {@code envelope} is blank or {@code timeout} is not in (0,
   *     {@link #MAX_TIMEOUT}]
   */
  static EndpointProbe soapRequest(String envelope, Duration timeout) {
    requireNonNull(envelope, "envelope");
    if (envelope.isBlank()) {
      throw new IllegalArgumentException("envelope: '' (expected: a SOAP envelope)");
    }
    int millis = timeoutMillis(timeout);
    byte[] body = envelope.getBytes(UTF_8);
    return endpoint -> HttpProbes.answersOk(endpoint, body, millis);
  }

  private static int timeoutMillis(Duration timeout) {
    requireNonNull(timeout, "timeout");
    if (timeout.toMillis() < 1 || timeout.compareTo(MAX_TIMEOUT) > 0) {
      throw new IllegalArgumentException(
          "timeout: "
              + timeout.toMillis()
              + " ms (expected: 1.."
              + MAX_TIMEOUT.toMillis()
              + " ms)");
    }
    return (int) timeout.toMillis();
  }
}
