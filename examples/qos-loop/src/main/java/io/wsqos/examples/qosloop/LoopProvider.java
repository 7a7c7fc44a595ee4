package io.wsqos.examples.qosloop;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.examples.bookstore.DelayedBookstore;
import io.wsqos.monitor.cxf.MonitoringFeature;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * One provider of the loop: the bookstore on a free port of {@code 127.0.0.1}, with dynamic
 * compression and the monitor, whose answers can be delayed while it serves ({@link #slowDown}); it
 * registers itself with the broker and publishes its offer with its own token, as a remote provider
 * would.
 */
final class LoopProvider implements AutoCloseable {

  /** What the provider's compression feature counted: responses compressed and their bytes. */
  record Compressed(long responses, long bytesBefore, long bytesAfter) {
    Compressed minus(Compressed earlier) {
      return new Compressed(
          responses - earlier.responses,
          bytesBefore - earlier.bytesBefore,
          bytesAfter - earlier.bytesAfter);
    }
  }

  private final String name;
  private final OfferTerms terms;
  private final DelayedBookstore bookstore;
  private final SimpleMeterRegistry meters;
  private final CompressionFeature compression;
  private final MonitoringFeature monitoring;
  private final BookstoreServer server;
  private volatile Offer offer;

  private LoopProvider(
      String name,
      OfferTerms terms,
      DelayedBookstore bookstore,
      SimpleMeterRegistry meters,
      CompressionFeature compression,
      MonitoringFeature monitoring,
      BookstoreServer server) {
    this.name = name;
    this.terms = terms;
    this.bookstore = bookstore;
    this.meters = meters;
    this.compression = compression;
    this.monitoring = monitoring;
    this.server = server;
  }

  /** Serves {@code service} (shared: the catalogue is generated once) as provider {@code name}. */
  static LoopProvider start(String name, OfferTerms terms, BookstoreService service) {
    DelayedBookstore bookstore = new DelayedBookstore(service, Duration.ZERO);
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    CompressionFeature compression = CompressionFeature.builder().meterRegistry(meters).build();
    // The provider's monitor stamps t2 and t3 into each response for the client's record; its own
    // records are not needed here.
    MonitoringFeature monitoring =
        MonitoringFeature.builder().listener(records -> {}).meterRegistry(meters).build();
    try {
      BookstoreServer server =
          BookstoreServer.start("127.0.0.1", 0, bookstore, List.of(compression, monitoring));
      return new LoopProvider(name, terms, bookstore, meters, compression, monitoring, server);
    } catch (RuntimeException e) {
      compression.close();
      monitoring.close();
      throw e;
    }
  }

  /**
   * Registers this provider (with the administrator's {@code admin} client), then, with the
   * provider's own token, its endpoint for {@code serviceId} and its offer.
   */
  Offer register(BrokerClient admin, URI broker, long serviceId) {
    ProviderRegistration registration = admin.registerProvider(name);
    BrokerClient own = QosLoop.brokerClient(broker, registration.token());
    Endpoint endpoint =
        own.registerEndpoint(
            registration.provider().id(),
            serviceId,
            URI.create(address()),
            Set.of(Binding.SOAP_1_1));
    offer = own.publishOffer(endpoint.id(), terms);
    return offer;
  }

  /** Answers every call {@code delay} late from now on: the knob that breaks the offer. */
  void slowDown(Duration delay) {
    bookstore.setDelay(delay);
  }

  /** The delay every answer waits now. */
  Duration delay() {
    return bookstore.delay();
  }

  String name() {
    return name;
  }

  String address() {
    return server.address();
  }

  /** The offer published by {@link #register}. */
  Offer offer() {
    return requireNonNull(offer, "offer: not registered yet");
  }

  /**
   * What the compression feature counted so far ({@value CompressionFeature#RESPONSES_COUNTER}).
   */
  Compressed compressed() {
    return new Compressed(
        (long) sum(CompressionFeature.RESPONSES_COUNTER, "action", "compressed"),
        (long) sum(CompressionFeature.RESPONSE_BYTES_COUNTER, "stage", "before"),
        (long) sum(CompressionFeature.RESPONSE_BYTES_COUNTER, "stage", "after"));
  }

  /** The codecs this provider compressed with so far, e.g. {@code [gzip]}. */
  List<String> codecs() {
    return meters
        .find(CompressionFeature.RESPONSES_COUNTER)
        .tag("action", "compressed")
        .counters()
        .stream()
        .filter(c -> c.count() > 0)
        .map(c -> c.getId().getTag("codec"))
        .toList();
  }

  private double sum(String counter, String tag, String value) {
    return meters.find(counter).tag(tag, value).counters().stream()
        .mapToDouble(Counter::count)
        .sum();
  }

  /** Stops the bookstore, then its features. */
  @Override
  public void close() {
    try {
      server.close();
    } finally {
      monitoring.close();
      compression.close();
    }
  }
}
