package io.wsqos.core.admission;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.SoapHeaderScanner;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosCodec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Admission control by WS-QoS class: at most a concurrency limit of requests in flight, the limit
 * following the measured latency ({@link GradientLimit}), the rest waiting in a queue bounded by
 * count and by time (one that stands refuses what waited past a short target) and served by class,
 * expedited first; when the queue is full the lowest class waiting is refused first, best effort
 * before assured before expedited. Each class is held a share of the limit: a class using less than
 * its share goes before every class above its own, and is never pushed out of the queue, so a
 * higher class cannot starve it.
 *
 * <p>This is the one core; {@link AdmissionHandler} (Jetty, before the body is parsed) and {@link
 * AdmissionControlFeature} (CXF, in any container) adapt it. It decides without I/O; its state is
 * guarded by one short lock, and waiters are told outside it.
 */
public final class AdmissionControl implements AutoCloseable {

  /** Requests admitted, at once or after waiting, tagged {@code control} and {@code class}. */
  public static final String ADMITTED_COUNTER = "wsqos.admission.admitted";

  /** Requests that had to wait for a permit, tagged {@code control} and {@code class}. */
  public static final String QUEUED_COUNTER = "wsqos.admission.queued";

  /** Requests refused with 503, tagged {@code control} and {@code class}. */
  public static final String REFUSED_COUNTER = "wsqos.admission.refused";

  /** How long admitted requests waited, tagged {@code control} and {@code class}. */
  public static final String QUEUE_TIMER = "wsqos.admission.queue.time";

  /** The current concurrency limit, tagged {@code control}. */
  public static final String LIMIT_GAUGE = "wsqos.admission.limit";

  /** Requests holding a permit, tagged {@code control}. */
  public static final String IN_FLIGHT_GAUGE = "wsqos.admission.in.flight";

  public static final int DEFAULT_INITIAL_LIMIT = 20;
  public static final int DEFAULT_MIN_LIMIT = 8;
  public static final int DEFAULT_MAX_LIMIT = 1000;
  public static final double DEFAULT_TOLERANCE = 2.0;
  public static final long DEFAULT_WINDOW_MILLIS = 100;
  public static final int DEFAULT_WINDOW_SAMPLES = 10;
  public static final double DEFAULT_QUEUE_PER_LIMIT = 1.0;
  public static final long DEFAULT_MAX_QUEUE_MILLIS = 1000;
  public static final long DEFAULT_STANDING_TARGET_MILLIS = 5;
  public static final long DEFAULT_STANDING_INTERVAL_MILLIS = 100;
  public static final int DEFAULT_RETRY_AFTER_SECONDS = 1;
  public static final double DEFAULT_EXPEDITED_SHARE = 0.4;
  public static final double DEFAULT_ASSURED_SHARE = 0.3;
  public static final double DEFAULT_BEST_EFFORT_SHARE = 0.1;

  /**
   * The class every client is entitled to unless told otherwise: assured, as the QoS proxy grants
   * ({@code DscpMarkingFeature.DEFAULT_ENTITLEMENT}); expedited only to clients an entitlement
   * names.
   */
  public static final TransportPriority DEFAULT_ENTITLEMENT = TransportPriority.ASSURED;

  /** The control's name when none is given, the {@code control} tag of its meters. */
  public static final String DEFAULT_NAME = "default";

  private static final TransportPriority[] CLASSES = TransportPriority.values();

  private static final int STANDING_INTERVAL_PER_REFERENCE = 20;

  private static final byte[] NAMESPACE_BYTES = WsQos.NAMESPACE.getBytes(StandardCharsets.UTF_8);

  private final AdmissionSettings settings;
  private final PriorityEntitlement entitlement;
  private final ClientIdentity clientIdentity;
  private final Clock clock;
  private final GradientLimit limiter;
  private final SoapHeaderScanner scanner = new SoapHeaderScanner(new WsQosCodec());
  private final String name;
  private final AdmissionMetrics metrics;

