package io.wsqos.broker.selection;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.TooManyWatchesException;
import io.wsqos.broker.registry.CommitListener;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.registry.RegistryChanges;
import io.wsqos.core.header.QosRequirement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Currency;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Selects offers for a client's requirement from an in-memory index of the registry: a selection
 * reads one immutable index (swapped whole when the registry changes), does no I/O and takes no
 * lock. A background thread keeps the index in step: it reads the registry version at once after a
 * write through this selector's registry, on PostgreSQL at once after a write through any instance
 * on the same database (a {@linkplain Registry#listen listening connection} of its own tells it),
 * and every {@link Builder#pollInterval poll interval} whatever happens, and when the version moved
 * reads again only what changed since (or the whole registry, at start and after falling far
 * behind). Changes made by other broker instances are thus selected after a notification and a
 * patch on PostgreSQL, and within a poll interval when notifications stop (the listening connection
 * is reopened by itself) or on H2.
 *
 * <p>When the database is unreachable, selections go on from the index; once the last confirmation
 * is older than {@link Builder#staleAfter staleAfter}, they say they {@link Selection#mayBeStale()
 * may be stale}. The index catches up by itself when the database answers again.
 *
 * <p><b>Watches.</b> A client that has a selection can {@linkplain #watch wait} for a different
 * one: the answer comes when a change of the registry (through any instance) or the start or end of
 * an offer's validity period changes the selection's {@linkplain Selection#tag() tag}, or when the
 * wait is over. Watches are held without a thread each and re-checked off the request path, after
 * each index swap.
 *
 * <p><b>Currency.</b> A requirement's {@code maxPrice} has no currency of its own: it is in the
 * currency the caller names, or the {@link Builder#defaultCurrency default currency}. Only offers
 * priced in that currency are selected (whether or not a {@code maxPrice} is given), and prices are
 * compared only among them; the broker converts no currencies.
 */
public final class OfferSelector implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(OfferSelector.class);

  /** Default time between two reads of the registry version. */
  public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(200);

  /** Default age of the last confirmation past which selections say they may be stale. */
  public static final Duration DEFAULT_STALE_AFTER = Duration.ofSeconds(1);

  /** Default currency of a requirement's {@code maxPrice}: the euro. */
  public static final Currency DEFAULT_CURRENCY = Currency.getInstance("EUR");

  /**
   * Counter of index loads, tagged {@code kind}: {@code patch} (the services changed since the
   * index's version read again) or {@code full} (the whole registry read again).
   */
  public static final String INDEX_LOADS = "wsqos.broker.index.loads";

  /**
   * Registry versions whose changes are kept for patching: an index that falls further behind (a
   * broker cut off from its database for long) reads the whole registry again.
   */
  static final long CHANGES_KEPT = 65_536;

  /** Registry versions between two prunes of the changes older than {@link #CHANGES_KEPT}. */
  static final long PRUNE_EVERY = 4_096;

  /** Default wait before reopening a broken listening connection (doubling up to 10 s). */
  public static final Duration DEFAULT_LISTENER_RETRY = Duration.ofMillis(100);

  /** Counter of the registry's change notifications received (PostgreSQL). */
  public static final String NOTIFICATIONS = "wsqos.broker.index.notifications";

  /** Counter of the listening connection's reopenings after it broke (PostgreSQL). */
  public static final String LISTENER_RECONNECTS = "wsqos.broker.index.listener.reconnects";

  /** Timer of selections, tagged {@code outcome}: {@code found} or {@code none}. */
  public static final String SELECTIONS = "wsqos.broker.selections";

  /** Gauge of the offers flagged by their measurements, and so not selected. */
  public static final String FLAGGED_OFFERS = "wsqos.broker.offers.flagged";

  /** Gauge of the watches held, waiting for their selection to change. */
  public static final String WATCHES = "wsqos.broker.watches";

  /** The longest a watch may wait: 5 minutes. */
  public static final Duration MAX_WATCH_WAIT = Duration.ofMinutes(5);

  /** Default limit on the watches held at once. */
  public static final int DEFAULT_MAX_WATCHES = 10_000;

  /** The index and when it was last confirmed current, swapped as one. */
  private record View(OfferIndex index, long confirmedAtMillis, Instant confirmedAt) {}

  /** Returns a builder for a selector over {@code registry}. */
  public static Builder builder(Registry registry) {
    return new Builder(requireNonNull(registry, "registry"));
  }

  private final Registry registry;
  private final SelectionPolicy policy;
  private final TieBreaker tieBreaker;
  private final Currency defaultCurrency;
  private final long staleAfterMillis;
  private final Clock clock;
  private final ScheduledExecutorService refresher;
  private final Registry.Subscription subscription;
  private final Optional<Registry.Subscription> listening;
  private final AtomicBoolean wakeQueued = new AtomicBoolean();
  private final Object reloading = new Object();
  private final Timer found;
  private final Timer none;
  private final Counter patches;
  private final Counter fullLoads;
  private final Counter notifications;
  private final Counter reconnects;
  private final Watches watches;
  private final IndexListener indexListener;
  private volatile View view;
  private volatile String lastFailure;

  private OfferSelector(Builder builder) {
    this.registry = builder.registry;
    this.policy = builder.policy;
    this.tieBreaker = builder.tieBreaker;
    this.defaultCurrency = builder.defaultCurrency;
    this.staleAfterMillis = builder.staleAfter.toMillis();
    this.clock = builder.clock;
    this.indexListener = builder.indexListener;
    MeterRegistry meters = builder.meterRegistry;
    this.found = selections(meters, "found");
    this.none = selections(meters, "none");
    this.patches = loads(meters, "patch");
    this.fullLoads = loads(meters, "full");
    this.notifications =
        Counter.builder(NOTIFICATIONS)
            .description("Change notifications received from the registry's database")
            .register(meters);
    this.reconnects =
        Counter.builder(LISTENER_RECONNECTS)
            .description("Reopenings of the connection listening for the registry's changes")
            .register(meters);
    long now = clock.millis();
    this.view = new View(OfferIndex.EMPTY, now, Instant.ofEpochMilli(now));
    // Its thread starts with the first task, after the first load.
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "wsqos-broker-index");
              thread.setDaemon(true);
              return thread;
            });
    executor.setRemoveOnCancelPolicy(true);
    this.refresher = executor;
    this.watches = new Watches(builder.maxWatches, refresher, clock, new Matcher());
    refresh();
    long interval = builder.pollInterval.toMillis();
    refresher.scheduleWithFixedDelay(this::poll, interval, interval, TimeUnit.MILLISECONDS);
    this.subscription = registry.onChange(this::wake);
    this.listening = registry.listen(new Listener(), builder.listenerRetry);
    registerIndexGauges(meters);
  }

  /** Wakes the refresh for each notified version the index lacks, and after each (re)opening. */
  private final class Listener implements CommitListener {
    private boolean opened;

    @Override
    public void committed(long version) {
      notifications.increment();
      // A version the index has (a write through this registry, already read) needs no refresh.
      if (version > view.index.version) {
        wake();
      }
    }

    @Override
    public void listening() {
      if (opened) {
        reconnects.increment();
      }
      opened = true;
      wake();
    }
  }

  private static Timer selections(MeterRegistry meters, String outcome) {
    return Timer.builder(SELECTIONS)
        .description("Selections answered, by whether an offer met the requirement")
        .tag("outcome", outcome)
        .register(meters);
  }

  private static Counter loads(MeterRegistry meters, String kind) {
    return Counter.builder(INDEX_LOADS)
        .description("Offer index loads, by whether only the changed services were read")
        .tag("kind", kind)
        .register(meters);
  }

  private void registerIndexGauges(MeterRegistry meters) {
    // Read at scrape time from the current view: nothing on the selection path.
    Gauge.builder("wsqos.broker.index.version", this, s -> version(s.view))
        .description("The registry version the offer index reflects")
        .register(meters);
    Gauge.builder("wsqos.broker.index.offers", this, s -> s.view.index.offers)
        .description("Offers in the index")
        .register(meters);
    Gauge.builder(
            "wsqos.broker.index.confirmation.age",
            this,
            s -> Math.max(0, s.clock.millis() - s.view.confirmedAtMillis) / 1000.0)
        .description("Time since the database last confirmed the index was current")
        .baseUnit("seconds")
        .register(meters);
    Gauge.builder(FLAGGED_OFFERS, this, s -> s.view.index.flaggedAt(s.clock.millis()))
        .description("Offers whose measurements break what they guarantee, not selected")
        .register(meters);
    Gauge.builder(WATCHES, this, s -> s.watches.held())
        .description("Watches held, waiting for their selection to change")
        .register(meters);
    Gauge.builder("wsqos.broker.index.may.be.stale", this, s -> s.state().mayBeStale() ? 1 : 0)
        .description("1 when selections say they may be stale, else 0")
        .register(meters);
  }

  /** {@link #select(QName, QosRequirement, Currency)} in the default currency. */
  public Selection select(QName service, QosRequirement requirement) {
    return select(service, requirement, defaultCurrency);
  }

  /**
   * The offers for the service of port type {@code service} that meet every hard constraint of
   * {@code requirement} for a client paying in {@code currency} and hold now, ranked by the policy,
   * the first of them chosen among ties by the tie breaker. Empty when none does (or the service is
   * unknown). Does no I/O.
   */
  public Selection select(QName service, QosRequirement requirement, Currency currency) {
    return select(service, requirement, currency, Ranking.OFFERED);
  }

  /**
   * As {@link #select(QName, QosRequirement, Currency)}, the candidates ranked by {@code ranking}:
   * by the policy on what the offers state, or by what was {@linkplain Ranking#MEASURED measured}
   * of them.
   */
  public Selection select(
      QName service, QosRequirement requirement, Currency currency, Ranking ranking) {
    requireNonNull(service, "service");
    requireNonNull(requirement, "requirement");
    requireNonNull(currency, "currency");
    requireNonNull(ranking, "ranking");
    long start = System.nanoTime();
    Selection selection = match(service, requirement, currency);
    if (ranking == Ranking.MEASURED) {
      selection = byMeasured(selection);
    }
    (selection.candidates().isEmpty() ? none : found)
        .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    return selection;
  }

  private Selection match(QName service, QosRequirement requirement, Currency currency) {
    View current = view;
    long now = clock.millis();
    boolean stale = now - current.confirmedAtMillis > staleAfterMillis;
    OfferIndex.Ranked ranked = current.index.offers(service, currency);
    if (ranked == null) {
      return new Selection(List.of(), version(current), current.confirmedAt, stale);
    }
    Instant at = Instant.ofEpochMilli(now);
    OfferTerms[] terms = ranked.terms;
    Candidate[] matched = null;
    int count = 0;
    int ties = 0;
    int firstGroup = -1;
    for (int i = 0; i < terms.length; i++) {
      if (terms[i].isValidAt(at)
          && now >= ranked.flaggedUntil[i]
          && terms[i].meets(requirement, currency)) {
        if (matched == null) {
          matched = new Candidate[terms.length - i];
          firstGroup = ranked.group[i];
        }
        if (ranked.group[i] == firstGroup) {
          ties++;
        }
        matched[count++] = ranked.candidates[i];
      }
    }
    if (count == 0) {
      return new Selection(List.of(), version(current), current.confirmedAt, stale);
    }
    if (ties > 1) {
      rotate(matched, ties, tieBreaker.pick(ties));
    }
    return new Selection(
        Arrays.asList(matched).subList(0, count), version(current), current.confirmedAt, stale);
  }

  /**
   * {@code selection} with its candidates ordered by the longest 95th percentile response time of
   * their operations measured within the window, shortest first; those without measurements that
   * count follow in the policy's order.
   */
  private Selection byMeasured(Selection selection) {
    Instant now = clock.instant();
    List<Candidate> sorted = new ArrayList<>(selection.candidates());
    sorted.sort(
        Comparator.comparingDouble(
            c ->
                c.measured()
                    .filter(m -> m.countsAt(now))
                    .map(MeasuredQos::worstP95Millis)
                    .orElse(Double.POSITIVE_INFINITY)));
    return new Selection(
        sorted, selection.registryVersion(), selection.confirmedAt(), selection.mayBeStale());
  }

  /** Puts {@code a[first]} first among {@code a[0..n)}, keeping the others' cyclic order. */
  private static void rotate(Candidate[] a, int n, int first) {
    if (first == 0) {
      return;
    }
    Candidate[] head = Arrays.copyOf(a, first);
    System.arraycopy(a, first, a, 0, n - first);
    System.arraycopy(head, 0, a, n - first, first);
  }

  private static long version(View view) {
    return Math.max(view.index.version, 0);
  }

  /** The currency of a requirement's {@code maxPrice} when the caller names none. */
  public Currency defaultCurrency() {
    return defaultCurrency;
  }

  /**
   * Every offer in the index now (published, whether or not valid now), with its provider, service,
   * endpoint and measurements, by service and currency, best first within each; read from memory.
   */
  public List<Candidate> offers() {
    return view.index.candidates();
  }

  /** How current the index is. */
  public IndexState state() {
    View current = view;
    boolean stale = clock.millis() - current.confirmedAtMillis > staleAfterMillis;
    return new IndexState(
        version(current),
        Math.max(current.index.tokensVersion, 0),
        current.index.offers,
        current.confirmedAt,
        stale,
        Optional.ofNullable(lastFailure));
  }

  /**
   * Reads the registry version now and updates the index if it moved, before returning: after this,
   * selections reflect every write committed before the call.
   *
   * @throws RegistryUnavailableException if the database cannot be read; the index stays as it was
   */
  public void refresh() {
    synchronized (reloading) {
      try {
        long version = registry.version();
        OfferIndex index = view.index;
        if (version != index.version) {
          index = load(index);
        }
        long now = clock.millis();
        boolean changed = index != view.index;
        view = new View(index, now, Instant.ofEpochMilli(now));
        if (changed) {
          watches.indexChanged();
          tellListener(index);
        }
        if (lastFailure != null) {
          log.info("The registry's database answers again; the offer index is current");
          lastFailure = null;
        }
      } catch (RegistryUnavailableException e) {
        if (lastFailure == null) {
          log.warn(
              "Cannot read the registry; selections go on from the offer index: {}",
              e.getMessage());
        }
        lastFailure = e.getMessage();
        throw e;
      }
    }
  }

  private void tellListener(OfferIndex index) {
    try {
      indexListener.indexChanged(index.version, index.candidates());
    } catch (RuntimeException e) {
      // The swap stands: a listener's failure is its own, not the selections'.
      log.warn("The offer index listener failed at version {}", index.version, e);
    }
  }

  /**
   * The index at the registry's current version: {@code index} patched with the services changed
   * since its version, or the whole registry read again when those changes are no longer kept.
   * Every {@value #PRUNE_EVERY} versions, forgets the changes older than the last {@value
   * #CHANGES_KEPT} versions.
   */
  private OfferIndex load(OfferIndex index) {
    Optional<RegistryChanges> changes =
        index.version < 0 ? Optional.empty() : registry.changesSince(index.version);
    OfferIndex loaded;
    if (changes.isPresent()) {
      loaded = index.patch(changes.get(), policy);
      patches.increment();
    } else {
      loaded = OfferIndex.of(registry.snapshot(), policy);
      fullLoads.increment();
    }
    if (loaded.version / PRUNE_EVERY != Math.max(index.version, 0) / PRUNE_EVERY
        && loaded.version > CHANGES_KEPT) {
      try {
        registry.pruneChanges(loaded.version - CHANGES_KEPT);
      } catch (RegistryUnavailableException e) {
        // The loaded index stands; a later prune forgets these changes.
        log.debug("Cannot prune the registry's changes: {}", e.getMessage());
      }
    }
    return loaded;
  }

  private void wake() {
    if (wakeQueued.compareAndSet(false, true)) {
      try {
        refresher.execute(
            () -> {
              wakeQueued.set(false);
              poll();
            });
      } catch (RuntimeException e) {
        wakeQueued.set(false); // closed: the write stands, nobody selects any more
      }
    }
  }

  private void poll() {
    try {
      refresh();
    } catch (RegistryUnavailableException e) {
      // Logged once by refresh(); the next poll tries again.
    } catch (RuntimeException e) {
      String failure = "cannot rebuild the offer index: " + e;
      if (!failure.equals(lastFailure)) { // once, not every poll
        log.error("Cannot rebuild the offer index; selections go on from the last one", e);
      }
      lastFailure = failure;
    }
  }

  /** {@link #watch(QName, QosRequirement, Currency, String, Duration)} in the default currency. */
  public CompletableFuture<Selection> watch(
      QName service, QosRequirement requirement, String knownTag, Duration wait) {
    return watch(service, requirement, defaultCurrency, knownTag, wait);
  }

  /**
   * Waits, without holding a thread, for the selection of {@code service} for {@code requirement}
   * in {@code currency} to have a {@linkplain Selection#tag() tag} other than {@code knownTag}. The
   * future completes with that selection as soon as a registry change or an offer's validity period
   * makes it (within milliseconds of the change), or with the unchanged selection when {@code wait}
   * is over or the watch is {@linkplain #releaseWatches() released}. It completes at once when the
   * selection already differs or {@code wait} is zero.
   *
   * @param wait from zero to {@link #MAX_WATCH_WAIT}
   * @throws TooManyWatchesException if the selector holds {@link Builder#maxWatches} watches
   */
  public CompletableFuture<Selection> watch(
      QName service,
      QosRequirement requirement,
      Currency currency,
      String knownTag,
      Duration wait) {
    requireNonNull(service, "service");
    requireNonNull(requirement, "requirement");
    requireNonNull(currency, "currency");
    requireNonNull(knownTag, "knownTag");
    requireNonNull(wait, "wait");
    if (wait.isNegative() || wait.compareTo(MAX_WATCH_WAIT) > 0) {
      throw new IllegalArgumentException("wait: " + wait + " (expected: 0 to 5 minutes)");
    }
    Selection now = match(service, requirement, currency);
    if (!now.tag().equals(knownTag) || wait.isZero()) {
      return CompletableFuture.completedFuture(now);
    }
    return watches.add(service, requirement, currency, knownTag, wait);
  }

  /**
   * Answers every watch held now with its current selection, as at the end of its wait, so that no
   * client is left waiting on a broker that is about to stop. Watches taken after this are held as
   * before.
   */
  public void releaseWatches() {
    watches.releaseAll();
  }

  /** The current index, as the watches see it. */
  private final class Matcher implements Watches.Selections {
    @Override
    public Selection match(QName service, QosRequirement requirement, Currency currency) {
      return OfferSelector.this.match(service, requirement, currency);
    }

    @Override
    public OfferIndex.Ranked offers(QName service, Currency currency) {
      return view.index.offers(service, currency);
    }
  }

  /**
   * Stops the background refresh and the listening for changes (its thread and connection), and
   * answers the watches held; the registry stays open (its owner closes it).
   */
  @Override
  public void close() {
    listening.ifPresent(Registry.Subscription::close);
    subscription.close();
    refresher.shutdownNow();
    watches.releaseAll();
    try {
      refresher.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return "OfferSelector[" + registry + ", " + state() + "]";
  }

  /** Configures an {@link OfferSelector}. */
  public static final class Builder {
    private final Registry registry;
    private SelectionPolicy policy = SelectionPolicy.standard();
    private TieBreaker tieBreaker = TieBreaker.random();
    private Currency defaultCurrency = DEFAULT_CURRENCY;
    private Duration pollInterval = DEFAULT_POLL_INTERVAL;
    private Duration staleAfter = DEFAULT_STALE_AFTER;
    private Duration listenerRetry = DEFAULT_LISTENER_RETRY;
    private int maxWatches = DEFAULT_MAX_WATCHES;
    private Clock clock = Clock.systemUTC();
    private MeterRegistry meterRegistry = new CompositeMeterRegistry();
    private IndexListener indexListener = (version, offers) -> {};

    private Builder(Registry registry) {
      this.registry = registry;
    }

    /**
     * Where the selector times its selections ({@value OfferSelector#SELECTIONS}, tagged {@code
     * outcome}), counts its index loads ({@value OfferSelector#INDEX_LOADS}, tagged {@code kind}),
     * the change notifications received ({@value OfferSelector#NOTIFICATIONS}) and the listening
     * connection's reopenings ({@value OfferSelector#LISTENER_RECONNECTS}), and shows its index's
     * state ({@code wsqos.broker.index.version}, {@code .offers}, {@code .confirmation.age} in
     * seconds, {@code .may.be.stale} as 0 or 1); default a registry that keeps nothing.
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /** How offers are ranked, default {@link SelectionPolicy#standard()}. */
    public Builder policy(SelectionPolicy policy) {
      this.policy = requireNonNull(policy, "policy");
      return this;
    }

    /** How ties are spread, default {@link TieBreaker#random()}. */
    public Builder tieBreaker(TieBreaker tieBreaker) {
      this.tieBreaker = requireNonNull(tieBreaker, "tieBreaker");
      return this;
    }

    /** The currency of a requirement that names none, default {@link #DEFAULT_CURRENCY}. */
    public Builder defaultCurrency(Currency defaultCurrency) {
      this.defaultCurrency = requireNonNull(defaultCurrency, "defaultCurrency");
      return this;
    }

    /**
     * Time between two reads of the registry version: 10 ms to 1 hour, default 200 ms. On
     * PostgreSQL, notifications make changes selectable sooner; the poll covers what they miss
     * (while the listening connection is reopened).
     */
    public Builder pollInterval(Duration pollInterval) {
      this.pollInterval = checkDuration("pollInterval", pollInterval);
      return this;
    }

    /**
     * Wait before reopening a broken connection listening for changes (PostgreSQL), doubling with
     * each failed attempt up to 10 s: 10 ms to 10 s, default 100 ms.
     */
    public Builder listenerRetry(Duration listenerRetry) {
      requireNonNull(listenerRetry, "listenerRetry");
      if (listenerRetry.compareTo(Duration.ofMillis(10)) < 0
          || listenerRetry.compareTo(Registry.MAX_LISTENER_RETRY) > 0) {
        throw new IllegalArgumentException(
            "listenerRetry: " + listenerRetry + " (expected: 10 ms to 10 s)");
      }
      this.listenerRetry = listenerRetry;
      return this;
    }

    /**
     * Age of the last confirmation past which selections say they may be stale: 10 ms to 1 hour,
     * default 1 s. Keep it above the poll interval.
     */
    public Builder staleAfter(Duration staleAfter) {
      this.staleAfter = checkDuration("staleAfter", staleAfter);
      return this;
    }

    /**
     * The most {@linkplain OfferSelector#watch watches} held at once, 0 to 1,000,000, default
     * {@value OfferSelector#DEFAULT_MAX_WATCHES}; one more is refused with a {@link
     * TooManyWatchesException}.
     */
    public Builder maxWatches(int maxWatches) {
      if (maxWatches < 0 || maxWatches > 1_000_000) {
        throw new IllegalArgumentException(
            "maxWatches: " + maxWatches + " (expected: 0 to 1000000)");
      }
      this.maxWatches = maxWatches;
      return this;
    }

    /**
     * Told of every index swap that changed the index, after the swap and before the next load (see
     * {@link IndexListener}); default none. It must return quickly and not throw.
     */
    public Builder indexListener(IndexListener indexListener) {
      this.indexListener = requireNonNull(indexListener, "indexListener");
      return this;
    }

    /** The clock of validity periods and staleness, default the system's (UTC). */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    private static Duration checkDuration(String field, Duration duration) {
      requireNonNull(duration, field);
      if (duration.compareTo(Duration.ofMillis(10)) < 0
          || duration.compareTo(Duration.ofHours(1)) > 0) {
        throw new IllegalArgumentException(
            field + ": " + duration + " (expected: 10 ms to 1 hour)");
      }
      return duration;
    }

    /**
     * Loads the index from the registry and starts refreshing it.
     *
     * @throws RegistryUnavailableException if the registry cannot be read
     * @throws IllegalArgumentException if {@code staleAfter} is not above the poll interval
     */
    public OfferSelector build() {
      if (staleAfter.compareTo(pollInterval) <= 0) {
        throw new IllegalArgumentException(
            "staleAfter: "
                + staleAfter
                + " (expected: above the poll interval "
                + pollInterval
                + ")");
      }
      return new OfferSelector(this);
    }
  }
}
