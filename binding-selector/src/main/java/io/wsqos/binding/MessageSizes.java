package io.wsqos.binding;

/**
 * Estimated bytes of one call on the wire, request and response, for SOAP (HTTP headers, envelope,
 * tags, text) and RMI (JRMP headers, Java serialization).
 */
public record MessageSizes(
    double soapRequest, double soapResponse, double rmiRequest, double rmiResponse) {

  /** SOAP request plus response. */
  public double soap() {
    return soapRequest + soapResponse;
  }

  /** RMI request plus response. */
  public double rmi() {
    return rmiRequest + rmiResponse;
  }
}
