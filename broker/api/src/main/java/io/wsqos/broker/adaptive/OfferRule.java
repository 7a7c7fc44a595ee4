package io.wsqos.broker.adaptive;

import io.wsqos.broker.api.OfferTerms;

/**
 * How a provider's offer follows its load: given the terms in the broker and the load averaged over
 * the probe's window, the terms to publish next. {@link AdaptiveOffer} asks it once per period.
 * Implementations are pure functions of their arguments, so that a constant load gives a
 * predictable path.
 */
@FunctionalInterface
public interface OfferRule {

  /**
   * The terms to publish at {@code averageLoad} (0..1), or {@code current} itself when nothing
   * should change.
   */
  OfferTerms apply(OfferTerms current, double averageLoad);

  /**
   * The first seed text's rule (section 7.4): the price one step of 0.10 up when the average load
   * reaches 80%, one step down when it falls to 70%, never below 0.
   */
  static OfferRule seed() {
    return LoadThresholdRule.builder(LoadThresholdRule.Term.PRICE).build();
  }

  /** This rule, then {@code next} on what this one returned. */
  default OfferRule andThen(OfferRule next) {
    java.util.Objects.requireNonNull(next, "next");
    return (current, load) -> next.apply(apply(current, load), load);
  }
}
