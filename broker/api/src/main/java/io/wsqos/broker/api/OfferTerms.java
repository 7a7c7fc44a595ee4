package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.Currency;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * What a provider guarantees for calls to one endpoint, in the terms of core's WS-QoS vocabulary
 * ({@link QosTerms}): a requirement's bounds are met by an offer when its price is at most the
 * requirement's {@code maxPrice}, its response time at most {@code maxResponseTimeMillis}, its
 * availability at least {@code minAvailability}, it offers the requirement's transport priority
 * class, and it supports compression if the requirement says {@link
 * CompressionPreference#COMPRESS}. The broker compares prices only within one currency.
 *
 * @param price per call, {@code >= 0}, with the digits {@link QosTerms} allows a price; stored
 *     without trailing zeros, so {@code 0.50} equals {@code 0.5}
 * @param currency the ISO 4217 currency of {@code price}
 * @param maxResponseTimeMillis the response time guaranteed, {@code 1..}{@value
 *     QosTerms#MAX_RESPONSE_TIME_MILLIS}
 * @param availability the fraction of calls guaranteed to succeed, {@code 0..1}
 * @param throughputPerSecond the calls per second the endpoint sustains at these terms, {@code > 0}
 *     and at most {@value #MAX_THROUGHPUT_PER_SECOND}
 * @param transportPriorities the transport priority classes offered, at least one; an unmodifiable
 *     copy, iterated in the order of {@link TransportPriority}
 * @param compression whether responses can be compressed
 * @param validFrom the first instant the offer holds, from {@link #EARLIEST} to {@link #LATEST},
 *     kept to the millisecond
 * @param validUntil the first instant it no longer holds, after {@code validFrom} and at most
 *     {@link #LATEST}, kept to the millisecond; empty for no end
 */
public record OfferTerms(
    BigDecimal price,
    Currency currency,
    long maxResponseTimeMillis,
    double availability,
    double throughputPerSecond,
    Set<TransportPriority> transportPriorities,
    boolean compression,
    Instant validFrom,
    Optional<Instant> validUntil) {

  /** The largest throughput an offer may state. */
  public static final double MAX_THROUGHPUT_PER_SECOND = 1e9;

  /** The earliest instant of a validity period: the epoch. */
  public static final Instant EARLIEST = Instant.EPOCH;

  /** The latest instant of a validity period: the end of the year 9999. */
  public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

  /** Checks every term; see the class Javadoc for the ranges. */
  public OfferTerms {
    price = checkPrice(price);
    requireNonNull(currency, "currency");
    Checks.inRange(
        "maxResponseTimeMillis", maxResponseTimeMillis, 1, QosTerms.MAX_RESPONSE_TIME_MILLIS);
    if (!(availability >= 0 && availability <= 1)) { // also refuses NaN
      throw new InvalidValueException("availability", Double.toString(availability), "0..1");
    }
    if (availability == 0) {
      availability = 0.0; // -0.0: one zero only, for equals()
    }
    if (!(throughputPerSecond > 0 && throughputPerSecond <= MAX_THROUGHPUT_PER_SECOND)) {
      throw new InvalidValueException(
          "throughputPerSecond",
          Double.toString(throughputPerSecond),
          "> 0 and <= " + MAX_THROUGHPUT_PER_SECOND);
    }
    requireNonNull(transportPriorities, "transportPriorities");
    if (transportPriorities.isEmpty()) {
      throw new InvalidValueException("transportPriorities", "[]", "at least one class");
    }
    transportPriorities.forEach(p -> requireNonNull(p, "transportPriority"));
    transportPriorities = Collections.unmodifiableSet(EnumSet.copyOf(transportPriorities));
    validFrom = checkInstant("validFrom", validFrom);
    requireNonNull(validUntil, "validUntil");
    if (validUntil.isPresent()) {
      Instant until = checkInstant("validUntil", validUntil.get());
      if (!until.isAfter(validFrom)) {
        throw new InvalidValueException(
            "validUntil", until.toString(), "after validFrom " + validFrom);
      }
      validUntil = Optional.of(until);
    }
  }

  /** Returns a builder; see {@link Builder} for its defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Whether the offer holds at {@code instant}: from {@code validFrom}, before {@code validUntil}.
   * Allocates nothing, so that a selection can ask it of every offer.
   */
  public boolean isValidAt(Instant instant) {
    return !instant.isBefore(validFrom)
        && (validUntil.isEmpty() || instant.isBefore(validUntil.get()));
  }

  /**
   * Whether these terms meet every hard constraint of {@code requirement} for a client paying in
   * {@code currency} (see the class Javadoc); the validity period is {@link #isValidAt(Instant)}'s.
   * Allocates nothing, so that a selection can ask it of every offer.
   */
  public boolean meets(QosRequirement requirement, Currency currency) {
    QosTerms wanted = requirement.terms();
    if (!this.currency.equals(currency)
        || !transportPriorities.contains(wanted.transportPriority())
        || (!compression && requirement.compression() == CompressionPreference.COMPRESS)) {
      return false;
    }
    Optional<BigDecimal> maxPrice = wanted.maxPrice();
    if (maxPrice.isPresent() && price.compareTo(maxPrice.get()) > 0) {
      return false;
    }
    if (wanted.maxResponseTimeMillis().isPresent()
        && maxResponseTimeMillis > wanted.maxResponseTimeMillis().getAsLong()) {
      return false;
    }
    return wanted.minAvailability().isEmpty()
        || availability >= wanted.minAvailability().getAsDouble();
  }

  private static BigDecimal checkPrice(BigDecimal price) {
    requireNonNull(price, "price");
    if (price.signum() < 0) {
      throw new InvalidValueException("price", Checks.shown(price), ">= 0");
    }
    try {
      // The same digits as a requirement's maxPrice, so that any offer's price can be asked for.
      return QosTerms.builder().maxPrice(price).build().maxPrice().orElseThrow();
    } catch (InvalidValueException e) {
      throw new InvalidValueException(
          "price",
          Checks.shown(price),
          "at most "
              + QosTerms.MAX_PRICE_INTEGER_DIGITS
              + " integer and "
              + QosTerms.MAX_PRICE_FRACTION_DIGITS
              + " fraction digits",
          e);
    }
  }

  private static Instant checkInstant(String field, Instant instant) {
    requireNonNull(instant, field);
    if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
      throw new InvalidValueException(field, instant.toString(), EARLIEST + ".." + LATEST);
    }
    return instant.truncatedTo(ChronoUnit.MILLIS);
  }

  /**
   * Builds {@link OfferTerms}. Price, currency, response time, availability and throughput have no
   * default and must be set; the transport priorities default to {@link
   * TransportPriority#BEST_EFFORT} only, compression to unsupported, the validity period to from
   * {@link #EARLIEST} with no end.
   */
  public static final class Builder {
    private BigDecimal price;
    private Currency currency;
    private Long maxResponseTimeMillis;
    private Double availability;
    private Double throughputPerSecond;
    private Set<TransportPriority> transportPriorities = Set.of(TransportPriority.BEST_EFFORT);
    private boolean compression;
    private Instant validFrom = EARLIEST;
    private Optional<Instant> validUntil = Optional.empty();

    private Builder() {}

    /** The price per call in {@code currency}. */
    public Builder price(BigDecimal price, Currency currency) {
      this.price = requireNonNull(price, "price");
      this.currency = requireNonNull(currency, "currency");
      return this;
    }

    /** The price per call, e.g. {@code ("0.10", "EUR")}. */
    public Builder price(String price, String currencyCode) {
      requireNonNull(price, "price");
      requireNonNull(currencyCode, "currency");
      return price(Checks.decimal("price", price), currency(currencyCode));
    }

    /** The response time guaranteed, in milliseconds. */
    public Builder maxResponseTimeMillis(long maxResponseTimeMillis) {
      this.maxResponseTimeMillis = maxResponseTimeMillis;
      return this;
    }

    /** The fraction of calls guaranteed to succeed. */
    public Builder availability(double availability) {
      this.availability = availability;
      return this;
    }

    /** The calls per second sustained. */
    public Builder throughputPerSecond(double throughputPerSecond) {
      this.throughputPerSecond = throughputPerSecond;
      return this;
    }

    /** The transport priority classes offered. */
    public Builder transportPriorities(Set<TransportPriority> transportPriorities) {
      this.transportPriorities = requireNonNull(transportPriorities, "transportPriorities");
      return this;
    }

    /** The transport priority classes offered. */
    public Builder transportPriorities(TransportPriority first, TransportPriority... more) {
      Set<TransportPriority> all = EnumSet.of(requireNonNull(first, "transportPriority"), more);
      return transportPriorities(all);
    }

    /** Whether responses can be compressed. */
    public Builder compression(boolean compression) {
      this.compression = compression;
      return this;
    }

    /** The validity period: from {@code validFrom}, with no end. */
    public Builder validFrom(Instant validFrom) {
      this.validFrom = requireNonNull(validFrom, "validFrom");
      return this;
    }

    /** The end of the validity period (exclusive). */
    public Builder validUntil(Instant validUntil) {
      this.validUntil = Optional.of(requireNonNull(validUntil, "validUntil"));
      return this;
    }

    /**
     * Returns the terms.
     *
     * @throws InvalidValueException naming the first term missing or out of range
     */
    public OfferTerms build() {
      return new OfferTerms(
          required("price", price),
          currency,
          required("maxResponseTimeMillis", maxResponseTimeMillis),
          required("availability", availability),
          required("throughputPerSecond", throughputPerSecond),
          transportPriorities,
          compression,
          validFrom,
          validUntil);
    }

    private static <T> T required(String field, T value) {
      if (value == null) {
        throw new InvalidValueException(field, "not set", "a value");
      }
      return value;
    }
  }

  /**
   * The currency of ISO 4217 code {@code code}, e.g. {@code EUR}.
   *
   * @throws InvalidValueException naming the code when it is not an ISO 4217 currency
   */
  public static Currency currency(String code) {
    requireNonNull(code, "currency");
    try {
      return Currency.getInstance(code);
    } catch (IllegalArgumentException e) {
      throw new InvalidValueException(
          "currency", Checks.shown(code), "an ISO 4217 code such as EUR", e);
    }
  }
}
