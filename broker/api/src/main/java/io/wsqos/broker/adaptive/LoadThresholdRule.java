package io.wsqos.broker.adaptive;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.OfferTerms;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.QosTerms;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * Moves one term of an offer one step against the client while the average load is at least {@code
 * highLoad} (the price up, the guaranteed response time up, the throughput promised down), and one
 * step back while it is at most {@code lowLoad}, within a floor and a ceiling. Between the two
 * thresholds nothing changes, and since {@code lowLoad < highLoad} a constant load moves the term
 * in one direction only, until a bound: the rule never oscillates on its own.
 */
public final class LoadThresholdRule implements OfferRule {

  /** The seed's step of the price: 0.10 of the offer's currency. */
  public static final BigDecimal DEFAULT_PRICE_STEP = new BigDecimal("0.10");

  /** The seed's threshold for a step against the client: an average load of 80%. */
  public static final double DEFAULT_HIGH_LOAD = 0.80;

  /** The seed's threshold for a step back: an average load of 70%. */
  public static final double DEFAULT_LOW_LOAD = 0.70;

  /** The term a rule moves. */
  public enum Term {
    /** The price per call; a step against the client raises it. Default step 0.10, floor 0. */
    PRICE(
        +1,
        DEFAULT_PRICE_STEP,
        BigDecimal.ZERO,
        new BigDecimal("1e" + QosTerms.MAX_PRICE_INTEGER_DIGITS).subtract(BigDecimal.ONE)),
    /**
     * The guaranteed response time in milliseconds; a step against the client raises it. Default
     * step 50 ms, floor 1 ms.
     */
    MAX_RESPONSE_TIME_MILLIS(
        +1,
        new BigDecimal(50),
        BigDecimal.ONE,
        BigDecimal.valueOf(QosTerms.MAX_RESPONSE_TIME_MILLIS)),
    /**
     * The calls per second promised; a step against the client lowers it. Default step 5/s, floor
     * 1/s.
     */
    THROUGHPUT_PER_SECOND(
        -1,
        new BigDecimal(5),
        BigDecimal.ONE,
        BigDecimal.valueOf((long) OfferTerms.MAX_THROUGHPUT_PER_SECOND));

    private final int againstClient;
    private final BigDecimal defaultStep;
    private final BigDecimal defaultFloor;
    private final BigDecimal limit;

    Term(int againstClient, BigDecimal defaultStep, BigDecimal defaultFloor, BigDecimal limit) {
      this.againstClient = againstClient;
      this.defaultStep = defaultStep;
      this.defaultFloor = defaultFloor;
      this.limit = limit;
    }

    BigDecimal read(OfferTerms terms) {
      return switch (this) {
        case PRICE -> terms.price();
        case MAX_RESPONSE_TIME_MILLIS -> BigDecimal.valueOf(terms.maxResponseTimeMillis());
        case THROUGHPUT_PER_SECOND -> BigDecimal.valueOf(terms.throughputPerSecond());
      };
    }

    OfferTerms write(OfferTerms terms, BigDecimal value) {
      return new OfferTerms(
          this == PRICE ? value : terms.price(),
          terms.currency(),
          this == MAX_RESPONSE_TIME_MILLIS ? value.longValue() : terms.maxResponseTimeMillis(),
          terms.availability(),
          this == THROUGHPUT_PER_SECOND ? value.doubleValue() : terms.throughputPerSecond(),
          terms.transportPriorities(),
          terms.compression(),
          terms.validFrom(),
          terms.validUntil());
    }
  }

  private final Term term;
  private final BigDecimal step;
  private final double highLoad;
  private final double lowLoad;
  private final BigDecimal floor;
  private final BigDecimal ceiling;

  private LoadThresholdRule(Builder builder) {
    term = builder.term;
    step = builder.step;
    highLoad = builder.highLoad;
    lowLoad = builder.lowLoad;
    floor = builder.floor;
    ceiling = builder.ceiling.orElse(term.limit);
  }

  /** A builder for a rule moving {@code term}, with the seed's thresholds and the term's step. */
  public static Builder builder(Term term) {
    return new Builder(requireNonNull(term, "term"));
  }

