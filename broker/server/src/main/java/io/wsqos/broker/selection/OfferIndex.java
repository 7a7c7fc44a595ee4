package io.wsqos.broker.selection;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.registry.RegistryChanges;
import io.wsqos.broker.registry.RegistrySnapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * An immutable view of a registry snapshot for selections: per service port type and currency, the
 * offers ranked by the policy, with the ties marked. Built off the request path, whole or as a
 * patch of the previous index; never changed.
 */
final class OfferIndex {

  /** One service's offers in one currency, best first. */
  static final class Ranked {
    final Currency currency;
    final Candidate[] candidates;
    final OfferTerms[] terms;

    /** Offers with the same group number are ties; groups are consecutive. */
    final int[] group;

    /**
     * Until when (epoch milliseconds) each offer is flagged by its measurements; 0 for an offer
     * that is not.
     */
    final long[] flaggedUntil;

    Ranked(Currency currency, List<Candidate> sorted, SelectionPolicy policy) {
      this.currency = currency;
      this.candidates = sorted.toArray(new Candidate[0]);
      this.terms = new OfferTerms[candidates.length];
      this.group = new int[candidates.length];
      this.flaggedUntil = new long[candidates.length];
      for (int i = 0; i < candidates.length; i++) {
        terms[i] = candidates[i].offer().terms();
        flaggedUntil[i] =
            candidates[i]
                .measured()
                .filter(MeasuredQos::flagged)
                .map(m -> m.expiresAt().toEpochMilli())
                .orElse(0L);
        group[i] =
            i == 0
                ? 0
                : policy.compare(terms[i - 1], terms[i]) == 0 ? group[i - 1] : group[i - 1] + 1;
      }
    }
  }

  static final OfferIndex EMPTY = new OfferIndex(-1, -1, Map.of(), Map.of(), 0);

  final long version;

  /** The registry version of the last change to a provider's token. */
  final long tokensVersion;

  final int offers;
  private final Map<QName, Ranked[]> byService;

  /** The port type of each service id in {@link #byService}. */
  private final Map<Long, QName> portTypes;

  private OfferIndex(
      long version,
      long tokensVersion,
      Map<QName, Ranked[]> byService,
      Map<Long, QName> portTypes,
      int offers) {
    this.version = version;
    this.tokensVersion = tokensVersion;
    this.byService = byService;
    this.portTypes = portTypes;
    this.offers = offers;
  }

  /** The index of {@code snapshot}, ranked by {@code policy} (ties in offer id order). */
  static OfferIndex of(RegistrySnapshot snapshot, SelectionPolicy policy) {
    Map<QName, Ranked[]> byService = new HashMap<>();
    Map<Long, QName> portTypes = new HashMap<>();
    rank(snapshot.candidates(), policy, byService, portTypes);
    return new OfferIndex(
        snapshot.version(),
        snapshot.tokensVersion(),
        byService,
        portTypes,
        snapshot.candidates().size());
  }

