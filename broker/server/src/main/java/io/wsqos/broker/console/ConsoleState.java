package io.wsqos.broker.console;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Service;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

/**
 * What the console shows at one instant, as {@code /console/state} writes it in JSON.
 *
 * @param at when it was read
 * @param registryVersion the registry version the offer index reflects
 * @param mayBeStale whether selections say they may be stale (the database has not confirmed the
 *     index lately)
 * @param databaseAnswered whether the providers and services were read from the database; when not,
 *     they are those of the offers in the index
 * @param selections the selections answered since the broker started, when its metrics are on (the
 *     console shows their rate)
 * @param providers the providers, in id order, at most {@link Console#MAX_ROWS}
 * @param services the services, in id order, at most {@link Console#MAX_ROWS}
 * @param offers every offer in the index with what the console adds to it
 * @param truncated whether there were more providers or services than shown
 */
public record ConsoleState(
    Instant at,
    long registryVersion,
    boolean mayBeStale,
    boolean databaseAnswered,
    OptionalLong selections,
    List<Provider> providers,
    List<Service> services,
    List<OfferRow> offers,
    boolean truncated) {

  /** Copies the lists. */
  public ConsoleState {
    providers = List.copyOf(providers);
    services = List.copyOf(services);
    offers = List.copyOf(offers);
  }

  /** Whether an offer's validity period holds {@link ConsoleState#at()}. */
  public enum Validity {
    /** Its validity period has not begun. */
    PENDING,
    /** Valid now. */
    VALID,
    /** Its validity period has ended: no longer selected. */
    EXPIRED
  }

  /**
   * One offer.
   *
   * @param candidate the offer with its provider, service, endpoint and measurements
   * @param validity where {@code at} is in its validity period
   * @param flagged whether its measurements break what it offers at {@code at} (not selected)
   * @param prices its prices over time, oldest first ({@link PriceHistory})
   */
  public record OfferRow(
      Candidate candidate, Validity validity, boolean flagged, List<PriceHistory.Point> prices) {

    /** Copies the prices. */
    public OfferRow {
      prices = List.copyOf(prices);
    }
  }
}