  @Override
  public OfferTerms apply(OfferTerms current, double averageLoad) {
    int direction;
    if (averageLoad >= highLoad) {
      direction = term.againstClient;
    } else if (averageLoad <= lowLoad) {
      direction = -term.againstClient;
    } else {
      return current; // also NaN: no reading, no change
    }
    BigDecimal value = term.read(current);
    BigDecimal next = value.add(step.multiply(BigDecimal.valueOf(direction)));
    if (next.compareTo(floor) < 0) {
      next = floor;
    }
    if (next.compareTo(ceiling) > 0) {
      next = ceiling;
    }
    return next.compareTo(value) == 0 ? current : term.write(current, next);
  }

  @Override
  public String toString() {
    return "LoadThresholdRule{"
        + term
        + " step "
        + step.toPlainString()
        + " at load >= "
        + highLoad
        + ", back at <= "
        + lowLoad
        + ", within "
        + floor.toPlainString()
        + ".."
        + ceiling.toPlainString()
        + "}";
  }

  /**
   * Configures a {@link LoadThresholdRule}. Defaults: the seed's thresholds ({@value
   * #DEFAULT_HIGH_LOAD} and {@value #DEFAULT_LOW_LOAD}), the term's step and floor (see {@link
   * Term}), the largest value the term may hold as the ceiling.
   */
  public static final class Builder {
    private final Term term;
    private BigDecimal step;
    private double highLoad = DEFAULT_HIGH_LOAD;
    private double lowLoad = DEFAULT_LOW_LOAD;
    private BigDecimal floor;
    private Optional<BigDecimal> ceiling = Optional.empty();

    private Builder(Term term) {
      this.term = term;
      this.step = term.defaultStep;
      this.floor = term.defaultFloor;
    }

    /** The amount one step moves the term, {@code > 0}. */
    public Builder step(BigDecimal step) {
      requireNonNull(step, "step");
      if (step.signum() <= 0) {
        throw new InvalidValueException("step", step.toPlainString(), "> 0");
      }
      this.step = step;
      return this;
    }

    /**
     * The average loads at which the term moves: one step against the client at {@code highLoad} or
     * more, one step back at {@code lowLoad} or less; {@code 0 <= lowLoad < highLoad <= 1}.
     */
    public Builder thresholds(double highLoad, double lowLoad) {
      if (!(highLoad > 0 && highLoad <= 1)) { // also refuses NaN
        throw new InvalidValueException("highLoad", Double.toString(highLoad), "0 < highLoad <= 1");
      }
      if (!(lowLoad >= 0 && lowLoad < highLoad)) {
        throw new InvalidValueException(
            "lowLoad", Double.toString(lowLoad), "0 <= lowLoad < highLoad " + highLoad);
      }
      this.highLoad = highLoad;
      this.lowLoad = lowLoad;
      return this;
    }

    /** The least value the rule moves the term to, {@code >= 0}. */
    public Builder floor(BigDecimal floor) {
      requireNonNull(floor, "floor");
      if (floor.signum() < 0) {
        throw new InvalidValueException("floor", floor.toPlainString(), ">= 0");
      }
      this.floor = floor;
      return this;
    }

    /** The greatest value the rule moves the term to, at least the floor. */
    public Builder ceiling(BigDecimal ceiling) {
      requireNonNull(ceiling, "ceiling");
      this.ceiling = Optional.of(ceiling);
      return this;
    }

    /**
     * Returns the rule.
     *
     * @throws InvalidValueException when the ceiling is below the floor, or a bound is outside what
     *     the term may hold
     */
    public LoadThresholdRule build() {
      BigDecimal top = ceiling.orElse(term.limit);
      if (top.compareTo(floor) < 0) {
        throw new InvalidValueException(
            "ceiling", top.toPlainString(), ">= floor " + floor.toPlainString());
      }
      if (top.compareTo(term.limit) > 0) {
        throw new InvalidValueException(
            "ceiling", top.toPlainString(), "<= " + term.limit.toPlainString() + " for " + term);
      }
      if (term != Term.PRICE && floor.signum() <= 0) {
        throw new InvalidValueException("floor", floor.toPlainString(), "> 0 for " + term);
      }
      if (term == Term.MAX_RESPONSE_TIME_MILLIS
          && (step.stripTrailingZeros().scale() > 0 || floor.stripTrailingZeros().scale() > 0)) {
        throw new InvalidValueException(
            "step", step.toPlainString(), "whole milliseconds for " + term);
      }
      return new LoadThresholdRule(this);
    }
  }
}
