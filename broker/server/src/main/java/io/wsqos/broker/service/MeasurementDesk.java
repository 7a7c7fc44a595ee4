package io.wsqos.broker.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.TooManyReportsException;
import io.wsqos.broker.registry.ProviderCheck;
import io.wsqos.broker.registry.QualityRule;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.registry.Reporter;
import io.wsqos.core.InvalidValueException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The measurement side of {@link BrokerService}, for callers it has authenticated: receipts on a
 * client's selections, and reports checked against the clock, the receipt or the offer's provider
 * and the caller's rate before the registry keeps them.
 */
final class MeasurementDesk {

  private final Registry registry;
  private final Supplier<byte[]> receiptKey;
  private final QualityRule rule;
  private final ReportLimits limits;
  private final Clock clock;
  private final MeterRegistry meters;
  private volatile Receipts receipts;

  MeasurementDesk(
      Registry registry,
      Supplier<byte[]> receiptKey,
      QualityRule rule,
      ReportLimits limits,
      Clock clock,
      MeterRegistry meters) {
    this.registry = registry;
    this.receiptKey = receiptKey;
    this.rule = rule;
    this.limits = limits;
    this.clock = clock;
    this.meters = meters;
  }

  /** {@code selection} with receipts for a client, or as it is for any other caller. */
  Selection withReceipts(Principal principal, Selection selection) {
    if (!(principal instanceof Principal.ClientPrincipal client)
        || selection.candidates().isEmpty()) {
      return selection;
    }
    Receipts signer = receipts();
    List<Candidate> signed = new ArrayList<>(selection.candidates().size());
    for (Candidate c : selection.candidates()) {
      signed.add(c.withReceipt(signer.issue(client.id(), c.offer().id())));
    }
    return new Selection(
        signed, selection.registryVersion(), selection.confirmedAt(), selection.mayBeStale());
  }

  /**
   * Keeps {@code principal}'s (not anonymous) report on offer {@code offerId}; {@code owner} checks
   * a provider against the offer's provider in the write's transaction.
   */
  MeasuredQos report(
      Principal principal,
      long offerId,
      Measurement measurement,
      Optional<String> receipt,
      ProviderCheck owner) {
    String reporter = tag(principal);
    Instant now = clock.instant();
    if (measurement.windowEnd().isAfter(now.plus(BrokerService.MAX_CLOCK_SKEW))) {
      throw InvalidInputException.of(
          new InvalidValueException(
              "windowEnd",
              measurement.windowEnd().toString(),
              "at most "
                  + BrokerService.MAX_CLOCK_SKEW.toSeconds()
                  + " s after the broker's clock, "
                  + now));
    }
    if (measurement.windowEnd().isBefore(now.minus(rule.window()))) {
      throw InvalidInputException.of(
          new InvalidValueException(
              "windowEnd",
              measurement.windowEnd().toString(),
              "within the broker's window of " + rule.window().toSeconds() + " s before " + now));
    }
    ProviderCheck check = ProviderCheck.ANY;
    Reporter who;
    if (principal instanceof Principal.ClientPrincipal client) {
      if (receipt.isEmpty() || !receipts().valid(client.id(), offerId, receipt.get())) {
        counter(reporter, "forbidden").increment();
        throw new ForbiddenException(
            "client "
                + client.id()
                + " may report only on an offer a selection gave it, with that candidate's"
                + " receipt: "
                + (receipt.isEmpty()
                    ? "no receipt"
                    : "the receipt is not offer " + offerId + "'s"));
      }
      who = new Reporter(Reporter.Kind.CLIENT, client.id());
    } else if (principal instanceof Principal.ProviderPrincipal provider) {
      check = owner;
      who = new Reporter(Reporter.Kind.PROVIDER, provider.id());
    } else {
      who = new Reporter(Reporter.Kind.ADMIN, 0);
    }
    try {
      limits.take(principal);
    } catch (TooManyReportsException e) {
      counter(reporter, "limited").increment();
      throw e;
    }
    try {
      MeasuredQos measured =
          registry.reportMeasurement(offerId, who, measurement, rule, check, now);
      counter(reporter, "kept").increment();
      return measured;
    } catch (ForbiddenException e) {
      counter(reporter, "forbidden").increment();
      throw e;
    }
  }

  /** What offer {@code offerId}'s window said at its last report, if that still counts. */
  Optional<MeasuredQos> measured(long offerId) {
    Instant now = clock.instant();
    return registry.measuredQos(offerId).filter(m -> m.countsAt(now));
  }

  private Receipts receipts() {
    Receipts signer = receipts;
    if (signer == null) {
      // Read (or made) once: two threads that race read the same key.
      signer = new Receipts(receiptKey.get());
      receipts = signer;
    }
    return signer;
  }

  private static String tag(Principal principal) {
    if (principal instanceof Principal.ClientPrincipal) {
      return "client";
    }
    return principal instanceof Principal.ProviderPrincipal ? "provider" : "admin";
  }

  private Counter counter(String reporter, String outcome) {
    return Counter.builder(BrokerService.MEASUREMENTS)
        .description("Measurement reports, by reporter and by whether the broker kept them")
        .tag("reporter", reporter)
        .tag("outcome", outcome)
        .register(meters);
  }
}
