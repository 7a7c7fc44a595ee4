package io.wsqos.broker.selection;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.registry.RegistrySnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;

/**
 * An immutable view of a registry snapshot for selections: per service port type and currency, the
 * offers ranked by the policy, with the ties marked. Built off the request path; never changed.
 */
final class OfferIndex {

  /** One service's offers in one currency, best first. */
  static final class Ranked {
    final Currency currency;
    final Candidate[] candidates;
    final OfferTerms[] terms;

    /** Offers with the same group number are ties; groups are consecutive. */
    final int[] group;

    Ranked(Currency currency, List<Candidate> sorted, SelectionPolicy policy) {
      this.currency = currency;
      this.candidates = sorted.toArray(new Candidate[0]);
      this.terms = new OfferTerms[candidates.length];
      this.group = new int[candidates.length];
      for (int i = 0; i < candidates.length; i++) {
        terms[i] = candidates[i].offer().terms();
        group[i] =
            i == 0
                ? 0
                : policy.compare(terms[i - 1], terms[i]) == 0 ? group[i - 1] : group[i - 1] + 1;
      }
    }
  }

  static final OfferIndex EMPTY = new OfferIndex(-1, Map.of(), 0);

  final long version;
  final int offers;
  private final Map<QName, Ranked[]> byService;

  private OfferIndex(long version, Map<QName, Ranked[]> byService, int offers) {
    this.version = version;
    this.byService = byService;
    this.offers = offers;
  }

  /** The index of {@code snapshot}, ranked by {@code policy} (ties in offer id order). */
  static OfferIndex of(RegistrySnapshot snapshot, SelectionPolicy policy) {
    Map<QName, Map<Currency, List<Candidate>>> grouped = new HashMap<>();
    for (Candidate candidate : snapshot.candidates()) {
      grouped
          .computeIfAbsent(candidate.service().portType(), k -> new HashMap<>())
          .computeIfAbsent(candidate.offer().terms().currency(), k -> new ArrayList<>())
          .add(candidate);
    }
    Comparator<Candidate> ranking = (a, b) -> policy.compare(a.offer().terms(), b.offer().terms());
    Map<QName, Ranked[]> byService = new HashMap<>();
    grouped.forEach(
        (service, byCurrency) -> {
          List<Ranked> ranked = new ArrayList<>();
          byCurrency.forEach(
              (currency, candidates) -> {
                // A stable sort of offers in id order: ties stay in id order.
                candidates.sort(ranking);
                ranked.add(new Ranked(currency, candidates, policy));
              });
          byService.put(service, ranked.toArray(new Ranked[0]));
        });
    return new OfferIndex(snapshot.version(), byService, snapshot.candidates().size());
  }

  /** The offers for {@code service} priced in {@code currency}, or null if there are none. */
  Ranked offers(QName service, Currency currency) {
    Ranked[] ranked = byService.get(service);
    if (ranked != null) {
      for (Ranked r : ranked) {
        if (r.currency == currency) { // one Currency instance per code
          return r;
        }
      }
    }
    return null;
  }
}
