package io.wsqos.broker.client;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.TooManyWatchesException;
import io.wsqos.core.header.QosRequirement;
import java.time.Duration;
import java.util.Currency;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one selection (a service, a requirement, a currency) current from a broker without a broker
 * round trip per use: one thread selects once, then {@linkplain BrokerClient#watch watches} the
 * selection in a loop, so that a change reaches {@link #current()} (and the listener) as soon as
 * the broker sees it. While the broker cannot be reached the last selection stays, and the thread
 * tries again after a wait that doubles from {@link Builder#retry} up to {@link Builder#maxRetry}.
 *
 * <p>Nothing starts in the builder: {@link #start()} starts the thread, {@link #close()} ends it
 * (idempotent), and a start after a close starts a new one. Thread-safe.
 */
public final class SelectionWatcher implements AutoCloseable {

  /** Default wait of each watch: 30 s. */
  public static final Duration DEFAULT_WAIT = Duration.ofSeconds(30);

  /** Default first wait after a failed request: 100 ms. */
  public static final Duration DEFAULT_RETRY = Duration.ofMillis(100);

  /** Default longest wait after failed requests: 10 s. */
  public static final Duration DEFAULT_MAX_RETRY = Duration.ofSeconds(10);

  /** Name of the watching thread. */
  public static final String THREAD_NAME = "wsqos-broker-watch";

  private static final Logger log = LoggerFactory.getLogger(SelectionWatcher.class);

  /** Returns a builder for the selection of {@code service} for {@code requirement}. */
  public static Builder builder(BrokerClient broker, QName service, QosRequirement requirement) {
    return new Builder(broker, service, requirement);
  }

  private final Builder settings;
  private final CountDownLatch first = new CountDownLatch(1);
  private volatile Selection current;
  private Thread thread;

  private SelectionWatcher(Builder builder) {
    this.settings = builder;
  }

  /** Starts watching; a call while it watches does nothing. */
  public synchronized void start() {
    if (thread != null) {
      return;
    }
    thread = new Thread(this::run, THREAD_NAME);
    thread.setDaemon(true);
    thread.start();
  }

  /** The latest selection, empty until the broker first answered. */
  public Optional<Selection> current() {
    return Optional.ofNullable(current);
  }

  /**
   * The latest selection, waiting up to {@code timeout} for the broker's first answer.
   *
   * @return empty if the broker has not answered within {@code timeout}
   */
  public Optional<Selection> awaitCurrent(Duration timeout) {
    Selection known = current;
    if (known != null) {
      return Optional.of(known);
    }
    try {
      first.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return current();
  }

  /** The service watched. */
  public QName service() {
    return settings.service;
  }

  /** The requirement watched. */
  public QosRequirement requirement() {
    return settings.requirement;
  }

  private void run() {
    Duration retry = settings.retry;
    while (!Thread.currentThread().isInterrupted()) {
      try {
        Selection known = current;
        Optional<Selection> changed =
            known == null
                ? Optional.of(select())
                : settings.currency == null
                    ? settings.broker.watch(
                        settings.service, settings.requirement, known.tag(), settings.wait)
                    : settings.broker.watch(
                        settings.service,
                        settings.requirement,
                        settings.currency,
                        known.tag(),
                        settings.wait);
        retry = settings.retry;
        if (changed.isPresent()) {
          publish(changed.get());
        }
      } catch (RuntimeException e) {
        if (Thread.currentThread().isInterrupted()) {
          return;
        }
        Duration pause =
            e instanceof RegistryUnavailableException unavailable
                ? unavailable
                    .retryAfter()
                    .filter(r -> r.compareTo(settings.maxRetry) <= 0)
                    .orElse(retry)
                : retry;
        log.debug("Watching {} failed; again in {}: {}", settings.service, pause, e.toString());
        if (e instanceof TooManyWatchesException && current == null) {
          // The broker still answers plain selections.
          try {
            publish(select());
          } catch (RuntimeException ignored) {
            // Tried again after the pause.
          }
        }
        try {
          Thread.sleep(pause.toMillis());
        } catch (InterruptedException interrupted) {
          return;
        }
        retry = min(retry.multipliedBy(2), settings.maxRetry);
      }
    }
  }

  private Selection select() {
    return settings.currency == null
        ? settings.broker.select(settings.service, settings.requirement)
        : settings.broker.select(settings.service, settings.requirement, settings.currency);
  }

  private void publish(Selection selection) {
    Selection before = current;
    current = selection;
    first.countDown();
    if (before == null || !before.tag().equals(selection.tag())) {
      try {
        settings.listener.accept(selection);
      } catch (RuntimeException e) {
        log.warn("A selection listener of {} failed", settings.service, e);
      }
    }
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /** Stops the thread, interrupting a watch in flight; the last selection stays. Idempotent. */
  @Override
  public void close() {
    Thread stopping;
    synchronized (this) {
      stopping = thread;
      thread = null;
    }
    if (stopping != null) {
      stopping.interrupt();
      try {
        stopping.join(TimeUnit.SECONDS.toMillis(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public String toString() {
    Selection known = current;
    return "SelectionWatcher["
        + settings.service
        + ", "
        + (known == null ? "no answer yet" : known.candidates().size() + " candidates")
        + "]";
  }

  /** Configures a {@link SelectionWatcher}; every setting has a default. */
  public static final class Builder {
    private final BrokerClient broker;
    private final QName service;
    private final QosRequirement requirement;
    private Currency currency;
    private Duration wait = DEFAULT_WAIT;
    private Duration retry = DEFAULT_RETRY;
    private Duration maxRetry = DEFAULT_MAX_RETRY;
    private Consumer<Selection> listener = selection -> {};

    private Builder(BrokerClient broker, QName service, QosRequirement requirement) {
      this.broker = requireNonNull(broker, "broker");
      this.service = requireNonNull(service, "service");
      this.requirement = requireNonNull(requirement, "requirement");
    }

    /** The currency of the requirement's {@code maxPrice}; default the broker's. */
    public Builder currency(Currency currency) {
      this.currency = requireNonNull(currency, "currency");
      return this;
    }

    /** How long each watch waits for a change, 1 s to 300 s; default 30 s. */
    public Builder wait(Duration wait) {
      this.wait = check("wait", wait, Duration.ofSeconds(1), Duration.ofSeconds(300));
      return this;
    }

    /** First wait after a failed request, 1 ms to 1 min; default 100 ms. */
    public Builder retry(Duration retry) {
      this.retry = check("retry", retry, Duration.ofMillis(1), Duration.ofMinutes(1));
      return this;
    }

    /** Longest wait after failed requests, 1 ms to 10 min; default 10 s. */
    public Builder maxRetry(Duration maxRetry) {
      this.maxRetry = check("maxRetry", maxRetry, Duration.ofMillis(1), Duration.ofMinutes(10));
      return this;
    }

    /**
     * Told of each selection whose tag differs from the one before (the first one included), on the
     * watching thread; it must return quickly. Default none.
     */
    public Builder listener(Consumer<Selection> listener) {
      this.listener = requireNonNull(listener, "listener");
      return this;
    }

    /** {@code value} if it is from {@code min} to {@code max}; shared with the watchers' users. */
    static Duration check(String field, Duration value, Duration min, Duration max) {
      requireNonNull(value, field);
      if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
        throw new IllegalArgumentException(
            field + ": " + value + " (expected: " + min + " to " + max + ")");
      }
      return value;
    }

    /** Returns the watcher, not started. */
    public SelectionWatcher build() {
      if (maxRetry.compareTo(retry) < 0) {
        throw new IllegalArgumentException(
            "maxRetry: " + maxRetry + " (expected: at least retry " + retry + ")");
      }
      return new SelectionWatcher(this);
    }
  }
}
