package io.wsqos.binding.internal;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import java.util.List;

/**
 * The calibration probe every publication serves beside the service: SOAP at the endpoint's path
 * plus {@link #SOAP_SUFFIX}, RMI as the reserved operation {@link #RMI_OPERATION} of the service's
 * own exported object, so that a probe call takes the same path as a call of the service.
 */
@WebService(targetNamespace = "http://wsqos.io/ns/binding-probe/1")
public interface Probe {

  /** Appended to the SOAP endpoint's path to give the probe's. */
  String SOAP_SUFFIX = "/probe";

  /** The operation key of the probe on the RMI object; no service operation key has a colon. */
  String RMI_OPERATION = "wsqos-probe:echo(java.util.List)";

  /** Returns {@code items}. */
  List<ProbeItem> echo(@WebParam(name = "items") List<ProbeItem> items);

  /** The probe's implementation: no state, no side effect. */
  final class Echo implements Probe {
    @Override
    public List<ProbeItem> echo(List<ProbeItem> items) {
      return items;
    }
  }
}