  /**
   * This index with what {@code changes} says changed: the services it names whole ranked again
   * from their offers now, and in the other services the changed offers taken out and their current
   * versions merged in; the other services' ranked offers are shared, not copied. Equal to the
   * index of a whole snapshot at {@code changes.version()} when this index is at a version the
   * changes are since.
   */
  OfferIndex patch(RegistryChanges changes, SelectionPolicy policy) {
    Map<QName, Ranked[]> byService = new HashMap<>(this.byService);
    Map<Long, QName> portTypes = new HashMap<>(this.portTypes);
    int count = offers;
    // All removed before any is added back: a port type withdrawn and registered again comes back
    // under another service id.
    for (Long service : changes.services()) {
      QName portType = portTypes.remove(service);
      Ranked[] removed = portType == null ? null : byService.remove(portType);
      if (removed != null) {
        for (Ranked r : removed) {
          count -= r.candidates.length;
        }
      }
    }
    List<Candidate> whole = new ArrayList<>();
    Map<Long, List<Candidate>> added = new HashMap<>();
    for (Candidate candidate : changes.candidates()) {
      long service = candidate.service().id();
      if (changes.services().contains(service)) {
        whole.add(candidate);
      } else {
        added.computeIfAbsent(service, k -> new ArrayList<>()).add(candidate);
        portTypes.putIfAbsent(service, candidate.service().portType());
      }
    }
    rank(whole, policy, byService, portTypes);
    count += whole.size();
    for (Map.Entry<Long, Set<Long>> changed : changes.offers().entrySet()) {
      QName portType = portTypes.get(changed.getKey());
      if (portType == null) {
        continue; // offers that came and went: nothing was or is indexed
      }
      Map<Currency, List<Candidate>> merged = new HashMap<>();
      Ranked[] before = byService.getOrDefault(portType, new Ranked[0]);
      for (Ranked r : before) {
        List<Candidate> kept = new ArrayList<>(r.candidates.length);
        for (Candidate c : r.candidates) {
          if (!changed.getValue().contains(c.offer().id())) {
            kept.add(c);
          }
        }
        count -= r.candidates.length - kept.size();
        merged.put(r.currency, kept);
      }
      List<Candidate> now = added.getOrDefault(changed.getKey(), List.of());
      count += now.size();
      Comparator<Candidate> order = ranking(policy).thenComparingLong(c -> c.offer().id());
      for (Candidate c : now) {
        List<Candidate> list =
            merged.computeIfAbsent(c.offer().terms().currency(), k -> new ArrayList<>());
        // Kept in the order of a whole load: by the policy, ties in offer id order.
        int at = Collections.binarySearch(list, c, order);
        list.add(at < 0 ? -at - 1 : at, c);
      }
      List<Ranked> ranked = new ArrayList<>();
      merged.forEach(
          (currency, list) -> {
            if (!list.isEmpty()) {
              ranked.add(new Ranked(currency, list, policy));
            }
          });
      if (ranked.isEmpty()) {
        byService.remove(portType);
        portTypes.remove(changed.getKey());
      } else {
        byService.put(portType, ranked.toArray(new Ranked[0]));
      }
    }
    return new OfferIndex(changes.version(), changes.tokensVersion(), byService, portTypes, count);
  }

  private static Comparator<Candidate> ranking(SelectionPolicy policy) {
    return (a, b) -> policy.compare(a.offer().terms(), b.offer().terms());
  }

  /** Ranks {@code candidates} per service and currency into the two maps. */
  private static void rank(
      List<Candidate> candidates,
      SelectionPolicy policy,
      Map<QName, Ranked[]> byService,
      Map<Long, QName> portTypes) {
    Map<QName, Map<Currency, List<Candidate>>> grouped = new HashMap<>();
    for (Candidate candidate : candidates) {
      portTypes.put(candidate.service().id(), candidate.service().portType());
      grouped
          .computeIfAbsent(candidate.service().portType(), k -> new HashMap<>())
          .computeIfAbsent(candidate.offer().terms().currency(), k -> new ArrayList<>())
          .add(candidate);
    }
    Comparator<Candidate> ranking = ranking(policy);
    grouped.forEach(
        (service, byCurrency) -> {
          List<Ranked> ranked = new ArrayList<>();
          byCurrency.forEach(
              (currency, list) -> {
                // A stable sort of offers in id order: ties stay in id order.
                list.sort(ranking);
                ranked.add(new Ranked(currency, list, policy));
              });
          byService.put(service, ranked.toArray(new Ranked[0]));
        });
  }

  /** Every offer in this index, by service and currency, best first within each. */
  List<Candidate> candidates() {
    List<Candidate> all = new ArrayList<>(offers);
    for (Ranked[] service : byService.values()) {
      for (Ranked ranked : service) {
        all.addAll(Arrays.asList(ranked.candidates));
      }
    }
    return Collections.unmodifiableList(all);
  }

  /** How many offers are flagged by their measurements at {@code now} (epoch milliseconds). */
  int flaggedAt(long now) {
    int flagged = 0;
    for (Ranked[] service : byService.values()) {
      for (Ranked ranked : service) {
        for (long until : ranked.flaggedUntil) {
          if (until > now) {
            flagged++;
          }
        }
      }
    }
    return flagged;
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
