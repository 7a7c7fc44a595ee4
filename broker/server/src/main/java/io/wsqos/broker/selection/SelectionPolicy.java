package io.wsqos.broker.selection;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.OfferTerms;

/**
 * Ranks the offers of a service that meet a client's requirement: which comes first. Offers it
 * ranks equal are ties, which the selector spreads across (see {@link TieBreaker}) so that no one
 * provider among equals takes every client.
 *
 * <p>The ranking is applied when the index is built, not per selection: {@link #compare} must be a
 * consistent ordering (as a {@link java.util.Comparator} is), and may take its time. It ranks
 * offers of one currency only, so prices compare directly.
 */
@FunctionalInterface
public interface SelectionPolicy {

  /**
   * Negative if {@code a} ranks before {@code b}, positive if after, zero if they are equally good
   * (a tie). Both offers are in the same currency.
   */
  int compare(OfferTerms a, OfferTerms b);

  /** The lower price first. */
  static SelectionPolicy cheapest() {
    return (a, b) -> a.price().compareTo(b.price());
  }

  /** The shorter guaranteed response time first. */
  static SelectionPolicy fastest() {
    return (a, b) -> Long.compare(a.maxResponseTimeMillis(), b.maxResponseTimeMillis());
  }

  /** The higher availability first. */
  static SelectionPolicy mostAvailable() {
    return (a, b) -> Double.compare(b.availability(), a.availability());
  }

  /**
   * The default: {@link #cheapest()}, then among equal prices {@link #fastest()}, then {@link
   * #mostAvailable()}; offers equal in all three are ties.
   */
  static SelectionPolicy standard() {
    return cheapest().then(fastest()).then(mostAvailable());
  }

  /** This ranking, and {@code next} among the offers this one ranks equal. */
  default SelectionPolicy then(SelectionPolicy next) {
    requireNonNull(next, "next");
    return (a, b) -> {
      int first = compare(a, b);
      return first != 0 ? first : next.compare(a, b);
    };
  }
}
