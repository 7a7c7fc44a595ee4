package io.wsqos.broker.app;

import io.wsqos.broker.rest.BrokerRest;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.soap.BrokerPort;
import io.wsqos.broker.soap.BrokerSoap;
import io.wsqos.server.EmbeddedServer;

/**
 * The one place where the broker's APIs are mounted on its server: REST (JSON) under {@value
 * #REST_PATH} with its OpenAPI description at {@value #OPENAPI_PATH}, and SOAP at {@value
 * #SOAP_PATH} (WSDL at {@code /soap?wsdl}). Both go through the same {@link BrokerService}.
 */
final class BrokerApis {

  /** The base path of the REST API. */
  static final String REST_PATH = BrokerRest.PATH;

  /** The OpenAPI description of the REST API. */
  static final String OPENAPI_PATH = BrokerRest.PATH + "/openapi.json";

  /** The SOAP endpoint; its WSDL is at {@code /soap?wsdl}. */
  static final String SOAP_PATH = BrokerSoap.PATH;

  private BrokerApis() {}

  /** Mounts the REST and SOAP APIs over {@code service} on {@code server}. */
  static void mount(EmbeddedServer.Builder server, BrokerService service) {
    BrokerRest rest = BrokerRest.of(service);
    server.jaxrs(REST_PATH, rest.resources(), rest.providers());
    server.endpoint(SOAP_PATH, BrokerPort.class, BrokerSoap.endpoint(service));
  }
}
