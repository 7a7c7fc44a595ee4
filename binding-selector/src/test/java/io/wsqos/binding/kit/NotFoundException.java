package io.wsqos.binding.kit;

import jakarta.xml.ws.WebFault;

/** The declared exception of {@link Catalog#find}, in the JAX-WS fault pattern. */
@WebFault(name = "NotFound", targetNamespace = Catalog.NAMESPACE)
public class NotFoundException extends Exception {
  private static final long serialVersionUID = 1L;

  private final NotFoundInfo faultInfo;

  public NotFoundException(String message, NotFoundInfo faultInfo) {
    super(message);
    this.faultInfo = faultInfo;
  }

  public NotFoundInfo getFaultInfo() {
    return faultInfo;
  }
}
