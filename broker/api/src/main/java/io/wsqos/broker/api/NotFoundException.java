package io.wsqos.broker.api;

/** The provider, service, endpoint or offer named does not exist (or no longer does). */
public final class NotFoundException extends BrokerException {

  private static final long serialVersionUID = 1L;

  /** A {@code kind} (e.g. {@code offer}) with id {@code id} is not in the registry. */
  public NotFoundException(String kind, long id) {
    super(kind + " " + id + " not found", null);
  }
}
