package io.wsqos.broker.console;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.selection.IndexState;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Reads what the broker's console shows ({@link ConsoleState}): the providers and services through
 * the {@link BrokerService} (so a caller needs what any read needs), the offers and their
 * measurements from the selector's index, their prices from a {@link PriceHistory}. Read-only: the
 * console writes through the REST API.
 */
public final class Console {

  /** The most providers and the most services one state lists (one page of the registry). */
  public static final int MAX_ROWS = 1_000;

  private final BrokerService service;
  private final OfferSelector selector;
  private final PriceHistory prices;
  private final Supplier<OptionalLong> selections;
  private final Clock clock;

  /**
   * A console over {@code service} and {@code selector}, charting {@code prices} (which the
   * selector must feed as its {@linkplain OfferSelector.Builder#indexListener index listener}),
   * showing the rate of {@code selections} (the count since start, empty when not counted).
   */
  public Console(
      BrokerService service,
      OfferSelector selector,
      PriceHistory prices,
      Supplier<OptionalLong> selections,
      Clock clock) {
    this.service = requireNonNull(service, "service");
    this.selector = requireNonNull(selector, "selector");
    this.prices = requireNonNull(prices, "prices");
    this.selections = requireNonNull(selections, "selections");
    this.clock = requireNonNull(clock, "clock");
  }

  /**
   * The state as {@code caller} may read it.
   *
   * @throws io.wsqos.broker.api.UnauthenticatedException if the caller's token is unknown, or reads
   *     are closed and it has none
   * @throws io.wsqos.broker.api.ForbiddenException if reads are closed to it
   */
  public ConsoleState state(Caller caller) {
    requireNonNull(caller, "caller");
    List<Candidate> offers = selector.offers();
    IndexState index = selector.state();
    Instant now = clock.instant();
    List<Provider> providers;
    List<Service> services;
    boolean answered = true;
    boolean truncated = false;
    try {
      Page<Provider> providerPage = service.providers(caller, 0, MAX_ROWS);
      Page<Service> servicePage = service.services(caller, 0, MAX_ROWS);
      providers = providerPage.items();
      services = servicePage.items();
      truncated = providerPage.nextAfter().isPresent() || servicePage.nextAfter().isPresent();
    } catch (RegistryUnavailableException e) {
      // The index still answers: show who its offers name.
      providers = distinct(offers, c -> c.provider().id(), Candidate::provider);
      services = distinct(offers, c -> c.service().id(), Candidate::service);
      answered = false;
    }
    List<ConsoleState.OfferRow> rows = new ArrayList<>(offers.size());
    for (Candidate candidate : offers) {
      rows.add(
          new ConsoleState.OfferRow(
              candidate,
              validity(candidate, now),
              candidate.measured().map(m -> m.flaggedAt(now)).orElse(false),
              prices.of(candidate.offer().id())));
    }
    rows.sort(Comparator.comparingLong(r -> r.candidate().offer().id()));
    return new ConsoleState(
        now,
        index.registryVersion(),
        index.mayBeStale(),
        answered,
        selections.get(),
        providers,
        services,
        rows,
        truncated);
  }

  private static ConsoleState.Validity validity(Candidate candidate, Instant now) {
    OfferTerms terms = candidate.offer().terms();
    if (now.isBefore(terms.validFrom())) {
      return ConsoleState.Validity.PENDING;
    }
    return terms.isValidAt(now) ? ConsoleState.Validity.VALID : ConsoleState.Validity.EXPIRED;
  }

  private static <T> List<T> distinct(
      List<Candidate> offers, ToLongFunction<Candidate> id, Function<Candidate, T> value) {
    Map<Long, T> byId = new TreeMap<>();
    offers.forEach(c -> byId.putIfAbsent(id.applyAsLong(c), value.apply(c)));
    return List.copyOf(byId.values());
  }
}
