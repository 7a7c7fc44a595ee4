package io.wsqos.broker.client;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.Measurement;
import io.wsqos.core.FeatureLifecycle;
import java.time.Duration;
import java.util.Optional;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A provider's monitor of one offer: on the server (endpoint) that serves the offer, it measures
 * each call from its request's arrival to its answer's sending (a fault as failed), and reports
 * what it measured, per operation, to the broker every period through a {@link MeasurementReporter}
 * carrying the provider's token. The broker holds the reports against the offer's guarantee (its
 * measured QoS).
 *
 * <p>Per call the feature reads the clock twice and records under a short lock; reports go out on
 * the reporter's own thread.
 *
 * <p><b>Where.</b> On a server; on a bus, on every server of the bus (all of them then report as
 * this one offer); on a client it does nothing. <b>Lifecycle.</b> The reporting thread starts when
 * the feature is first added and stops, after a last report, when every server and bus it was added
 * to has gone, or at {@link #close()} (see {@link FeatureLifecycle}).
 */
public final class OfferMonitorFeature implements Feature, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(OfferMonitorFeature.class);
  private static final String RECEIVED_AT = OfferMonitorFeature.class.getName() + ".receivedAt";

  /**
   * Returns a feature reporting offer {@code offerId}'s calls through {@code provider}, a broker
   * client carrying the offer's provider's token, every {@code period} (100 ms to 1 h).
   */
  public static OfferMonitorFeature of(BrokerClient provider, long offerId, Duration period) {
    return new OfferMonitorFeature(
        MeasurementReporter.builder(provider).period(period).build(), offerId);
  }

  private final MeasurementReporter reporter;
  private final long offerId;
  private final FeatureLifecycle lifecycle;
  private final Arrival arrival = new Arrival();
  private final Answer answer = new Answer();

  private OfferMonitorFeature(MeasurementReporter reporter, long offerId) {
    this.reporter = requireNonNull(reporter, "reporter");
    if (offerId < 1) {
      throw new IllegalArgumentException("offerId: " + offerId + " (expected: at least 1)");
    }
    this.offerId = offerId;
    this.lifecycle =
        new FeatureLifecycle(
            "OfferMonitorFeature of offer " + offerId, reporter::start, reporter::close);
  }

  /** Measures the calls {@code server} serves. */
  @Override
  public void initialize(Server server, Bus bus) {
    lifecycle.attach(server, bus);
    InterceptorProvider endpoint = server.getEndpoint();
    if (!endpoint.getInInterceptors().contains(arrival)) {
      endpoint.getInInterceptors().add(arrival);
      endpoint.getOutInterceptors().add(answer);
      endpoint.getOutFaultInterceptors().add(answer);
    }
  }

  /** Does nothing: a provider's offer is measured where it is served. */
  @Override
  public void initialize(Client client, Bus bus) {
    log.debug("{} added to client {}: nothing to do there", this, client);
  }

  /** On a server's endpoint, as {@link #initialize(Server, Bus)} would; on a bus, on the bus. */
  @Override
  public void initialize(InterceptorProvider provider, Bus bus) {
    if (provider == bus) {
      initialize(bus);
    }
  }

  /** Measures every call the bus's servers serve, as this feature's one offer. */
  @Override
  public void initialize(Bus bus) {
    lifecycle.attach(bus);
    if (!bus.getInInterceptors().contains(arrival)) {
      bus.getInInterceptors().add(arrival);
      bus.getOutInterceptors().add(answer);
      bus.getOutFaultInterceptors().add(answer);
    }
  }

  /** Sends what the current window holds and stops reporting. Idempotent. */
  @Override
  public void close() {
    lifecycle.close();
  }

  @Override
  public String toString() {
    return "OfferMonitorFeature[offer " + offerId + ", " + reporter + "]";
  }

  /** Stamps a request's arrival in its exchange. */
  private static final class Arrival extends AbstractPhaseInterceptor<Message> {
    Arrival() {
      super(Phase.RECEIVE);
    }

    @Override
    public void handleMessage(Message message) {
      if (!MessageUtils.isRequestor(message) && message.getExchange() != null) {
        message.getExchange().put(RECEIVED_AT, System.nanoTime());
      }
    }
  }

  /** Records a call as its answer (or fault) is about to be sent. */
  private final class Answer extends AbstractPhaseInterceptor<Message> {
    Answer() {
      super(Phase.PREPARE_SEND);
    }

    @Override
    public void handleMessage(Message message) {
      Exchange exchange = message.getExchange();
      if (exchange == null || MessageUtils.isRequestor(message)) {
        return;
      }
      Object arrived = exchange.remove(RECEIVED_AT);
      if (!(arrived instanceof Long start)) {
        return; // already recorded, or not a request this feature saw arrive
      }
      BindingOperationInfo operation = exchange.getBindingOperationInfo();
      boolean fault = message == exchange.getOutFaultMessage();
      reporter.record(
          offerId,
          Optional.empty(),
          operation == null ? Measurement.ALL_OPERATIONS : operation.getName().getLocalPart(),
          System.nanoTime() - start,
          fault);
    }
  }
}
