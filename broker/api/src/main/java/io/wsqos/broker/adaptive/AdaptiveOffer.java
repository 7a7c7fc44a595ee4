package io.wsqos.broker.adaptive;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.BrokerException;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.load.LoadProbe;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one of a provider's offers in the broker in step with the provider's load: once per period
 * it reads the probe's average load, asks its {@link OfferRule} for the terms to publish and writes
 * them with the provider's {@link BrokerClient}, so that clients with a lower maximum price stop
 * selecting the offer before the server is overloaded (the first seed text's section 7.4).
 *
 * <p>It works on its own thread, started by {@link #start()}: a broker that is slow or down never
 * delays the service, and a failed update is tried again after {@code retryDelay}, doubling up to
 * the period. While it runs it also holds the offer on a lease: every update sets the offer's
 * {@code validUntil} to {@code lease} from now, so a provider that dies without closing is no
 * longer selected once the lease runs out. {@link #close()} stops it and expires (or withdraws) the
 * offer.
 */
public final class AdaptiveOffer implements AutoCloseable {

  /** The seed's averaging window, the default period: 30 s. */
  public static final long DEFAULT_PERIOD_MILLIS = 30_000;

  /** Three default periods: a lease that outlives two failed renewals. */
  public static final long DEFAULT_LEASE_MILLIS = 3 * DEFAULT_PERIOD_MILLIS;

  /** The first wait after a failed update: 1 s, doubling up to the period. */
  public static final long DEFAULT_RETRY_DELAY_MILLIS = 1_000;

  private static final Logger logger = LoggerFactory.getLogger(AdaptiveOffer.class);

  /** What {@link #close()} does to the offer. */
  public enum Closing {
    /** Ends the offer's validity now: it stays in the broker, selected by no one. */
    EXPIRE,
    /** Withdraws the offer from the broker. */
    WITHDRAW,
    /** Leaves the offer as it is (its lease, if any, still runs out). */
    KEEP
  }

  /** What one adjustment did. */
  public enum Step {
    /** The rule moved a term, and the broker has the new terms. */
    MOVED,
    /** The rule moved nothing; the lease, if any, was renewed. */
    HELD,
    /** The broker could not be reached or refused for a reason that may pass: tried again later. */
    FAILED,
    /** The offer is gone or no longer this provider's: adaptation stopped. */
    STOPPED
  }

  /**
   * What the adaptation knows now.
   *
   * @param offer the offer as last read from or written to the broker; empty before the first read
   * @param averageLoad the average load the last adjustment saw, NaN before the first
   * @param moves how many adjustments moved a term
   * @param failures how many adjustments failed
   * @param lastFailure the last failure, empty when none
   * @param stopped whether adaptation stopped (closed, or the offer gone)
   */
  public record Status(
      Optional<Offer> offer,
      double averageLoad,
      long moves,
      long failures,
      Optional<String> lastFailure,
      boolean stopped) {}

  private final BrokerClient client;
  private final long offerId;
  private final LoadProbe probe;
  private final OfferRule rule;
  private final Duration period;
  private final Duration lease;
  private final Duration retryDelay;
  private final Closing closing;
  private final Clock clock;
  private final String threadName;

  private ScheduledExecutorService executor; // guarded by this
  private Offer offer; // guarded by this
  private double averageLoad = Double.NaN;
  private long moves;
  private long failures;
  private int failureStreak;
  private String lastFailure;
  private boolean stopped;
  private boolean closed;

  private AdaptiveOffer(Builder builder) {
    client = builder.client;
    offerId = builder.offerId;
    probe = builder.probe;
    rule = builder.rule;
    period = builder.period;
    lease = builder.lease;
    retryDelay = builder.retryDelay;
    closing = builder.closing;
    clock = builder.clock;
    threadName = "wsqos-adaptive-offer-" + offerId;
  }

  /**
   * A builder adapting offer {@code offerId} through {@code client} (which must carry the token of
   * the offer's provider) by the load {@code probe} reads.
   */
  public static Builder builder(BrokerClient client, long offerId, LoadProbe probe) {
    return new Builder(client, offerId, probe);
  }

  /**
   * Starts adapting on a thread of its own: the first adjustment at once, then one per period.
   *
   * @return this
   * @throws IllegalStateException when started before or closed
   */
  public synchronized AdaptiveOffer start() {
    if (closed || executor != null) {
      throw new IllegalStateException(this + " was " + (closed ? "closed" : "started before"));
    }
    ScheduledThreadPoolExecutor scheduler =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, threadName);
              thread.setDaemon(true);
              return thread;
            });
    // close() lets an adjustment in flight finish but must not wait for the next period's.
    scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    scheduler.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
    executor = scheduler;
    executor.execute(this::run);
    return this;
  }

  private void run() {
    Step step = adjust();
    long delayMillis;
    synchronized (this) {
      if (closed || step == Step.STOPPED) {
        return;
      }
      delayMillis =
          step == Step.FAILED
              ? Math.min(
                  period.toMillis(), retryDelay.toMillis() << Math.min(failureStreak - 1, 20))
              : period.toMillis();
      executor.schedule(this::run, delayMillis, TimeUnit.MILLISECONDS);
    }
  }

  /**
   * One adjustment, on the caller's thread: reads the average load, asks the rule, and writes the
   * terms (with the lease renewed) when they differ from the broker's. A version conflict (someone
   * else changed the offer) is resolved by reading the offer again and asking the rule about the
   * new terms. {@link #start()} calls it once per period; a caller that drives its own schedule may
   * call it instead of starting.
   */
  public synchronized Step adjust() {
    if (closed || stopped) {
      return Step.STOPPED;
    }
    averageLoad = probe.averageLoad();
    try {
      if (offer == null) {
        offer = client.offer(offerId);
      }
      Step step;
      try {
        step = write(offer);
      } catch (VersionConflictException e) {
        offer = client.offer(offerId);
        step = write(offer);
      }
      failureStreak = 0;
      return step;
    } catch (NotFoundException | ForbiddenException | UnauthenticatedException e) {
      stopped = true;
      lastFailure = e.getMessage();
      logger.warn("Stopped adapting offer {}: {}", offerId, e.getMessage());
      return Step.STOPPED;
    } catch (BrokerException | java.io.UncheckedIOException e) {
      failures++;
      failureStreak++;
      lastFailure = e.getMessage();
      logger.warn("Could not adapt offer {} (will try again): {}", offerId, e.getMessage());
      return Step.FAILED;
    }
  }

  private Step write(Offer current) {
    OfferTerms moved = rule.apply(current.terms(), averageLoad);
    OfferTerms next = leased(moved);
    if (!next.equals(current.terms())) {
      offer = client.updateOffer(offerId, current.version(), next);
    }
    if (moved.equals(current.terms())) {
      return Step.HELD;
    }
    moves++;
    logger.info(
        "Offer {} adapted at average load {}: {}",
        offerId,
        String.format(java.util.Locale.ROOT, "%.2f", averageLoad),
        describe(current.terms(), moved));
    return Step.MOVED;
  }

  private OfferTerms leased(OfferTerms terms) {
    if (lease.isZero()) {
      return terms;
    }
    Instant start = clock.instant();
    if (terms.validFrom().isAfter(start)) {
      start = terms.validFrom();
    }
    return withValidity(terms, Optional.of(start.plus(lease)));
  }

  private static OfferTerms withValidity(OfferTerms terms, Optional<Instant> validUntil) {
    return new OfferTerms(
        terms.price(),
        terms.currency(),
        terms.maxResponseTimeMillis(),
        terms.availability(),
        terms.throughputPerSecond(),
        terms.transportPriorities(),
        terms.compression(),
        terms.validFrom(),
        validUntil);
  }

  private static String describe(OfferTerms before, OfferTerms after) {
    StringBuilder change = new StringBuilder();
    if (before.price().compareTo(after.price()) != 0) {
      change.append("price ").append(before.price().toPlainString()).append(" -> ");
      change.append(after.price().toPlainString()).append(' ').append(after.currency());
    }
    if (before.maxResponseTimeMillis() != after.maxResponseTimeMillis()) {
      change.append(change.isEmpty() ? "" : ", ").append("maxResponseTimeMillis ");
      change.append(before.maxResponseTimeMillis()).append(" -> ");
      change.append(after.maxResponseTimeMillis());
    }
    if (before.throughputPerSecond() != after.throughputPerSecond()) {
      change.append(change.isEmpty() ? "" : ", ").append("throughputPerSecond ");
      change.append(before.throughputPerSecond()).append(" -> ");
      change.append(after.throughputPerSecond());
    }
    return change.isEmpty() ? "terms changed" : change.toString();
  }

  /** What the adaptation knows now. */
  public synchronized Status status() {
    return new Status(
        Optional.ofNullable(offer),
        averageLoad,
        moves,
        failures,
        Optional.ofNullable(lastFailure),
        closed || stopped);
  }

  /**
   * Stops adapting, waits for an adjustment in flight, then expires, withdraws or keeps the offer
   * as {@link Builder#closing} says, on the caller's thread (bounded by the client's request
   * timeout). A broker that cannot be reached then is logged, not thrown: the lease still ends the
   * offer. Idempotent; the probe and the client stay the caller's to close.
   */
  @Override
  public void close() {
    ScheduledExecutorService running;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      running = executor;
    }
    if (running != null) {
      running.shutdown();
      try {
        running.awaitTermination(1, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (this) {
      if (closing == Closing.KEEP || (running == null && offer == null) || stopped) {
        return;
      }
      try {
        Offer current = client.offer(offerId);
        Instant now = clock.instant();
        if (closing == Closing.WITHDRAW || !now.isAfter(current.terms().validFrom())) {
          client.withdrawOffer(offerId, current.version());
          logger.info("Offer {} withdrawn: its adaptation stopped", offerId);
        } else {
          offer =
              client.updateOffer(
                  offerId, current.version(), withValidity(current.terms(), Optional.of(now)));
          logger.info("Offer {} expired: its adaptation stopped", offerId);
        }
      } catch (NotFoundException e) {
        // Already gone: nothing to end.
      } catch (BrokerException | java.io.UncheckedIOException e) {
        logger.warn(
            "Could not {} offer {} at close (its lease still ends it): {}",
            closing.name().toLowerCase(java.util.Locale.ROOT),
            offerId,
            e.getMessage());
      }
    }
  }

  @Override
  public String toString() {
    return "AdaptiveOffer{offer " + offerId + ", " + rule + "}";
  }

  /**
   * Configures an {@link AdaptiveOffer}. Defaults: the seed's rule ({@link OfferRule#seed()}), a
   * period of {@value #DEFAULT_PERIOD_MILLIS} ms, a lease of {@value #DEFAULT_LEASE_MILLIS} ms, a
   * first retry after {@value #DEFAULT_RETRY_DELAY_MILLIS} ms, {@link Closing#EXPIRE} at close, the
   * system clock.
   */
  public static final class Builder {
    private final BrokerClient client;
    private final long offerId;
    private final LoadProbe probe;
    private OfferRule rule = OfferRule.seed();
    private Duration period = Duration.ofMillis(DEFAULT_PERIOD_MILLIS);
    private Duration lease = Duration.ofMillis(DEFAULT_LEASE_MILLIS);
    private Duration retryDelay = Duration.ofMillis(DEFAULT_RETRY_DELAY_MILLIS);
    private Closing closing = Closing.EXPIRE;
    private Clock clock = Clock.systemUTC();

    private Builder(BrokerClient client, long offerId, LoadProbe probe) {
      this.client = requireNonNull(client, "client");
      if (offerId < 1) {
        throw new InvalidValueException("offerId", Long.toString(offerId), ">= 1");
      }
      this.offerId = offerId;
      this.probe = requireNonNull(probe, "probe");
    }

    /** How the offer follows the load. */
    public Builder rule(OfferRule rule) {
      this.rule = requireNonNull(rule, "rule");
      return this;
    }

    /**
     * How often the rule is asked, {@code 10 ms..1 h}: at most one step per period, so the probe's
     * averaging window should not be longer.
     */
    public Builder period(Duration period) {
      this.period = checkDuration("period", period, Duration.ofMillis(10));
      return this;
    }

    /**
     * How long each update keeps the offer valid, {@code 0} for no lease (the offer's validity is
     * left as it is), else at least twice the period (checked at {@link #build()}) and at most 1 h.
     */
    public Builder lease(Duration lease) {
      requireNonNull(lease, "lease");
      this.lease = lease.isZero() ? lease : checkDuration("lease", lease, Duration.ofMillis(20));
      return this;
    }

    /** The first wait after a failed update, {@code 10 ms..1 h}; it doubles up to the period. */
    public Builder retryDelay(Duration retryDelay) {
      this.retryDelay = checkDuration("retryDelay", retryDelay, Duration.ofMillis(10));
      return this;
    }

    /** What {@link AdaptiveOffer#close()} does to the offer. */
    public Builder closing(Closing closing) {
      this.closing = requireNonNull(closing, "closing");
      return this;
    }

    /** The clock the lease is counted on (tests move it). */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Returns the adaptation, not started.
     *
     * @throws InvalidValueException when the lease is shorter than twice the period
     */
    public AdaptiveOffer build() {
      if (!lease.isZero() && lease.compareTo(period.multipliedBy(2)) < 0) {
        throw new InvalidValueException(
            "lease", lease.toString(), "0 or at least twice the period " + period);
      }
      return new AdaptiveOffer(this);
    }

    private static Duration checkDuration(String name, Duration value, Duration least) {
      requireNonNull(value, name);
      if (value.compareTo(least) < 0 || value.compareTo(Duration.ofHours(1)) > 0) {
        throw new InvalidValueException(name, value.toString(), least + "..PT1H");
      }
      return value;
    }
  }
}