  // Guarded by this.
  private final int[] inFlightBy = new int[CLASSES.length];
  private final int[] queuedBy = new int[CLASSES.length];
  private final List<ArrayDeque<Ticket>> queues = new ArrayList<>();
  private int inFlight;
  private int queued;
  private long lastEmptyNanos;
  private boolean closed;
  private volatile int limit;

  private AdmissionControl(Builder builder, AdmissionSettings settings) {
    this.settings = settings;
    this.entitlement = builder.entitlement;
    this.clientIdentity = builder.clientIdentity;
    this.name = builder.name;
    MeterRegistry registry =
        builder.meterRegistry != null ? builder.meterRegistry : Metrics.globalRegistry;
    this.clock = builder.clock != null ? builder.clock : registry.config().clock();
    this.limiter = new GradientLimit(settings);
    this.limit = limiter.limit();
    for (int i = 0; i < CLASSES.length; i++) {
      queues.add(new ArrayDeque<>());
    }
    this.metrics = new AdmissionMetrics(registry, name, this);
  }

  /** Returns a builder whose settings start at their documented defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The name of this control, its meters' {@code control} tag. */
  public String name() {
    return name;
  }

  /** How adapters name a request's client to the entitlement. */
  public ClientIdentity clientIdentity() {
    return clientIdentity;
  }

  /** The current concurrency limit. */
  public int limit() {
    return limit;
  }

  /** The requests holding a permit now. */
  public synchronized int inFlight() {
    return inFlight;
  }

  /** The requests waiting now. */
  public synchronized int queued() {
    return queued;
  }

  /** The longest a request may wait, after which an adapter {@link #expire expires} it. */
  public Duration maxQueueTime() {
    return Duration.ofNanos(settings.maxQueueNanos());
  }

  /**
   * The class of a request from the first {@code length} bytes of its body, without parsing the
   * body: the transport priority of its {@code qos:Requirement}, clamped to what {@code clientId}
   * is entitled to. Best effort when it carries none, when the start is not a SOAP envelope, or
   * when the header does not end within the bytes given (the endpoint answers a bad one after
   * admission).
   *
   * @param complete whether the bytes are the whole body
   * @param clientId as {@link #clientIdentity()} names the client; null when unknown
   */
  public TransportPriority classify(byte[] body, int length, boolean complete, String clientId) {
    // A requirement names the WS-QoS namespace: a body without it (most) is best effort unparsed.
    if (!contains(body, length, NAMESPACE_BYTES)
        || !(scanner.scan(body, length, complete) instanceof SoapHeaderScanner.Found found)) {
      return TransportPriority.BEST_EFFORT;
    }
    HeaderBlock<QosRequirement> requirement = found.requirement();
    if (!requirement.isValid()) {
      return TransportPriority.BEST_EFFORT;
    }
    TransportPriority requested = requirement.value().get().terms().transportPriority();
    return requested == TransportPriority.BEST_EFFORT
        ? requested
        : entitlement.grant(clientId, requested);
  }

  /**
   * Asks for a permit for a request of class {@code priority}: admitted now, queued (then {@code
   * waiter} is told later, once), or refused.
   */
  public Admission enter(TransportPriority priority, Admission.Waiter waiter) {
    requireNonNull(priority, "priority");
    requireNonNull(waiter, "waiter");
    int c = priority.ordinal();
    Ticket pushedOut = null;
    Stale stale = Stale.NONE;
    Admission decision;
    synchronized (this) {
      if (closed) {
        decision = new Admission.Refused(refusal(priority, "closing"));
      } else if (inFlight < limit && queued == 0) {
        decision = new Admission.Admitted(admit(priority));
      } else {
        long now = clock.monotonicTime();
        stale = dropStale(now);
        if (queued == 0) {
          // Empty, or emptied of what had waited too long: a queue that stands starts again.
          lastEmptyNanos = now;
        }
        int victim = queued >= maxQueued() ? victim(c) : -1;
        if (queued >= maxQueued() && victim < 0) {
          decision = new Admission.Refused(refusal(priority, "queue full"));
        } else {
          if (victim >= 0) {
            pushedOut = queues.get(victim).pollLast();
            dequeued(pushedOut);
          }
          Ticket ticket = new Ticket(priority, waiter, now);
          queues.get(c).addLast(ticket);
          queuedBy[c]++;
          queued++;
          decision = new Admission.Queued(ticket);
        }
      }
    }
    if (decision instanceof Admission.Admitted) {
      metrics.admitted(priority);
    } else if (decision instanceof Admission.Queued) {
      metrics.queued(priority);
    } else {
      metrics.refused(priority);
    }
    if (pushedOut != null) {
      refuse(pushedOut, "pushed out of the queue by a higher class");
    }
    stale.refuse(this);
    return decision;
  }

