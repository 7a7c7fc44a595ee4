package io.wsqos.broker.soap;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.ClientError;
import jakarta.xml.ws.WebFault;

/**
 * The request cannot succeed as sent: invalid input, no or an unknown token, forbidden, not found,
 * duplicate or a version conflict ({@link FaultDetail#kind}). Sent as a {@code soap:Client} fault.
 */
@ClientError
@WebFault(name = "brokerFault", targetNamespace = BrokerSoap.NAMESPACE)
public final class BrokerClientFault extends Exception {

  private static final long serialVersionUID = 1L;

  private final FaultDetail faultInfo;

  /** The JAX-WS fault constructor, also used by clients to rebuild the fault. */
  public BrokerClientFault(String message, FaultDetail faultInfo) {
    super(message);
    this.faultInfo = requireNonNull(faultInfo, "faultInfo");
  }

  /** The detail carried in the fault. */
  public FaultDetail getFaultInfo() {
    return faultInfo;
  }

  // A fault is an answer, not a failure of the broker: no stack trace to fill.
  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }
}
