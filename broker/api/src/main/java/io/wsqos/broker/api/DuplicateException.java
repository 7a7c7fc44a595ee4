package io.wsqos.broker.api;

/**
 * The write would make a second row where the registry allows one: a provider's name, a service's
 * port type, an endpoint's address for its service.
 */
public final class DuplicateException extends BrokerException {

  private static final long serialVersionUID = 1L;

  /** {@code what} (e.g. {@code provider name 'Acme'}) is already registered. */
  public DuplicateException(String what, Throwable cause) {
    super(what + " is already registered", cause);
  }
}
