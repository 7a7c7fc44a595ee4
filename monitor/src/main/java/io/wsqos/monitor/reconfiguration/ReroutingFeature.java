package io.wsqos.monitor.reconfiguration;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.wsqos.core.Checks;
import io.wsqos.core.FeatureLifecycle;
import io.wsqos.core.FeatureMeters;
import io.wsqos.core.overload.BusyAnswers;
import io.wsqos.core.overload.ProviderBusyException;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.diagnosis.Alarm;
import io.wsqos.monitor.diagnosis.AlarmListener;
import io.wsqos.monitor.diagnosis.NetworkLossRule;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.service.model.EndpointInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * QoS-driven rerouting of a CXF client among the endpoints that serve its service, best first:
 *
 * <pre>{@code
 * ReroutingFeature rerouting =
 *     ReroutingFeature.builder(EndpointCandidates.of(Map.of("Bookstore", List.of(a, b))),
 *             "Bookstore", registry)
 *         .probe(EndpointProbe.soapRequest(helloEnvelope, Duration.ofMillis(500)))
 *         .idempotent("getBookInfo", "getBookDetails")
 *         .build();
 * Diagnosis diagnosis = Diagnosis.builder(registry).listener(rerouting).build();
 * clientFactory.getFeatures().add(rerouting);    // with MonitoringFeature feeding the diagnosis
 * }</pre>
 *
 * <p>Each call goes to the current endpoint (the best candidate at first; the client's own address
 * while no candidate is known). A diagnosis {@link Alarm} for the current endpoint moves the client
 * to the next healthy candidate; a call that fails on the transport (refused, reset, timed out)
 * moves it at once. A probe thread checks the endpoints left behind every probe interval, and the
 * client returns to a better-ranked one once it passes. A busy answer (HTTP 503 with {@code
 * Retry-After}, core's {@link ProviderBusyException}) is not a failure: the endpoint is avoided for
 * the Retry-After (calls go to the next usable candidate, or fail at once, held, when every one is
 * busy) and used again afterwards, with no switch and no probe. Apart from leaving an endpoint that
 * is down, the client moves at most once per cool-down. A failed call is not resent, except for
 * operations declared {@linkplain Builder#idempotent idempotent}, which are resent to the next
 * endpoint.
 *
 * <p>Metrics: {@code wsqos.monitor.reroutes} (service, from, to, reason) per switch, {@code
 * wsqos.monitor.reroutes.skipped} (service, reason) for an alarm or failure that moved nothing,
 * {@code wsqos.monitor.retries} (service, operation, result), {@code wsqos.monitor.probes}
 * (service, endpoint, result), {@code wsqos.monitor.busy} (service, endpoint) per busy answer and
 * {@code wsqos.monitor.calls.held} (service) per call held during a Retry-After. Each switch is
 * logged at INFO. Per call the feature does O(1) work: one volatile read and one message property;
 * no lock, no I/O, no logging. Add one feature to the clients of one service; they share its
 * endpoint.
 *
 * <p><b>Where.</b> On a client it reroutes that client. On a bus it reroutes each client made on
 * the bus afterwards whose service is {@link #service()} (its service's {@code {namespace}local}
 * name or local name, or its port type's: a broker's candidates name port types {@code
 * {namespace}local}). On a server it does nothing: rerouting is a client's choice.
 *
 * <p><b>Lifecycle.</b> The probe thread starts when the feature is first added to a client or a
 * bus, not when it is built, and stops once every client and bus it was added to has gone (see
 * {@link FeatureLifecycle}), or at {@link #close()}; added again, it starts again.
 */
public final class ReroutingFeature implements Feature, AlarmListener, AutoCloseable {

  /** Default least time between two switches other than leaving a down endpoint. */
  public static final long DEFAULT_COOLDOWN_MILLIS = 30_000;

  /** Default time between two probe rounds. */
  public static final long DEFAULT_PROBE_INTERVAL_MILLIS = 5_000;

  /** Default timeout of the default probe ({@link EndpointProbe#wsdl(Duration)}). */
  public static final long DEFAULT_PROBE_TIMEOUT_MILLIS = 2_000;

  /** Default most resends of one idempotent call. */
  public static final int DEFAULT_MAX_RETRIES = 1;

  /** Default: a {@code network-loss} alarm moves no client. */
  public static final boolean DEFAULT_REROUTE_ON_NETWORK_LOSS = false;

  /** Most resends of one call a builder accepts. */
  public static final int MAX_RETRIES = 16;

  /** Default name of the probe thread. */
  public static final String DEFAULT_THREAD_NAME = "wsqos-rerouting";

  private static final Duration MIN_DURATION = Duration.ofMillis(1);
  private static final Duration MAX_DURATION = Duration.ofHours(1);
  private static final Duration MIN_PROBE_INTERVAL = Duration.ofMillis(10);

  private static final Logger logger = LoggerFactory.getLogger(ReroutingFeature.class);

  private final ReroutingPolicy policy;
  private final EndpointProbe probe;
  private final Set<String> idempotentOperations;
  private final int maxRetries;
  private final boolean rerouteOnNetworkLoss;
  private final MeterRegistry registry;
  private final String threadName;
  private final long probeIntervalMillis;
  private final FeatureLifecycle lifecycle;
  // Guarded by the lifecycle: written only by its start and stop.
  private ScheduledExecutorService prober;

  // Set when the builder was given no registry: it forwards to the first bus's (FeatureMeters).
  private final CompositeMeterRegistry fromBus;

  private ReroutingFeature(Builder builder) {
    fromBus = builder.registry == null ? new CompositeMeterRegistry() : null;
    registry = builder.registry != null ? builder.registry : fromBus;
    policy =
        new ReroutingPolicy(
            builder.candidates,
            builder.service,
            builder.cooldown,
            builder.clock,
            registry,
            builder.listeners);
    probe = builder.probe;
    idempotentOperations = Set.copyOf(builder.idempotentOperations);
    maxRetries = builder.maxRetries;
    rerouteOnNetworkLoss = builder.rerouteOnNetworkLoss;
    threadName = builder.threadName;
    probeIntervalMillis = builder.probeInterval.toMillis();
    lifecycle =
        new FeatureLifecycle("ReroutingFeature of " + builder.service, this::start, this::stop);
  }

  private void start() {
    prober =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, threadName);
              thread.setDaemon(true);
              return thread;
            });
    prober.scheduleWithFixedDelay(
        this::probeRound, probeIntervalMillis, probeIntervalMillis, TimeUnit.MILLISECONDS);
  }

  private void stop() {
    ScheduledExecutorService stopping = prober;
    prober = null;
    if (stopping == null) {
      return;
    }
    stopping.shutdownNow();
    try {
      if (!stopping.awaitTermination(1, TimeUnit.SECONDS)) {
        logger.warn("Rerouting probe thread of {} did not stop within 1 s", service());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Returns a builder for the rerouting of {@code service}'s clients among {@code candidates}
   * (asked again at each decision, so a broker may change them), with metrics in {@code registry}.
   */
  public static Builder builder(
      EndpointCandidates candidates, String service, MeterRegistry registry) {
    return new Builder(candidates, service, requireNonNull(registry, "registry"));
  }

  /**
   * As {@link #builder(EndpointCandidates, String, MeterRegistry)}, with metrics in the registry of
   * the bus the feature is first added to (its client's bus), else Micrometer's global one ({@link
   * FeatureMeters#registry}).
   */
  public static Builder builder(EndpointCandidates candidates, String service) {
    return new Builder(candidates, service, null);
  }

  /** The first bus the feature is added to names the registry, when the builder was given none. */
  private void bindRegistry(Bus bus) {
    if (fromBus != null) {
      synchronized (fromBus) {
        if (fromBus.getRegistries().isEmpty()) {
          fromBus.add(FeatureMeters.registry(null, bus));
        }
      }
    }
  }

  /**
   * Moves the client away from the alarm's endpoint if it uses it; called by the diagnosis. A
   * {@value NetworkLossRule#NAME} alarm moves it only if the builder said {@link
   * Builder#rerouteOnNetworkLoss(boolean) so}.
   */
  @Override
  public void onAlarm(Alarm alarm) {
    requireNonNull(alarm, "alarm");
    if (NetworkLossRule.NAME.equals(alarm.rule())) {
      policy.onNetworkLoss(alarm.endpoint(), alarm.describe(), rerouteOnNetworkLoss);
    } else {
      policy.onAlarm(alarm.endpoint(), alarm.describe());
    }
  }

  /** The endpoint calls go to now; empty while no candidate is known (the client's own address). */
  public Optional<String> currentEndpoint() {
    return Optional.ofNullable(policy.current());
  }

  /** Every candidate and what is known of it, best ranked first. */
  public Map<String, EndpointHealth> health() {
    return policy.healthByEndpoint();
  }

  /** The service whose endpoints this feature chooses among. */
  public String service() {
    return policy.service();
  }

  /** Points {@code client}'s calls at the current endpoint and watches how they end. */
  @Override
  public void initialize(Client client, Bus bus) {
    bindRegistry(bus);
    lifecycle.attach(client, bus);
    reroute(client);
  }

  private void reroute(Client client) {
    if (client.getConduitSelector() instanceof ReroutingConduitSelector rerouting
        && rerouting.routes(policy)) {
      return; // Both on the client and on its bus.
    }
    client.setConduitSelector(
        new ReroutingConduitSelector(
            client.getConduitSelector(), policy, idempotentOperations, maxRetries, registry));
    client.getOutInterceptors().add(ReroutingConduitSelector.HOLD);
    BusyAnswers.install(client, this::busy);
  }

  /** A busy answer: counted, and the endpoint avoided for its Retry-After (no switch). */
  private void busy(ProviderBusyException answer) {
    registry
        .counter("wsqos.monitor.busy", "service", policy.service(), "endpoint", answer.endpoint())
        .increment();
    policy.onBusy(answer.endpoint(), answer.retryAfter());
  }

  /** Does nothing: rerouting is a client's choice, and a server has none to make. */
  @Override
  public void initialize(Server server, Bus bus) {
    logger.debug("{} added to server {}: nothing to reroute there", this, server);
  }

  /** On a client, as {@link #initialize(Client, Bus)}; on a bus, as {@link #initialize(Bus)}. */
  @Override
  public void initialize(InterceptorProvider interceptorProvider, Bus bus) {
    if (interceptorProvider instanceof Client client) {
      initialize(client, bus);
    } else if (interceptorProvider == bus) {
      initialize(bus);
    } else {
      logger.debug("{} added to {}: not a client, nothing to reroute", this, interceptorProvider);
    }
  }

  /** Reroutes the clients of {@link #service()} made on {@code bus} from now on. */
  @Override
  public void initialize(Bus bus) {
    bindRegistry(bus);
    lifecycle.attach(
        bus,
        client -> {
          if (servesService(client.getEndpoint().getEndpointInfo())) {
            reroute(client);
          }
        });
  }

  private boolean servesService(EndpointInfo endpoint) {
    String service = policy.service();
    QName name = endpoint.getService() == null ? null : endpoint.getService().getName();
    QName portType = endpoint.getInterface() == null ? null : endpoint.getInterface().getName();
    return name != null && (service.equals(name.toString()) || service.equals(name.getLocalPart()))
        || portType != null
            && (service.equals(portType.toString()) || service.equals(portType.getLocalPart()));
  }

  /** Probes the endpoints that are not healthy, then lets the policy decide again. */
  void probeRound() {
    try {
      for (String endpoint : policy.toProbe()) {
        if (Thread.currentThread().isInterrupted()) {
          return;
        }
        boolean healthy = probeOnce(endpoint);
        registry
            .counter(
                "wsqos.monitor.probes",
                "service",
                policy.service(),
                "endpoint",
                endpoint,
                "result",
                healthy ? "healthy" : "unhealthy")
            .increment();
        policy.onProbe(endpoint, healthy);
      }
      policy.reevaluate();
    } catch (RuntimeException e) {
      // A scheduled task that throws is never run again: log and keep probing.
      logger.error("Rerouting probe round of {} failed; the next round continues", service(), e);
    }
  }

  private boolean probeOnce(String endpoint) {
    try {
      return probe.isHealthy(endpoint);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (Exception e) {
      logger.debug("Probe of {} failed", endpoint, e);
      return false;
    }
  }

  /**
   * Stops the probe thread (waiting at most one second for a probe in flight) now rather than when
   * the last client or bus it was added to goes. Idempotent.
   */
  @Override
  public void close() {
    lifecycle.close();
  }

  @Override
  public String toString() {
    return "ReroutingFeature{" + service() + " -> " + policy.current() + '}';
  }

  /** Configures a {@link ReroutingFeature}; every setting has a default. */
  public static final class Builder {
    private final EndpointCandidates candidates;
    private final String service;
    private final MeterRegistry registry;
    private Duration cooldown = Duration.ofMillis(DEFAULT_COOLDOWN_MILLIS);
    private Duration probeInterval = Duration.ofMillis(DEFAULT_PROBE_INTERVAL_MILLIS);
    private EndpointProbe probe;
    private final Set<String> idempotentOperations = new LinkedHashSet<>();
    private int maxRetries = DEFAULT_MAX_RETRIES;
    private boolean rerouteOnNetworkLoss = DEFAULT_REROUTE_ON_NETWORK_LOSS;
    private final List<RerouteListener> listeners = new ArrayList<>();
    private Clock clock = Clock.systemUTC();
    private String threadName = DEFAULT_THREAD_NAME;

    private Builder(EndpointCandidates candidates, String service, MeterRegistry registry) {
      this.candidates = requireNonNull(candidates, "candidates");
      this.service = Checks.notBlank("service", service);
      this.registry = registry;
    }

    /**
     * Least time between two switches, default {@value #DEFAULT_COOLDOWN_MILLIS} ms, 1 ms..1 h.
     * Leaving an endpoint that is down (or no longer a candidate) does not wait for it.
     */
    public Builder cooldown(Duration cooldown) {
      this.cooldown = Checks.inRange("cooldown", cooldown, MIN_DURATION, MAX_DURATION);
      return this;
    }

    /**
     * Time between two probe rounds, default {@value #DEFAULT_PROBE_INTERVAL_MILLIS} ms, 10 ms..1
     * h. A round probes every endpoint that is not healthy, one after the other.
     */
    public Builder probeInterval(Duration probeInterval) {
      this.probeInterval =
          Checks.inRange("probeInterval", probeInterval, MIN_PROBE_INTERVAL, MAX_DURATION);
      return this;
    }

    /**
     * How to tell that an endpoint left behind is fit again. Default {@link
     * EndpointProbe#wsdl(Duration)} with a {@value #DEFAULT_PROBE_TIMEOUT_MILLIS} ms timeout, which
     * sees an endpoint come back up but not a slow service recover; use {@link
     * EndpointProbe#soapRequest} (a cheap call) or your own probe for that.
     */
    public Builder probe(EndpointProbe probe) {
      this.probe = requireNonNull(probe, "probe");
      return this;
    }

    /**
     * Declares operations (local names, e.g. {@code getBookInfo}) safe to send twice: a call of one
     * of them that fails on the transport is resent to the next endpoint. Default none: no call is
     * ever resent, since a call that timed out may have been served.
     */
    public Builder idempotent(String... operations) {
      requireNonNull(operations, "operations");
      for (String operation : operations) {
        requireNonNull(operation, "operation");
        if (operation.isBlank()) {
          throw new IllegalArgumentException(
              "operation: '" + operation + "' (expected: an operation's local name)");
        }
        idempotentOperations.add(operation);
      }
      return this;
    }

    /**
     * Most resends of one idempotent call, each to an endpoint it has not tried, default {@value
     * #DEFAULT_MAX_RETRIES}, 1..{@value #MAX_RETRIES}.
     */
    public Builder maxRetries(int maxRetries) {
      this.maxRetries = Checks.inRange("maxRetries", maxRetries, 1, MAX_RETRIES);
      return this;
    }

    /**
     * Whether a {@value NetworkLossRule#NAME} alarm moves the client off that path like any other
     * alarm (reason {@code network-loss}), default {@value #DEFAULT_REROUTE_ON_NETWORK_LOSS}: by
     * default it stays, since the provider is not to blame and a loss on the client's own link
     * follows it to every provider; compressing for the path is the remedy there ({@code
     * EndpointPreferences}). Set it when providers are reached over paths of their own.
     */
    public Builder rerouteOnNetworkLoss(boolean rerouteOnNetworkLoss) {
      this.rerouteOnNetworkLoss = rerouteOnNetworkLoss;
      return this;
    }

    /** Adds a listener told of each switch, called in the order added. */
    public Builder listener(RerouteListener listener) {
      listeners.add(requireNonNull(listener, "listener"));
      return this;
    }

    /** The clock of the cool-down and of the events, default the system UTC clock. */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /** Name of the probe thread, default {@value #DEFAULT_THREAD_NAME}. */
    public Builder threadName(String threadName) {
      this.threadName = Checks.notBlank("threadName", threadName);
      return this;
    }

    /** Returns the feature; its probe thread starts when it is first added to a client or a bus. */
    public ReroutingFeature build() {
      if (probe == null) {
        probe = EndpointProbe.wsdl(Duration.ofMillis(DEFAULT_PROBE_TIMEOUT_MILLIS));
      }
      return new ReroutingFeature(this);
    }
  }
}
