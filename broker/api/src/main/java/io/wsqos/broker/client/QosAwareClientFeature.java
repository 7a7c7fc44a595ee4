package io.wsqos.broker.client;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.Selection;
import io.wsqos.core.FeatureLifecycle;
import io.wsqos.core.FeatureMeters;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.core.overload.BusyAnswers;
import io.wsqos.core.overload.ProviderBusyException;
import io.wsqos.core.routing.EndpointCandidates;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.namespace.QName;
import org.apache.cxf.Bus;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.EndpointInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client that states its QoS and lets the broker choose where its calls go. For a service and a
 * {@link QosRequirement} (price, response time, availability, priority, compression), the feature
 * keeps the broker's selection current with a {@link SelectionWatcher} (no broker round trip per
 * call) and sends each call to the best offer's endpoint, with the requirement in the WS-QoS {@code
 * Requirement} header, so that compression and transport priority follow from the same contract (a
 * {@code CompressionFeature} on the same client keeps these terms and sets its own preference).
 * When the broker's selection changes (a price rises past the requirement, an offer is withdrawn or
 * expires), the next call goes to the new best offer; while no offer meets the requirement, calls
 * fail at once with a {@link NoOfferException} naming it (no request is sent) and resume when one
 * does.
 *
 * <p><b>Busy providers.</b> A provider that answers busy (HTTP 503 with {@code Retry-After}: the
 * call fails at once with core's {@link ProviderBusyException}, not resent) is skipped for its
 * Retry-After: calls go to the next offer of the selection, which meets the requirement too; with
 * every offer busy they fail at once, held, with a {@link ProviderBusyException} and are not sent,
 * until the first Retry-After passes. The broker is not asked again: the selection stands.
 *
 * <p>Per call the feature reads one volatile field, sets the address and writes the header: no
 * lock, no I/O. Only the first calls wait, at most {@link Builder#firstAnswerTimeout}, for the
 * broker's first answer.
 *
 * <p><b>Where.</b> On a client; on a bus, on each client made afterwards for the service's port
 * type; on a server it does nothing. {@link #candidates()} gives the same selection as core's
 * {@link EndpointCandidates}, for the monitor's rerouting.
 *
 * <p><b>Lifecycle.</b> The watching thread starts when the feature is first added, and stops when
 * every client and bus it was added to has gone, or at {@link #close()} (see {@link
 * FeatureLifecycle}).
 */
public final class QosAwareClientFeature implements Feature, AutoCloseable {

  /** Default wait of the first calls for the broker's first answer: 5 s. */
  public static final Duration DEFAULT_FIRST_ANSWER_TIMEOUT = Duration.ofSeconds(5);

  /** Counter of calls refused while no offer met the requirement. */
  public static final String REFUSED = "wsqos.client.calls.refused";

  /** The exchange's key of when its request was routed, in {@link System#nanoTime()}. */
  private static final String SENT_AT = QosAwareClientFeature.class.getName() + ".sentAt";

  /** Counter of changes of the selected offer. */
  public static final String OFFER_CHANGES = "wsqos.client.offer.changes";

  /** Counter of busy answers (503 with Retry-After), tagged service and endpoint. */
  public static final String BUSY = "wsqos.client.busy";

  /** Counter of calls held, not sent, while every selected offer's provider was busy. */
  public static final String HELD = "wsqos.client.calls.held";

  private static final Logger log = LoggerFactory.getLogger(QosAwareClientFeature.class);
  private static final String COMPRESSION_PREFERENCE =
      "io.wsqos.core.compression.ClientPreferenceInterceptor";

  /** Returns a builder for calls to {@code service} (its port type) under {@code requirement}. */
  public static Builder builder(BrokerClient broker, QName service, QosRequirement requirement) {
    return new Builder(broker, service, requirement);
  }

  private final QName service;
  private final QosRequirement requirement;
  private final Duration firstAnswerTimeout;
  private final SelectionWatcher watcher;
  private final MeterRegistry configuredMeters;
  private final FeatureLifecycle lifecycle;
  private final RoutingInterceptor routing = new RoutingInterceptor();
  private final MeasuringInterceptor measuring = new MeasuringInterceptor();
  private final Optional<MeasurementReporter> reporter;
  private final WsQosCodec codec = new WsQosCodec();
  private volatile Counter refused;
  private volatile Counter changes;
  private volatile Counter held;
  private volatile MeterRegistry meters;
  private final Clock clock;

  /** Busy endpoints and until when: swapped whole under {@code this}, read without a lock. */
  private volatile Map<String, Instant> busyUntil = Map.of();

  private QosAwareClientFeature(Builder builder) {
    service = builder.service;
    requirement = builder.requirement;
    firstAnswerTimeout = builder.firstAnswerTimeout;
    configuredMeters = builder.meterRegistry;
    clock = builder.clock;
    watcher = builder.watching.listener(this::selected).build();
    reporter =
        builder.reportEvery.map(
            period -> MeasurementReporter.builder(builder.broker).period(period).build());
    lifecycle =
        new FeatureLifecycle(
            "QosAwareClientFeature of " + service,
            () -> {
              watcher.start();
              reporter.ifPresent(MeasurementReporter::start);
            },
            () -> {
              reporter.ifPresent(MeasurementReporter::close);
              watcher.close();
            });
  }

  private void selected(Selection selection) {
    Counter counter = changes;
    if (counter != null) {
      counter.increment();
    }
    log.info(
        "{} under {}: {}",
        service,
        NoOfferException.describe(requirement),
        selection
            .best()
            .map(c -> "calls go to offer " + c.offer().id() + " at " + c.endpoint().address())
            .orElse("no offer meets the requirement; calls are paused"));
  }

  private void bindMeters(Bus bus) {
    if (refused == null) {
      MeterRegistry meters = FeatureMeters.registry(configuredMeters, bus);
      String name = service.toString();
      changes =
          Counter.builder(OFFER_CHANGES)
              .description("Changes of the offer a QoS-aware client's calls go to")
              .tag("service", name)
              .register(meters);
      held =
          Counter.builder(HELD)
              .description("Calls not sent because every selected provider had answered busy")
              .tag("service", name)
              .register(meters);
      this.meters = meters;
      refused =
          Counter.builder(REFUSED)
              .description("Calls not sent because no offer met the client's requirement")
              .tag("service", name)
              .register(meters);
    }
  }

  /** A busy answer: counted, and its endpoint skipped until its Retry-After has passed. */
  private void busy(ProviderBusyException answer) {
    MeterRegistry registry = meters;
    if (registry != null) {
      Counter.builder(BUSY)
          .description("Busy answers (HTTP 503 with Retry-After) from a provider")
          .tag("service", service.toString())
          .tag("endpoint", answer.endpoint())
          .register(registry)
          .increment();
    }
    Instant now = clock.instant();
    synchronized (this) {
      Map<String, Instant> until = new HashMap<>();
      busyUntil.forEach(
          (endpoint, end) -> {
            if (now.isBefore(end)) {
              until.put(endpoint, end);
            }
          });
      until.merge(
          answer.endpoint(),
          now.plus(answer.retryAfter()),
          (old, end) -> old.isAfter(end) ? old : end);
      busyUntil = Map.copyOf(until);
    }
    log.debug("{} is busy for {}; calls skip it meanwhile", answer.endpoint(), answer.retryAfter());
  }

  /**
   * The first candidate whose provider is not busy now; throws a held {@link ProviderBusyException}
   * when every one is. One volatile read when nothing is busy.
   */
  private Candidate notBusy(List<Candidate> candidates) {
    Map<String, Instant> busy = busyUntil;
    if (busy.isEmpty()) {
      return candidates.get(0);
    }
    Instant now = clock.instant();
    if (busy.values().stream().noneMatch(now::isBefore)) {
      // Every Retry-After has passed: back to one volatile read per call.
      synchronized (this) {
        if (busyUntil == busy) {
          busyUntil = Map.of();
        }
      }
      return candidates.get(0);
    }
    Instant soonest = null;
    for (Candidate candidate : candidates) {
      Instant end = busy.get(candidate.endpoint().address().toString());
      if (end == null || !now.isBefore(end)) {
        return candidate;
      }
      soonest = soonest == null || end.isBefore(soonest) ? end : soonest;
    }
    Counter counter = held;
    if (counter != null) {
      counter.increment();
    }
    throw new Fault(
        new ProviderBusyException(
            candidates.get(0).endpoint().address().toString(),
            Duration.between(now, soonest),
            true));
  }

  /** The selection calls follow now; empty until the broker first answered. */
  public Optional<Selection> selection() {
    return watcher.current();
  }

  /**
   * The broker's candidates for this feature's service as core's {@link EndpointCandidates}: the
   * endpoint addresses of the current selection, best first, for any name (the feature knows one
   * service).
   */
  public EndpointCandidates candidates() {
    return name -> watcher.current().map(QosAwareClientFeature::addresses).orElse(List.of());
  }

  static List<String> addresses(Selection selection) {
    return selection.candidates().stream()
        .map(c -> c.endpoint().address().toString())
        .distinct()
        .toList();
  }

  /** Routes {@code client}'s calls to the broker's best offer. */
  @Override
  public void initialize(Client client, Bus bus) {
    bindMeters(bus);
    lifecycle.attach(client, bus);
    route(client);
  }

  private void route(Client client) {
    BusyAnswers.install(client, this::busy);
    if (!client.getOutInterceptors().contains(routing)) {
      client.getOutInterceptors().add(routing);
      if (reporter.isPresent()) {
        client.getInInterceptors().add(measuring);
        client.getInFaultInterceptors().add(measuring);
      }
    }
  }

  /** Does nothing: the broker's selection is a client's concern. */
  @Override
  public void initialize(Server server, Bus bus) {
    log.debug("{} added to server {}: nothing to do there", this, server);
  }

  /** On a client, as {@link #initialize(Client, Bus)}; on a bus, as {@link #initialize(Bus)}. */
  @Override
  public void initialize(InterceptorProvider provider, Bus bus) {
    if (provider instanceof Client client) {
      initialize(client, bus);
    } else if (provider == bus) {
      initialize(bus);
    }
  }

  /** Routes each client made on {@code bus} from now on whose port type is the service. */
  @Override
  public void initialize(Bus bus) {
    bindMeters(bus);
    lifecycle.attach(
        bus,
        client -> {
          EndpointInfo endpoint = client.getEndpoint().getEndpointInfo();
          if (endpoint.getInterface() != null
              && service.equals(endpoint.getInterface().getName())) {
            route(client);
          }
        });
  }

  /** Stops watching the broker now. Idempotent. */
  @Override
  public void close() {
    lifecycle.close();
  }

  @Override
  public String toString() {
    return "QosAwareClientFeature[" + service + ", " + NoOfferException.describe(requirement) + "]";
  }

  /** Sets each request's address and requirement from the current selection. */
  private final class RoutingInterceptor extends AbstractPhaseInterceptor<Message> {
    RoutingInterceptor() {
      // SETUP: before the conduit is chosen; before compression's preference, which keeps terms.
      super(Phase.SETUP);
      addBefore(COMPRESSION_PREFERENCE);
    }

    @Override
    public void handleMessage(Message message) {
      if (!MessageUtils.isRequestor(message) || !MessageUtils.isOutbound(message)) {
        return;
      }
      Optional<Selection> selection = watcher.current();
      if (selection.isEmpty()) {
        selection = watcher.awaitCurrent(firstAnswerTimeout);
      }
      List<Candidate> candidates =
          selection.orElseThrow(() -> refuse("the broker has not answered")).candidates();
      if (candidates.isEmpty()) {
        throw refuse("the broker selects no offer for it");
      }
      Candidate best = notBusy(candidates);
      message.put(Message.ENDPOINT_ADDRESS, best.endpoint().address().toString());
      message.getExchange().put(Candidate.class, best);
      message.getExchange().put(SENT_AT, System.nanoTime());
      if (message instanceof SoapMessage soap) {
        codec.write(soap, requirement);
      }
    }

    /** A call that failed before an answer came (the connection, a timeout): measured as failed. */
    @Override
    public void handleFault(Message message) {
      measured(message.getExchange(), true);
    }

    private Fault refuse(String why) {
      Counter counter = refused;
      if (counter != null) {
        counter.increment();
      }
      return new Fault(new NoOfferException(service, requirement, why));
    }
  }

  /** Records the call an answer (or a fault) came for, once per exchange. */
  private void measured(Exchange exchange, boolean failed) {
    if (reporter.isEmpty() || exchange == null) {
      return;
    }
    Candidate candidate = exchange.get(Candidate.class);
    Object sentAt = exchange.remove(SENT_AT);
    if (candidate == null || !(sentAt instanceof Long start)) {
      return; // not sent to an offer (refused), or already measured
    }
    if (BusyAnswers.of(exchange).isPresent()) {
      return; // busy, not broken: a refusal the provider chose says nothing of its offer
    }
    BindingOperationInfo operation = exchange.getBindingOperationInfo();
    reporter
        .get()
        .record(
            candidate.offer().id(),
            candidate.receipt(),
            operation == null ? Measurement.ALL_OPERATIONS : operation.getName().getLocalPart(),
            System.nanoTime() - start,
            failed);
  }

  /** Measures each answer as it arrives: a fault as failed, anything else as answered. */
  private final class MeasuringInterceptor extends AbstractPhaseInterceptor<Message> {
    MeasuringInterceptor() {
      super(Phase.RECEIVE);
    }

    @Override
    public void handleMessage(Message message) {
      Exchange exchange = message.getExchange();
      boolean fault =
          exchange != null
              && (message == exchange.getInFaultMessage()
                  || message.getContent(Exception.class) != null);
      Integer status = (Integer) message.get(Message.RESPONSE_CODE);
      if (BusyAnswers.isBusy(message)) {
        exchange.remove(SENT_AT); // busy, not broken: not held against the offer
        return;
      }
      measured(exchange, fault || (status != null && status >= 500));
    }
  }

  /** Configures a {@link QosAwareClientFeature}; every setting has a default. */
  public static final class Builder {
    private final QName service;
    private final QosRequirement requirement;
    private final SelectionWatcher.Builder watching;
    private final BrokerClient broker;
    private Duration firstAnswerTimeout = DEFAULT_FIRST_ANSWER_TIMEOUT;
    private MeterRegistry meterRegistry;
    private Optional<Duration> reportEvery = Optional.empty();
    private Clock clock = Clock.systemUTC();

    private Builder(BrokerClient broker, QName service, QosRequirement requirement) {
      this.watching = SelectionWatcher.builder(broker, service, requirement);
      this.broker = broker;
      this.service = service;
      this.requirement = requirement;
    }

    /** The currency of the requirement's {@code maxPrice}; default the broker's. */
    public Builder currency(Currency currency) {
      watching.currency(currency);
      return this;
    }

    /** How long each watch of the broker's selection waits, 1 s to 300 s; default 30 s. */
    public Builder wait(Duration wait) {
      watching.wait(wait);
      return this;
    }

    /** How long the first calls wait for the broker's first answer, 0 to 1 min; default 5 s. */
    public Builder firstAnswerTimeout(Duration firstAnswerTimeout) {
      this.firstAnswerTimeout =
          SelectionWatcher.Builder.check(
              "firstAnswerTimeout", firstAnswerTimeout, Duration.ZERO, Duration.ofMinutes(1));
      return this;
    }

    /**
     * Where the feature counts ({@value QosAwareClientFeature#REFUSED}, {@value
     * QosAwareClientFeature#OFFER_CHANGES}, {@value QosAwareClientFeature#HELD}, tagged {@code
     * service}; {@value QosAwareClientFeature#BUSY}, tagged service and endpoint); default the
     * bus's registry ({@link FeatureMeters#registry}).
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      this.meterRegistry = requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * Measures each call (response time; a fault, a 5xx or no answer as failed) and reports what
     * was measured of each selected offer to the broker every {@code period} (100 ms to 1 h),
     * through a {@link MeasurementReporter}; default off. The broker client must carry a client's
     * token (see {@link BrokerClient#registerClient}): its selections then give the receipts the
     * reports need.
     */
    public Builder reportMeasurements(Duration period) {
      MeasurementReporter.builder(broker).period(period);
      this.reportEvery = Optional.of(period);
      return this;
    }

    /** The clock of the busy providers' Retry-After; default the system UTC clock. */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /** Returns the feature; nothing starts until it is added to a client or a bus. */
    public QosAwareClientFeature build() {
      return new QosAwareClientFeature(this);
    }
  }
}
