package io.wsqos.broker.soap;

import static java.util.Objects.requireNonNull;

import jakarta.xml.ws.WebFault;

/**
 * The registry's database cannot take the request now; nothing was written and the same request may
 * succeed later ({@link FaultDetail#retry}). Sent as a {@code soap:Server} fault with HTTP status
 * 503. Selections are answered from memory and never end in this fault.
 */
@WebFault(name = "unavailableFault", targetNamespace = BrokerSoap.NAMESPACE)
public final class BrokerUnavailableFault extends Exception {

  private static final long serialVersionUID = 1L;

  private final FaultDetail faultInfo;

  /** The JAX-WS fault constructor, also used by clients to rebuild the fault. */
  public BrokerUnavailableFault(String message, FaultDetail faultInfo) {
    super(message);
    this.faultInfo = requireNonNull(faultInfo, "faultInfo");
  }

  /** The detail carried in the fault. */
  public FaultDetail getFaultInfo() {
    return faultInfo;
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }
}
