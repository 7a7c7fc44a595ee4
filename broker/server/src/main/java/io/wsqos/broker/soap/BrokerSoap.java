package io.wsqos.broker.soap;

import io.wsqos.broker.service.BrokerService;

/**
 * Mounts the broker's SOAP API. With the project's embedded server:
 *
 * <pre>{@code
 * EmbeddedServer.builder()
 *     .endpoint(BrokerSoap.PATH, BrokerPort.class, BrokerSoap.endpoint(service))
 *     .start();   // WSDL at <address>/soap?wsdl
 * }</pre>
 *
 * <p>The endpoint carries its own CXF configuration (the WS-QoS header feature on {@link
 * BrokerPort}, the 503 status of {@link BrokerUnavailableFault}), so it needs no features or
 * customizer where it is published.
 */
public final class BrokerSoap {

  /** The XML namespace of the API's operations, types and faults. */
  public static final String NAMESPACE = "http://wsqos.io/broker";

  /** The path the API is served at; its WSDL is at {@code PATH?wsdl}. */
  public static final String PATH = "/soap";

  private BrokerSoap() {}

  /**
   * The JAX-WS implementor of {@link BrokerPort} over {@code service}, for any number of requests
   * at once.
   */
  public static BrokerPort endpoint(BrokerService service) {
    return new BrokerEndpoint(service);
  }
}
