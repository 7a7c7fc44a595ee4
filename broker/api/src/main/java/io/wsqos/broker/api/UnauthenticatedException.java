package io.wsqos.broker.api;

/**
 * The call needs credentials and came without any, or with a token the broker does not know (a REST
 * caller gets HTTP 401). The message never repeats the token.
 */
public final class UnauthenticatedException extends BrokerException {

  private static final long serialVersionUID = 1L;

  /** Why the caller is not authenticated, e.g. {@code no token}. */
  public UnauthenticatedException(String why) {
    super("not authenticated: " + why, null);
  }
}
