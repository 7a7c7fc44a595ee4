package io.wsqos.monitor.cxf;

import org.apache.cxf.message.Exchange;
import org.apache.cxf.service.Service;
import org.apache.cxf.service.model.BindingOperationInfo;

/** The service and operation names a record carries. */
final class Names {

  /** The operation of an exchange that failed before CXF knew which operation it was. */
  static final String UNKNOWN_OPERATION = "unknown";

  /** The endpoint of an exchange whose client had no address. */
  static final String UNKNOWN_ENDPOINT = "unknown";

  /** The service of an exchange without a service (never seen with JAX-WS). */
  static final String UNKNOWN_SERVICE = "unknown";

  /** Where the service keeps its name as a string, made once instead of once per record. */
  private static final String SERVICE_NAME_KEY = Names.class.getName() + ".service";

  private Names() {}

  static String service(Exchange exchange) {
    Service service = exchange.getService();
    if (service == null || service.getName() == null) {
      return UNKNOWN_SERVICE;
    }
    // QName.toString() concatenates anew on every call. The service is a concurrent map of
    // properties that lives as long as the endpoint; two threads racing store equal strings.
    if (service.get(SERVICE_NAME_KEY) instanceof String name) {
      return name;
    }
    String name = service.getName().toString();
    service.put(SERVICE_NAME_KEY, name);
    return name;
  }

  static String operation(Exchange exchange) {
    BindingOperationInfo operation = exchange.getBindingOperationInfo();
    return operation == null ? UNKNOWN_OPERATION : operation.getName().getLocalPart();
  }
}
