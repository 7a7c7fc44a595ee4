package io.wsqos.monitor.cxf;

import org.apache.cxf.message.Exchange;
import org.apache.cxf.service.Service;
import org.apache.cxf.service.model.BindingOperationInfo;

/** The service and operation names a record carries. */
final class Names {

  /** The operation of an exchange that failed before CXF knew which operation it was. */
  static final String UNKNOWN_OPERATION = "unknown";

  /** The service of an exchange without a service (never seen with JAX-WS). */
  static final String UNKNOWN_SERVICE = "unknown";

  private Names() {}

  static String service(Exchange exchange) {
    Service service = exchange.getService();
    return service == null || service.getName() == null
        ? UNKNOWN_SERVICE
        : service.getName().toString();
  }

  static String operation(Exchange exchange) {
    BindingOperationInfo operation = exchange.getBindingOperationInfo();
    return operation == null ? UNKNOWN_OPERATION : operation.getName().getLocalPart();
  }
}
