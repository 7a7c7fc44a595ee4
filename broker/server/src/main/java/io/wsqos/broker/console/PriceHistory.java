package io.wsqos.broker.console;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.selection.IndexListener;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The prices each offer had in this broker's offer index since the broker started, a point per
 * version of the offer the index saw (a write through any instance), at most {@link
 * #pointsPerOffer()} per offer (the oldest dropped); an offer that leaves the index leaves the
 * history. The registry keeps no past terms, so this is what the console charts: a broker started
 * later, or a version replaced before the index read it, has fewer points.
 *
 * <p>Fed by the selector one index swap at a time (one writer); read by the console from any
 * thread, from a map swapped whole.
 */
public final class PriceHistory implements IndexListener {

  /** The default number of points kept per offer. */
  public static final int DEFAULT_POINTS_PER_OFFER = 120;

  /**
   * One price an offer had.
   *
   * @param at when this broker's index first held the offer's version
   * @param price the price, in {@code currency}
   * @param currency its ISO 4217 code
   * @param offerVersion the offer's version that had it
   */
  public record Point(Instant at, BigDecimal price, String currency, long offerVersion) {

    /** Checks the fields. */
    public Point {
      requireNonNull(at, "at");
      requireNonNull(price, "price");
      requireNonNull(currency, "currency");
    }
  }

  private final Clock clock;
  private final int pointsPerOffer;
  private volatile Map<Long, List<Point>> byOffer = Map.of();

  /**
   * A history keeping at most {@code pointsPerOffer} (1 to 10,000) points per offer, timed by
   * {@code clock}.
   */
  public PriceHistory(Clock clock, int pointsPerOffer) {
    this.clock = requireNonNull(clock, "clock");
    if (pointsPerOffer < 1 || pointsPerOffer > 10_000) {
      throw new IllegalArgumentException(
          "pointsPerOffer: " + pointsPerOffer + " (expected: 1 to 10000)");
    }
    this.pointsPerOffer = pointsPerOffer;
  }

  /** A history of {@value #DEFAULT_POINTS_PER_OFFER} points per offer on the system clock. */
  public static PriceHistory ofDefaults() {
    return new PriceHistory(Clock.systemUTC(), DEFAULT_POINTS_PER_OFFER);
  }

  /** The most points kept per offer. */
  public int pointsPerOffer() {
    return pointsPerOffer;
  }

  /** The points of offer {@code offerId}, oldest first; empty for an offer not in the index. */
  public List<Point> of(long offerId) {
    return byOffer.getOrDefault(offerId, List.of());
  }

  @Override
  public void indexChanged(long version, List<Candidate> offers) {
    Instant now = clock.instant();
    Map<Long, List<Point>> before = byOffer;
    Map<Long, List<Point>> after = new HashMap<>();
    for (Candidate candidate : offers) {
      Offer offer = candidate.offer();
      List<Point> points = before.getOrDefault(offer.id(), List.of());
      if (points.isEmpty() || points.get(points.size() - 1).offerVersion() != offer.version()) {
        List<Point> longer = new ArrayList<>(points.size() + 1);
        longer.addAll(
            points.subList(Math.max(0, points.size() + 1 - pointsPerOffer), points.size()));
        longer.add(
            new Point(
                now,
                offer.terms().price(),
                offer.terms().currency().getCurrencyCode(),
                offer.version()));
        points = List.copyOf(longer);
      }
      after.put(offer.id(), points);
    }
    byOffer = Map.copyOf(after);
  }
}
