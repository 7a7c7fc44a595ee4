package io.wsqos.broker.registry;

/**
 * A condition on the provider a write is for (the provider written, or the one whose endpoint or
 * offer is written): it throws to refuse the write, which then writes nothing. Every write of a
 * provider's rows takes one; {@link #ANY} where the caller has nothing to check.
 */
@FunctionalInterface
public interface ProviderCheck {

  /** Every provider passes. */
  ProviderCheck ANY = providerId -> {};

  /** Returns if provider {@code providerId} may make the write; throws otherwise. */
  void check(long providerId);
}
