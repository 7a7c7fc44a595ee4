package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * QoS terms as bounds: a transport priority class, and optionally a price at most {@code maxPrice},
 * a response time at most {@code maxResponseTimeMillis} and an availability at least {@code
 * minAvailability}. A requirement states the bounds a client accepts; an offer (the broker's)
 * states the bounds a provider guarantees, so matching compares like with like.
 *
 * @param transportPriority the DiffServ class
 * @param maxPrice a price per call, {@code >= 0}, at most {@value #MAX_PRICE_INTEGER_DIGITS}
 *     integer and {@value #MAX_PRICE_FRACTION_DIGITS} fraction digits; stored without trailing
 *     zeros, so {@code 0.50} equals {@code 0.5}
 * @param maxResponseTimeMillis {@code 1..}{@value #MAX_RESPONSE_TIME_MILLIS}
 * @param minAvailability a fraction of successful calls, {@code 0..1}
 */
public record QosTerms(
    TransportPriority transportPriority,
    Optional<BigDecimal> maxPrice,
    OptionalLong maxResponseTimeMillis,
    OptionalDouble minAvailability) {

  /** The largest response time bound: one day. */
  public static final long MAX_RESPONSE_TIME_MILLIS = 86_400_000L;

  /** The most digits before the decimal point of a price. */
  public static final int MAX_PRICE_INTEGER_DIGITS = 12;

  /** The most digits after the decimal point of a price. */
  public static final int MAX_PRICE_FRACTION_DIGITS = 6;

  /** Checks every term; see the class Javadoc for the ranges. */
  public QosTerms {
    requireNonNull(transportPriority, "transportPriority");
    requireNonNull(maxPrice, "maxPrice");
    requireNonNull(maxResponseTimeMillis, "maxResponseTimeMillis");
    requireNonNull(minAvailability, "minAvailability");
    if (maxPrice.isPresent()) {
      maxPrice = Optional.of(checkPrice(maxPrice.get()));
    }
    if (maxResponseTimeMillis.isPresent()) {
      long millis = maxResponseTimeMillis.getAsLong();
      if (millis < 1 || millis > MAX_RESPONSE_TIME_MILLIS) {
        throw new InvalidValueException(
            "maxResponseTimeMillis", Long.toString(millis), "1.." + MAX_RESPONSE_TIME_MILLIS);
      }
    }
    if (minAvailability.isPresent()) {
      double availability = minAvailability.getAsDouble();
      if (!(availability >= 0 && availability <= 1)) { // also rejects NaN
        throw new InvalidValueException("minAvailability", Double.toString(availability), "0..1");
      }
      if (availability == 0 && Double.doubleToRawLongBits(availability) != 0) {
        minAvailability = OptionalDouble.of(0.0); // -0.0: one zero only, for equals()
      }
    }
  }

  /**
   * The terms of a requirement that states none: best effort, with no bound on price, response time
   * or availability. A {@code Requirement} without {@code terms} is read as these.
   */
  public static final QosTerms BEST_EFFORT = of(TransportPriority.BEST_EFFORT);

  /** Terms with only a transport priority class. */
  public static QosTerms of(TransportPriority transportPriority) {
    return new QosTerms(
        transportPriority, Optional.empty(), OptionalLong.empty(), OptionalDouble.empty());
  }

  /**
   * Returns a builder; its transport priority defaults to {@link TransportPriority#BEST_EFFORT}.
   */
  public static Builder builder() {
    return new Builder();
  }

  private static BigDecimal checkPrice(BigDecimal price) {
    if (price.signum() < 0) {
      throw new InvalidValueException("maxPrice", Checks.shown(price), ">= 0");
    }
    BigDecimal stripped = price.stripTrailingZeros();
    int fractionDigits = Math.max(stripped.scale(), 0);
    // long: an exponent such as 1E+2147483647 makes the int difference overflow.
    long integerDigits = (long) stripped.precision() - stripped.scale();
    if (fractionDigits > MAX_PRICE_FRACTION_DIGITS || integerDigits > MAX_PRICE_INTEGER_DIGITS) {
      throw new InvalidValueException(
          "maxPrice",
          Checks.shown(price),
          "at most "
              + MAX_PRICE_INTEGER_DIGITS
              + " integer and "
              + MAX_PRICE_FRACTION_DIGITS
              + " fraction digits");
    }
    return stripped.signum() == 0 ? BigDecimal.ZERO : stripped;
  }

  /** Builds {@link QosTerms}; unset optional terms stay absent. */
  public static final class Builder {
    private TransportPriority transportPriority = TransportPriority.BEST_EFFORT;
    private Optional<BigDecimal> maxPrice = Optional.empty();
    private OptionalLong maxResponseTimeMillis = OptionalLong.empty();
    private OptionalDouble minAvailability = OptionalDouble.empty();

    Builder() {}

    /** Default {@link TransportPriority#BEST_EFFORT}. */
    public Builder transportPriority(TransportPriority transportPriority) {
      this.transportPriority = requireNonNull(transportPriority, "transportPriority");
      return this;
    }

    /** {@code >= 0}; see {@link QosTerms} for the digits allowed. */
    public Builder maxPrice(BigDecimal maxPrice) {
      this.maxPrice = Optional.of(requireNonNull(maxPrice, "maxPrice"));
      return this;
    }

    /** {@code 1..}{@value QosTerms#MAX_RESPONSE_TIME_MILLIS}. */
    public Builder maxResponseTimeMillis(long maxResponseTimeMillis) {
      this.maxResponseTimeMillis = OptionalLong.of(maxResponseTimeMillis);
      return this;
    }

    /** {@code 0..1}. */
    public Builder minAvailability(double minAvailability) {
      this.minAvailability = OptionalDouble.of(minAvailability);
      return this;
    }

    /**
     * Returns the terms.
     *
     * @throws io.wsqos.core.InvalidValueException naming the first term out of range
     */
    public QosTerms build() {
      return new QosTerms(transportPriority, maxPrice, maxResponseTimeMillis, minAvailability);
    }
  }
}
