package io.wsqos.broker.app;

import io.wsqos.broker.service.BrokerService;
import io.wsqos.server.EmbeddedServer;

/**
 * The one place where the broker's APIs are mounted on its server: REST (JSON) under {@value
 * #REST_PATH} with its OpenAPI description at {@value #OPENAPI_PATH}, and SOAP at {@value
 * #SOAP_PATH} (WSDL at {@code /soap?wsdl}). Both go through the same {@link BrokerService}.
 */
final class BrokerApis {

  /** The base path of the REST API. */
  static final String REST_PATH = "/api";

  /** The OpenAPI description of the REST API. */
  static final String OPENAPI_PATH = "/api/openapi.json";

  /** The SOAP endpoint; its WSDL is at {@code /soap?wsdl}. */
  static final String SOAP_PATH = "/soap";

  private BrokerApis() {}

  /** Mounts the REST and SOAP APIs over {@code service} on {@code server}. */
  static void mount(EmbeddedServer.Builder server, BrokerService service) {
    // REST: io.wsqos.broker.rest (branch brest) is mounted here once merged.
    // SOAP: io.wsqos.broker.soap (branch bsoap) is mounted here once merged.
  }
}