  /**
   * Ends the wait of {@code ticket} if it is still waiting: it is refused (its waiter is told) and
   * this returns true; false when it was admitted or refused already.
   */
  public boolean expire(Ticket ticket) {
    synchronized (this) {
      if (!ticket.waiting) {
        return false;
      }
      queues.get(ticket.priority.ordinal()).remove(ticket);
      dequeued(ticket);
    }
    refuse(ticket, "waited " + maxQueueTime().toMillis() + " ms");
    return true;
  }

  void release(Permit permit) {
    List<Permit> admitted = new ArrayList<>();
    List<Ticket> tickets = new ArrayList<>();
    Stale stale;
    long now = clock.monotonicTime();
    synchronized (this) {
      if (permit.released) {
        return;
      }
      permit.released = true;
      inFlight--;
      inFlightBy[permit.priority.ordinal()]--;
      if (limiter.sample(now, now - permit.startNanos, permit.inFlightAtStart)) {
        limit = limiter.limit();
      }
      stale = dropStale(now);
      while (inFlight < limit && queued > 0) {
        Ticket next = queues.get(next()).pollFirst();
        dequeued(next);
        tickets.add(next);
        admitted.add(admit(next.priority));
      }
    }
    for (int i = 0; i < tickets.size(); i++) {
      Ticket ticket = tickets.get(i);
      metrics.admitted(ticket.priority);
      metrics.waited(ticket.priority, now - ticket.enqueuedNanos);
      ticket.waiter.admitted(admitted.get(i));
    }
    stale.refuse(this);
  }

