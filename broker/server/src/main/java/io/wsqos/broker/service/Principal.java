package io.wsqos.broker.service;

/** Who a caller turned out to be once its token was checked. */
sealed interface Principal {

  Principal ADMIN = new Admin();
  Principal ANONYMOUS = new Anonymous();

  /** The holder of the admin token. */
  record Admin() implements Principal {}

  /** A caller without a token. */
  record Anonymous() implements Principal {}

  /** The holder of provider {@code id}'s token. */
  record ProviderPrincipal(long id) implements Principal {}

  /** The holder of client {@code id}'s token. */
  record ClientPrincipal(long id) implements Principal {}
}
