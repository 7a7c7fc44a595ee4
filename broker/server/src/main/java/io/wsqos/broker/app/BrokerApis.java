package io.wsqos.broker.app;

import io.wsqos.broker.rest.BrokerRest;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.soap.BrokerPort;
import io.wsqos.broker.soap.BrokerSoap;
import io.wsqos.server.CxfMounts;
import io.wsqos.server.ReadinessServlet;

/**
 * The one place where the broker's APIs are mounted, for the executable jar and the WAR alike: REST
 * (JSON) under {@value #REST_PATH} with its OpenAPI description at {@value #OPENAPI_PATH}, SOAP at
 * {@value #SOAP_PATH} (WSDL at {@code /soap?wsdl}), both through the same {@link BrokerService},
 * the Prometheus metrics at {@value #METRICS_PATH} and the readiness check at {@value #READY_PATH}.
 * The paths are relative to where the application is served (the root of the jar's server, the
 * WAR's context path).
 */
public final class BrokerApis {

  /** The base path of the REST API. */
  public static final String REST_PATH = BrokerRest.PATH;

  /** The OpenAPI description of the REST API. */
  public static final String OPENAPI_PATH = BrokerRest.PATH + "/openapi.json";

  /** The SOAP endpoint; its WSDL is at {@code /soap?wsdl}. */
  public static final String SOAP_PATH = BrokerSoap.PATH;

  /** The metrics in Prometheus' text format. */
  public static final String METRICS_PATH = "/metrics";

  /** The readiness check: 200 while the registry's database answers, else 503. */
  public static final String READY_PATH = ReadinessServlet.PATH;

  private BrokerApis() {}

  /** The REST and SOAP APIs over {@code service}, to serve at the root of a CXF servlet. */
  public static CxfMounts mounts(BrokerService service) {
    BrokerRest rest = BrokerRest.of(service);
    return CxfMounts.builder()
        .jaxrs(REST_PATH, rest.resources(), rest.providers())
        .endpoint(SOAP_PATH, BrokerPort.class, BrokerSoap.endpoint(service))
        .build();
  }
}
