package io.wsqos.broker.api;

/**
 * The caller is known but may not do this, e.g. a provider changing another provider's offer (a
 * REST caller gets HTTP 403). Nothing was changed.
 */
public final class ForbiddenException extends BrokerException {

  private static final long serialVersionUID = 1L;

  /** Why the caller may not, e.g. {@code offer 3 belongs to another provider}. */
  public ForbiddenException(String why) {
    super("forbidden: " + why, null);
  }
}