  /** Refuses every waiting request, and removes the meters. Idempotent. */
  @Override
  public void close() {
    List<Ticket> waiting = new ArrayList<>();
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      for (ArrayDeque<Ticket> queue : queues) {
        waiting.addAll(queue);
        queue.clear();
      }
      waiting.forEach(this::dequeued);
    }
    waiting.forEach(ticket -> refuse(ticket, "closing"));
    metrics.remove();
  }

  private Permit admit(TransportPriority priority) {
    inFlight++;
    inFlightBy[priority.ordinal()]++;
    return new Permit(this, priority, clock.monotonicTime(), inFlight);
  }

  /**
   * Takes out of the queue, once it has not been empty for the standing interval, every request
   * that has waited longer than the standing target: a queue that never empties only adds its wait
   * to every request it serves, and refusing them makes room for requests that can still be served
   * in time. Both scale with the service: the target is at least its latency without a queue, the
   * interval at least {@value #STANDING_INTERVAL_PER_REFERENCE} of them; until the limit has
   * measured that latency (its first window), only the queue's own bound applies, so that a cold
   * start's slow first calls refuse nothing. Heads only: each class's queue is in arrival order.
   */
  private Stale dropStale(long now) {
    long reference = (long) limiter.referenceNanos();
    if (queued == 0 || reference == 0) {
      return Stale.NONE;
    }
    long interval =
        Math.max(settings.standingIntervalNanos(), STANDING_INTERVAL_PER_REFERENCE * reference);
    if (now - lastEmptyNanos < interval) {
      return Stale.NONE;
    }
    long target = Math.max(settings.standingTargetNanos(), reference);
    List<Ticket> stale = null;
    for (ArrayDeque<Ticket> queue : queues) {
      Ticket head;
      while ((head = queue.peekFirst()) != null && now - head.enqueuedNanos > target) {
        queue.pollFirst();
        dequeued(head);
        if (stale == null) {
          stale = new ArrayList<>();
        }
        stale.add(head);
      }
    }
    return stale == null ? Stale.NONE : new Stale(stale, target);
  }

  /** Requests taken out of a standing queue, to be refused outside the lock. */
  private record Stale(List<Ticket> tickets, long targetNanos) {
    static final Stale NONE = new Stale(List.of(), 0);

    void refuse(AdmissionControl control) {
      if (tickets.isEmpty()) {
        return;
      }
      String reason =
          "waited over "
              + BigDecimal.valueOf(targetNanos / 1000, 3).stripTrailingZeros().toPlainString()
              + " ms in a standing queue";
      tickets.forEach(ticket -> control.refuse(ticket, reason));
    }
  }

  private void dequeued(Ticket ticket) {
    ticket.waiting = false;
    queuedBy[ticket.priority.ordinal()]--;
    queued--;
  }

  private void refuse(Ticket ticket, String reason) {
    metrics.refused(ticket.priority);
    ticket.waiter.refused(refusal(ticket.priority, reason));
  }

  private Refusal refusal(TransportPriority priority, String reason) {
    return new Refusal(priority, reason, limit, settings.retryAfterSeconds());
  }

  private int maxQueued() {
    return Math.max(1, (int) Math.ceil(limit * settings.queuePerLimit()));
  }

  /**
   * The permits held for class {@code c}: its share of the limit, at least one if it has a share.
   */
  private int guaranteed(int c) {
    double share = settings.shares()[c];
    return share == 0 ? 0 : Math.max(1, (int) (share * limit));
  }

  /** The class whose oldest waiter goes next: below its share first, then the highest. */
  private int next() {
    int best = -1;
    int bestRank = -1;
    for (int c = 0; c < CLASSES.length; c++) {
      if (queuedBy[c] > 0) {
        int rank = (inFlightBy[c] < guaranteed(c) ? CLASSES.length : 0) + c;
        if (rank > bestRank) {
          best = c;
          bestRank = rank;
        }
      }
    }
    return best;
  }

  /**
   * The class whose newest waiter a request of class {@code arriving} pushes out of a full queue:
   * the lowest class waiting beyond its share, if it ranks below the arriving request; else -1.
   */
  private int victim(int arriving) {
    int arrivingRank =
        (inFlightBy[arriving] + queuedBy[arriving] < guaranteed(arriving) ? CLASSES.length : 0)
            + arriving;
    for (int c = 0; c < CLASSES.length; c++) {
      boolean beyondShare = inFlightBy[c] + queuedBy[c] > guaranteed(c);
      if (queuedBy[c] > 0 && beyondShare && c < arrivingRank) {
        return c;
      }
    }
    return -1;
  }

  /** Whether {@code bytes[0..length)} holds {@code part}. */
  static boolean contains(byte[] bytes, int length, byte[] part) {
    byte first = part[0];
    for (int i = 0, last = length - part.length; i <= last; i++) {
      if (bytes[i] == first && Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "AdmissionControl{" + name + ", limit " + limit + "}";
  }

  /** How an adapter names a request's client to the {@link PriorityEntitlement}. */
  public enum ClientIdentity {
    /** The client's IP address as the server's connection sees it, e.g. {@code 198.18.0.2}. */
    REMOTE_ADDRESS,
    /** The name the request was authenticated as; null (unknown) for an anonymous request. */
    REMOTE_USER
  }

  /** Configures an {@link AdmissionControl}. Every setting has a default; all are validated. */
  public static final class Builder {
    private int initialLimit = DEFAULT_INITIAL_LIMIT;
    private int minLimit = DEFAULT_MIN_LIMIT;
    private int maxLimit = DEFAULT_MAX_LIMIT;
    private double tolerance = DEFAULT_TOLERANCE;
    private Duration window = Duration.ofMillis(DEFAULT_WINDOW_MILLIS);
    private int windowSamples = DEFAULT_WINDOW_SAMPLES;
    private double queuePerLimit = DEFAULT_QUEUE_PER_LIMIT;
    private Duration maxQueueTime = Duration.ofMillis(DEFAULT_MAX_QUEUE_MILLIS);
    private Duration standingTarget = Duration.ofMillis(DEFAULT_STANDING_TARGET_MILLIS);
    private Duration standingInterval = Duration.ofMillis(DEFAULT_STANDING_INTERVAL_MILLIS);
    private int retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS;
    private final double[] shares = {
      DEFAULT_BEST_EFFORT_SHARE, DEFAULT_ASSURED_SHARE, DEFAULT_EXPEDITED_SHARE
    };
    private PriorityEntitlement entitlement = PriorityEntitlement.everyone(DEFAULT_ENTITLEMENT);
    private ClientIdentity clientIdentity = ClientIdentity.REMOTE_ADDRESS;
    private String name = DEFAULT_NAME;
    private MeterRegistry meterRegistry;
    private Clock clock;

    private Builder() {}

    /**
     * The limit at the start, its floor and its ceiling. Defaults: {@value #DEFAULT_INITIAL_LIMIT},
     * {@value #DEFAULT_MIN_LIMIT}, {@value #DEFAULT_MAX_LIMIT}; {@code 1 <= min <= initial <= max}.
     * {@code limit(n, n, n)} fixes it.
     */
    public Builder limit(int initial, int min, int max) {
      if (min < 1 || initial < min || max < initial) {
        throw new IllegalArgumentException(
            "limit: initial "
                + initial
                + ", min "
                + min
                + ", max "
                + max
                + " (expected: 1 <= min <= initial <= max)");
      }
      this.initialLimit = initial;
      this.minLimit = min;
      this.maxLimit = max;
      return this;
    }

    /**
     * How much slower than the reference (the service's latency without a queue) a window's mean
     * latency may be before the limit shrinks. Default {@value #DEFAULT_TOLERANCE}; at least 1.
     */
    public Builder tolerance(double tolerance) {
      if (!(tolerance >= 1) || Double.isInfinite(tolerance)) {
        throw new IllegalArgumentException("tolerance: " + tolerance + " (expected: >= 1)");
      }
      this.tolerance = tolerance;
      return this;
    }

    /**
     * A measuring window: at least {@code duration} and {@code samples} requests. Defaults {@value
     * #DEFAULT_WINDOW_MILLIS} ms and {@value #DEFAULT_WINDOW_SAMPLES}.
     */
    public Builder window(Duration duration, int samples) {
      requireNonNull(duration, "duration");
      if (duration.isNegative() || samples < 1) {
        throw new IllegalArgumentException(
            "window: " + duration + ", " + samples + " samples (expected: >= 0, >= 1)");
      }
      this.window = duration;
      this.windowSamples = samples;
      return this;
    }

    /**
     * The requests that may wait, as a multiple of the current limit (at least one waits). Default
     * {@value #DEFAULT_QUEUE_PER_LIMIT}; 0..100.
     */
    public Builder queuePerLimit(double queuePerLimit) {
      if (!(queuePerLimit >= 0 && queuePerLimit <= 100)) {
        throw new IllegalArgumentException(
            "queuePerLimit: " + queuePerLimit + " (expected: 0..100)");
      }
      this.queuePerLimit = queuePerLimit;
      return this;
    }

    /**
     * The longest a request waits before it is refused. Default {@value #DEFAULT_MAX_QUEUE_MILLIS}
     * ms; positive.
     */
    public Builder maxQueueTime(Duration maxQueueTime) {
      requireNonNull(maxQueueTime, "maxQueueTime");
      if (maxQueueTime.isNegative() || maxQueueTime.isZero()) {
        throw new IllegalArgumentException(
            "maxQueueTime: " + maxQueueTime + " (expected: positive)");
      }
      this.maxQueueTime = maxQueueTime;
      return this;
    }

    /**
     * How long a request may wait in a standing queue: once the queue has not been empty for {@code
     * interval}, a request that has waited more than {@code target} is refused ({@code waited over
     * 5 ms in a standing queue}) rather than served late. A queue that empties now and then absorbs
     * bursts, up to {@link #maxQueueTime}; one that never does only adds its wait to every request
     * it serves. After the controlled delay of Facebook's servers ("Fail at Scale", 2015) and
     * CoDel. Both follow a slow service: the target is at least its latency without a queue (as the
     * limit measures it), the interval at least 20 such latencies; until the limit's first window
     * has measured it, only {@link #maxQueueTime} applies. Defaults {@value
     * #DEFAULT_STANDING_TARGET_MILLIS} ms and {@value #DEFAULT_STANDING_INTERVAL_MILLIS} ms; {@code
     * target} positive, {@code interval} at least 0. A target of {@link #maxQueueTime} or more
     * turns it off.
     */
    public Builder standingQueue(Duration target, Duration interval) {
      requireNonNull(target, "target");
      requireNonNull(interval, "interval");
      if (target.isNegative() || target.isZero() || interval.isNegative()) {
        throw new IllegalArgumentException(
            "standingQueue: target "
                + target
                + ", interval "
                + interval
                + " (expected: target positive, interval >= 0)");
      }
      this.standingTarget = target;
      this.standingInterval = interval;
      return this;
    }

    /**
     * The {@code Retry-After} of a refusal, in seconds. Default {@value
     * #DEFAULT_RETRY_AFTER_SECONDS}; at least 1.
     */
    public Builder retryAfterSeconds(int seconds) {
      if (seconds < 1) {
        throw new IllegalArgumentException("retryAfterSeconds: " + seconds + " (expected: >= 1)");
      }
      this.retryAfterSeconds = seconds;
      return this;
    }

    /**
     * The share of the limit held for {@code priority}: while it uses less, it goes before every
     * higher class and is never pushed out of the queue. Defaults: expedited {@value
     * #DEFAULT_EXPEDITED_SHARE}, assured {@value #DEFAULT_ASSURED_SHARE}, best effort {@value
     * #DEFAULT_BEST_EFFORT_SHARE}; each 0..1, their sum at most 1.
     */
    public Builder share(TransportPriority priority, double share) {
      requireNonNull(priority, "priority");
      if (!(share >= 0 && share <= 1)) {
        throw new IllegalArgumentException(
            "share(" + priority.token() + "): " + share + " (expected: 0..1)");
      }
      this.shares[priority.ordinal()] = share;
      return this;
    }

    /**
     * The highest class each client may get; a request asking for more is clamped to it. Default:
     * {@link #DEFAULT_ENTITLEMENT} for every client.
     */
    public Builder entitlement(PriorityEntitlement entitlement) {
      this.entitlement = requireNonNull(entitlement, "entitlement");
      return this;
    }

    /** How a request's client is named to the entitlement. Default: its remote address. */
    public Builder clientIdentity(ClientIdentity clientIdentity) {
      this.clientIdentity = requireNonNull(clientIdentity, "clientIdentity");
      return this;
    }

    /** The {@code control} tag of the meters. Default {@value #DEFAULT_NAME}. */
    public Builder name(String name) {
      requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("name: blank (expected: a tag value)");
      }
      this.name = name;
      return this;
    }

    /** Where the meters go. Default: Micrometer's global registry. */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /** The clock latency is measured on. Default: the meter registry's. */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /** Whether a meter registry was given, for a feature that otherwise takes the bus's. */
    boolean hasMeterRegistry() {
      return meterRegistry != null;
    }

    /**
     * Returns the control.
     *
     * @throws IllegalArgumentException if the shares add up to more than 1
     */
    public AdmissionControl build() {
      double sum = shares[0] + shares[1] + shares[2];
      if (sum > 1 + 1e-9) {
        throw new IllegalArgumentException("shares: sum " + sum + " (expected: at most 1)");
      }
      return new AdmissionControl(
          this,
          new AdmissionSettings(
              initialLimit,
              minLimit,
              maxLimit,
              tolerance,
              window.toNanos(),
              windowSamples,
              queuePerLimit,
              maxQueueTime.toNanos(),
              standingTarget.toNanos(),
              standingInterval.toNanos(),
              retryAfterSeconds,
              shares.clone()));
    }
  }
}
