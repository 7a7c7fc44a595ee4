package io.wsqos.broker.selection;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.TooManyWatchesException;
import io.wsqos.core.header.QosRequirement;
import java.time.Clock;
import java.time.Duration;
import java.util.Currency;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import javax.xml.namespace.QName;

/**
 * The watches an {@link OfferSelector} holds. Taken on request threads; re-checked and answered on
 * the refresh thread (a timer or an index swap), so that neither a selection nor a write pays for
 * them.
 */
final class Watches {

  /** What the watches read: the selector's current index. */
  interface Selections {
    /** The selection as the selector makes it now, without meters. */
    Selection match(QName service, QosRequirement requirement, Currency currency);

    /** The ranked offers of {@code service} in {@code currency}, or null. */
    OfferIndex.Ranked offers(QName service, Currency currency);
  }

  private final int max;
  private final ScheduledExecutorService refresher;
  private final Clock clock;
  private final Selections selections;
  private final Set<Watch> held = ConcurrentHashMap.newKeySet();

  Watches(int max, ScheduledExecutorService refresher, Clock clock, Selections selections) {
    this.max = max;
    this.refresher = refresher;
    this.clock = clock;
    this.selections = selections;
  }

  /** How many watches are held. */
  int held() {
    return held.size();
  }

  CompletableFuture<Selection> add(
      QName service, QosRequirement requirement, Currency currency, String known, Duration wait) {
    if (held.size() >= max) {
      throw new TooManyWatchesException(max);
    }
    Watch watch = new Watch(service, requirement, currency, known);
    held.add(watch);
    try {
      watch.timeout = refresher.schedule(() -> end(watch), wait.toMillis(), MILLISECONDS);
      // Checked once more on the refresh thread: a swap between the caller's look and the add
      // would otherwise go unseen until the next one.
      refresher.execute(() -> check(watch));
    } catch (RejectedExecutionException e) {
      end(watch); // closed: answer with what there is
    }
    return watch.answer;
  }

  /** After an index swap: every watch's selection may have changed. */
  void indexChanged() {
    if (!held.isEmpty()) {
      try {
        refresher.execute(() -> held.forEach(this::check));
      } catch (RejectedExecutionException e) {
        releaseAll();
      }
    }
  }

  /**
   * Answers {@code watch} if its selection changed; else has it checked again when an offer of its
   * service next starts or stops holding.
   */
  private void check(Watch watch) {
    if (watch.answer.isDone()) {
      return;
    }
    Selection now = selections.match(watch.service, watch.requirement, watch.currency);
    if (!now.tag().equals(watch.known)) {
      answer(watch, now);
      return;
    }
    cancel(watch.boundary);
    long next = nextBoundary(watch);
    if (next != Long.MAX_VALUE) {
      long delay = Math.max(0, next - clock.millis());
      watch.boundary = refresher.schedule(() -> check(watch), delay, MILLISECONDS);
    }
  }

  /**
   * The first instant after now at which an offer of the watched service starts or stops holding,
   * or stops being flagged by its measurements.
   */
  private long nextBoundary(Watch watch) {
    OfferIndex.Ranked ranked = selections.offers(watch.service, watch.currency);
    if (ranked == null) {
      return Long.MAX_VALUE;
    }
    long now = clock.millis();
    long next = Long.MAX_VALUE;
    for (long flagged : ranked.flaggedUntil) {
      if (flagged > now) {
        next = Math.min(next, flagged);
      }
    }
    for (OfferTerms terms : ranked.terms) {
      long from = terms.validFrom().toEpochMilli();
      if (from > now) {
        next = Math.min(next, from);
      }
      if (terms.validUntil().isPresent()) {
        long until = terms.validUntil().get().toEpochMilli();
        if (until > now) {
          next = Math.min(next, until);
        }
      }
    }
    return next;
  }

  private void end(Watch watch) {
    answer(watch, selections.match(watch.service, watch.requirement, watch.currency));
  }

  private void answer(Watch watch, Selection selection) {
    held.remove(watch);
    cancel(watch.timeout);
    cancel(watch.boundary);
    watch.answer.complete(selection);
  }

  private void cancel(ScheduledFuture<?> timer) {
    if (timer != null) {
      timer.cancel(false);
    }
  }

  void releaseAll() {
    held.forEach(this::end);
  }

  /**
   * One client's wait: a selection's arguments, the tag the client has, the future it waits on and
   * the timers that end it. Compared by identity: equal waits are still two clients.
   */
  private static final class Watch {
    final QName service;
    final QosRequirement requirement;
    final Currency currency;
    final String known;
    final CompletableFuture<Selection> answer = new CompletableFuture<>();
    volatile ScheduledFuture<?> timeout;
    volatile ScheduledFuture<?> boundary;

    Watch(QName service, QosRequirement requirement, Currency currency, String known) {
      this.service = service;
      this.requirement = requirement;
      this.currency = currency;
      this.known = known;
    }
  }
}
