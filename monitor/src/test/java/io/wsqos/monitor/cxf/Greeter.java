package io.wsqos.monitor.cxf;

import jakarta.jws.WebService;

/** A small service for the monitor's tests. */
@WebService(targetNamespace = "http://wsqos.io/test/monitor")
public interface Greeter {

  /** Returns a greeting; {@code "fault"} makes the provider answer with a SOAP fault. */
  String greet(String name);
}
