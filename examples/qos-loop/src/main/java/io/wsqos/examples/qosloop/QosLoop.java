package io.wsqos.examples.qosloop;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.ClientRegistration;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.OperationQos;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.app.Broker;
import io.wsqos.broker.app.BrokerOptions;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.client.QosAwareClientFeature;
import io.wsqos.core.ClientTimeouts;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.examples.bookstore.BookNotFoundFault;
import io.wsqos.examples.bookstore.BookstoreImpl;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.examples.bookstore.InvalidRequestFault;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.server.Launcher;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import javax.xml.namespace.QName;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;

/**
 * {@code java -jar qos-loop.jar}: the WS-QoS loop end to end, in one JVM, printed step by step. A
 * broker and two bookstore providers start; a client states its requirement and the broker selects
 * the cheaper offer; a call is compressed and monitored; that provider slows down; the client's own
 * measurements, reported to the broker, break the offer's promise, the broker flags it, and the
 * client moves to the other provider. Every figure printed is read from the parts. Everything is
 * closed at the end; the run gives up after {@link #TIME_LIMIT}.
 */
public final class QosLoop implements AutoCloseable {

  /** The bookstore's port type, the service both providers offer. */
  static final QName BOOKSTORE = new QName(BookstoreService.NAMESPACE, "Bookstore");

  /** The client's requirement: compressed answers, at most 0.50 EUR a call, within 100 ms. */
  static final QosRequirement REQUIREMENT =
      QosRequirement.of(
          CompressionPreference.COMPRESS,
          QosTerms.builder().maxPrice(new BigDecimal("0.50")).maxResponseTimeMillis(100).build());

  /** Budget Books: cheaper, promises 50 ms; the provider that slows down. */
  static final OfferTerms BUDGET_OFFER =
      OfferTerms.builder()
          .price("0.05", "EUR")
          .maxResponseTimeMillis(50)
          .availability(0.99)
          .throughputPerSecond(100)
          .compression(true)
          .build();

  /** Express Books: dearer, promises 100 ms. */
  static final OfferTerms EXPRESS_OFFER =
      OfferTerms.builder()
          .price("0.20", "EUR")
          .maxResponseTimeMillis(100)
          .availability(0.999)
          .throughputPerSecond(500)
          .compression(true)
          .build();

  /**
   * The broker's quality rule, small enough for a run of seconds: reports count for 30 s, and an
   * operation needs 10 requests before its measurements can flag an offer (defaults 5 min and 20).
   */
  static final List<String> QUALITY_RULE =
      List.of("--quality-window", "30s", "--quality-min-requests", "10");

  /** How often the client reports: the broker takes 2 reports a second from one token. */
  static final Duration REPORT_PERIOD = Duration.ofMillis(500);

  /** How late the slowed provider answers: four times what it promised. */
  static final Duration SLOW_DOWN = Duration.ofMillis(200);

  /**
   * How long a request to the broker may take (default 5 s): on a machine busy with other work, the
   * broker's first requests can take seconds.
   */
  static final Duration BROKER_TIMEOUT = Duration.ofSeconds(30);

  /** The longest the whole loop may take before the run gives up. */
  static final Duration TIME_LIMIT = Duration.ofSeconds(60);

  /** Each call asks for three books: about 36 KB of SOAP, worth compressing. */
  static final List<String> ISBNS =
      List.of("978-1-4000-0000-5", "978-1-4000-0001-2", "978-1-4000-0002-9");

  /** Calls made after the move, to show they stay with the new provider. */
  private static final int CALLS_AFTER_MOVE = 3;

  /** Calls to each provider before the loop, outside it (see {@link #warmUp}). */
  private static final int WARM_UP_CALLS = 10;

  private final List<AutoCloseable> opened;
  private final Path registryDir;
  private final Broker broker;
  private final BrokerClient admin;
  private final LoopProvider budget;
  private final LoopProvider express;
  private final QosAwareClientFeature qos;
  private final SimpleMeterRegistry clientMeters;
  private final List<QosRecord> records;
  private final BookstoreService client;
  private final long deadlineNanos = System.nanoTime() + TIME_LIMIT.toNanos();

  private QosLoop(
      List<AutoCloseable> opened,
      Path registryDir,
      Broker broker,
      BrokerClient admin,
      LoopProvider budget,
      LoopProvider express,
      QosAwareClientFeature qos,
      SimpleMeterRegistry clientMeters,
      List<QosRecord> records,
      BookstoreService client) {
    this.opened = opened;
    this.registryDir = registryDir;
    this.broker = broker;
    this.admin = admin;
    this.budget = budget;
    this.express = express;
    this.qos = qos;
    this.clientMeters = clientMeters;
    this.records = records;
    this.client = client;
  }

  /**
   * Starts the broker (its registry in a temporary directory, deleted at {@link #close()}) and the
   * two providers on free ports, registers them and a client through the broker's REST API, and
   * builds the client; nothing is called yet. The caller must close the result.
   */
  static QosLoop start() throws IOException {
    List<AutoCloseable> opened = new ArrayList<>();
    try {
      Path registryDir = Files.createTempDirectory("qos-loop-broker");
      opened.add(() -> deleteTree(registryDir));
      List<String> args = new ArrayList<>(QUALITY_RULE);
      args.addAll(
          List.of(
              "--port", "0",
              "--jdbc-url", "jdbc:h2:file:" + registryDir.resolve("registry"),
              "--metrics", "off"));
      // No environment: a WSQOS_BROKER_* variable of the shell must not change the example.
      Broker broker = Broker.start(BrokerOptions.parse(args.toArray(String[]::new), Map.of()));
      opened.add(0, broker);
      URI brokerAddress = URI.create(broker.address());
      BrokerClient admin = brokerClient(brokerAddress, broker.generatedAdminToken().orElseThrow());

      BookstoreService catalogue = new BookstoreImpl(); // generated once, served by both
      LoopProvider budget = LoopProvider.start("Budget Books", BUDGET_OFFER, catalogue);
      opened.add(0, budget);
      LoopProvider express = LoopProvider.start("Express Books", EXPRESS_OFFER, catalogue);
      opened.add(0, express);
      Service service = admin.registerService(BOOKSTORE, URI.create(budget.address() + "?wsdl"));
      budget.register(admin, brokerAddress, service.id());
      express.register(admin, brokerAddress, service.id());
      broker.selector().refresh(); // the first selection sees both offers
      warmUp(List.of(budget, express));

      // A registered client's selections carry receipts, which its measurement reports need.
      ClientRegistration registration = admin.registerClient("qos-loop client");
      BrokerClient asClient = brokerClient(brokerAddress, registration.token());
      SimpleMeterRegistry clientMeters = new SimpleMeterRegistry();
      List<QosRecord> records = new CopyOnWriteArrayList<>();
      // snippet-start qos-loop-readme-client-features
      QosAwareClientFeature qos =
          QosAwareClientFeature.builder(asClient, BOOKSTORE, REQUIREMENT)
              .reportMeasurements(REPORT_PERIOD)
              .meterRegistry(clientMeters)
              .build();
      CompressionFeature compression =
          CompressionFeature.builder()
              .clientPreference(REQUIREMENT.compression())
              .meterRegistry(clientMeters)
              .build();
      MonitoringFeature monitoring =
          MonitoringFeature.builder().listener(records::addAll).meterRegistry(clientMeters).build();
      // snippet-end qos-loop-readme-client-features
      opened.addAll(0, List.of(monitoring, compression, qos));
      // The address is never called: the QoS-aware feature sets each call's from the selection.
      BookstoreService client =
          client("http://broker-selects.invalid/bookstore", List.of(qos, compression, monitoring));
      opened.add(0, () -> ClientProxy.getClient(client).destroy());
      return new QosLoop(
          opened, registryDir, broker, admin, budget, express, qos, clientMeters, records, client);
    } catch (IOException | RuntimeException e) {
      closeAll(opened, e);
      throw e;
    }
  }

  /** A client of the broker's REST API at {@code address}, acting with {@code token}. */
  static BrokerClient brokerClient(URI address, String token) {
    return BrokerClient.builder(address).token(token).requestTimeout(BROKER_TIMEOUT).build();
  }

  /**
   * A few calls to each provider, by a client of its own, before the loop: the JVM's first calls
   * load and compile classes for hundreds of milliseconds, which the broker would otherwise hold
   * against the offers.
   */
  private static void warmUp(List<LoopProvider> providers) {
    for (LoopProvider provider : providers) {
      try (CompressionFeature compression =
          CompressionFeature.builder()
              .clientPreference(REQUIREMENT.compression())
              .meterRegistry(new SimpleMeterRegistry())
              .build()) {
        BookstoreService plain = client(provider.address(), List.of(compression));
        try {
          for (int i = 0; i < WARM_UP_CALLS; i++) {
            plain.getBookDetails(ISBNS);
          }
        } catch (BookNotFoundFault | InvalidRequestFault e) {
          throw new IllegalStateException("the bookstore refused the example's ISBNs", e);
        } finally {
          ClientProxy.getClient(plain).destroy();
        }
      }
    }
  }

  /** A bookstore client of {@code address} with {@code features}; a call gives up after 10 s. */
  private static BookstoreService client(String address, List<Feature> features) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(BookstoreService.class);
    factory.setAddress(address);
    factory.getFeatures().addAll(features);
    BookstoreService client = factory.create(BookstoreService.class);
    ClientTimeouts.apply(
        ClientProxy.getClient(client), Duration.ofSeconds(5), Duration.ofSeconds(10));
    return client;
  }

  /**
   * Runs the loop's six steps, printing each to {@code out}.
   *
   * @throws IllegalStateException if a step did not happen within {@link #TIME_LIMIT}
   */
  void run(PrintStream out) {
    long started = System.nanoTime();
    out.println("1. The client states its requirement for " + BOOKSTORE);
    out.println("   " + describe(REQUIREMENT));

    out.println("2. The broker selects the offers that meet it, best first");
    Selection selection = awaitSelection();
    for (Candidate candidate : selection.candidates()) {
      out.println("   " + describe(candidate));
    }
    Candidate best =
        selection
            .best()
            .orElseThrow(() -> new IllegalStateException("the broker selects no offer"));
    if (!best.offer().equals(budget.offer())) {
      throw new IllegalStateException(
          "the broker ranks " + best.provider().name() + " first, not " + budget.name());
    }
    out.println("   the client's calls go to the first (its receipt lets the client report on it)");

    out.println(
        "3. A call, compressed and monitored: getBookDetails of " + ISBNS.size() + " books");
    LoopProvider.Compressed before = budget.compressed();
    QosRecord first = call();
    LoopProvider.Compressed compressed = budget.compressed().minus(before);
    out.println("   answered by " + providerAt(first.endpoint()) + " at " + first.endpoint());
    out.printf(
        "   compressed by the provider with %s: %d bytes of SOAP became %d (%.0f%%);"
            + " the client's monitor read %d bytes from the wire%n",
        String.join(",", budget.codecs()),
        compressed.bytesBefore(),
        compressed.bytesAfter(),
        100.0 * compressed.bytesAfter() / Math.max(1, compressed.bytesBefore()),
        first.responseBytes());
    out.printf(
        "   monitored: t1=%d t4=%d (client's clock), t2=%d t3=%d (provider's clock), in µs%n",
        first.t1Micros(), first.t4Micros(), first.t2Micros(), first.t3Micros());
    out.printf(
        "   response time t4-t1 %s = execution t3-t2 %s + communication %s%n",
        millis(first.responseMicros().orElse(-1)),
        millis(first.executionMicros().orElse(-1)),
        millis(first.communicationMicros().orElse(-1)));

    budget.slowDown(SLOW_DOWN);
    out.printf(
        "4. %s slows down: every answer now waits %d ms (it promised %d ms)%n",
        budget.name(), budget.delay().toMillis(), budget.offer().terms().maxResponseTimeMillis());

    out.printf(
        "5. The client calls on and reports what it measures every %d ms%n",
        REPORT_PERIOD.toMillis());
    Optional<MeasuredQos> flagged = Optional.empty();
    while (flagged.isEmpty()) {
      printCall(out, call());
      checkTime("flag on the offer of " + budget.name());
      flagged = admin.measuredQos(budget.offer().id()).filter(MeasuredQos::flagged);
    }
    MeasuredQos measured = flagged.get();
    out.printf(
        "   what the broker holds of offer %d (%s), from the client's reports:%n",
        budget.offer().id(), budget.name());
    for (OperationQos operation : measured.operations()) {
      out.printf(
          "     %s: %d requests in %d reports, p95 %.1f ms, availability %.3f%n",
          operation.operation(),
          operation.requests(),
          operation.reports(),
          operation.p95Millis(),
          operation.availability());
    }
    out.println("   flagged: " + measured.reason());

    out.println("6. The broker no longer selects the flagged offer, and the client moves");
    QosRecord last = call();
    printCall(out, last);
    while (!last.endpoint().equals(express.address())) {
      checkTime("move of the client to " + express.name());
      last = call();
      printCall(out, last);
    }
    for (int i = 1; i < CALLS_AFTER_MOVE; i++) {
      printCall(out, call());
    }
    out.println(
        "   the broker's selection now: "
            + qos.selection().orElseThrow().candidates().stream()
                .map(c -> c.provider().name())
                .toList());
    out.printf(
        "The loop closed in %.1f s, %d calls.%n",
        (System.nanoTime() - started) / 1e9, records.size());
  }

  private Selection awaitSelection() {
    while (qos.selection().isEmpty()) {
      checkTime("selection from the broker");
      pause();
    }
    return qos.selection().get();
  }

  /** One call through the QoS-aware client, and the record the client's monitor made of it. */
  private QosRecord call() {
    int before = records.size();
    try {
      client.getBookDetails(ISBNS);
    } catch (BookNotFoundFault | InvalidRequestFault e) {
      throw new IllegalStateException("the bookstore refused the example's ISBNs", e);
    }
    // The monitor records the exchange on the calling thread, before the call returns.
    if (records.size() <= before) {
      throw new IllegalStateException("the client's monitor recorded no exchange");
    }
    return records.get(records.size() - 1);
  }

  private void printCall(PrintStream out, QosRecord record) {
    out.printf(
        "   call %2d: %-13s %s%n",
        records.indexOf(record) + 1,
        providerAt(record.endpoint()),
        millis(record.responseMicros().orElse(-1)));
  }

  private String providerAt(String address) {
    return Stream.of(budget, express)
        .filter(p -> p.address().equals(address))
        .map(LoopProvider::name)
        .findFirst()
        .orElse(address);
  }

  /** The requirement in the terms of its WS-QoS header block. */
  private static String describe(QosRequirement requirement) {
    QosTerms terms = requirement.terms();
    List<String> parts = new ArrayList<>();
    terms.maxPrice().ifPresent(p -> parts.add(String.format("maxPrice %.2f", p)));
    terms.maxResponseTimeMillis().ifPresent(t -> parts.add("maxResponseTimeMillis " + t));
    terms.minAvailability().ifPresent(a -> parts.add("minAvailability " + a));
    parts.add("transportPriority " + terms.transportPriority().token());
    return "compression "
        + requirement.compression().token()
        + "; terms: "
        + String.join(", ", parts);
  }

  private static String describe(Candidate candidate) {
    OfferTerms terms = candidate.offer().terms();
    return String.format(
        "%s, offer %d: %.2f %s a call, within %d ms, availability %s, at %s",
        candidate.provider().name(),
        candidate.offer().id(),
        terms.price(),
        terms.currency(),
        terms.maxResponseTimeMillis(),
        terms.availability(),
        candidate.endpoint().address());
  }

  private static String millis(long micros) {
    return micros < 0 ? "-" : String.format("%.1f ms", micros / 1000.0);
  }

  private void checkTime(String awaited) {
    if (System.nanoTime() - deadlineNanos > 0) {
      throw new IllegalStateException(
          "no " + awaited + " within " + TIME_LIMIT.toSeconds() + " s; stopping");
    }
  }

  private static void pause() {
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** The directory of the broker's registry, deleted at {@link #close()}. */
  Path registryDir() {
    return registryDir;
  }

  Broker broker() {
    return broker;
  }

  BrokerClient admin() {
    return admin;
  }

  LoopProvider budget() {
    return budget;
  }

  LoopProvider express() {
    return express;
  }

  QosAwareClientFeature qos() {
    return qos;
  }

  SimpleMeterRegistry clientMeters() {
    return clientMeters;
  }

  /** The client monitor's records, one per call, in call order. */
  List<QosRecord> records() {
    return List.copyOf(records);
  }

  /**
   * Closes the client and its features (the last measurements are reported), the providers, the
   * broker, and deletes the registry's directory.
   */
  @Override
  public void close() {
    IllegalStateException failure = new IllegalStateException("the loop did not stop cleanly");
    closeAll(opened, failure);
    if (failure.getSuppressed().length > 0) {
      throw failure;
    }
  }

  private static void closeAll(List<AutoCloseable> parts, Throwable failure) {
    for (AutoCloseable part : parts) {
      try {
        part.close();
      } catch (Exception e) {
        failure.addSuppressed(e);
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** Runs the loop once; exits with 1 and one line on stderr if a step did not happen. */
  public static void main(String[] args) {
    if (args.length > 0) {
      System.err.println("usage: java -jar qos-loop.jar (it takes no options)");
      System.exit(2);
    }
    Launcher.bridgeJavaUtilLogging();
    long started = System.nanoTime();
    try (QosLoop loop = start()) {
      System.out.printf(
          "Started in %.1f s: the broker at %s (%s) and two bookstore providers%n",
          (System.nanoTime() - started) / 1e9,
          loop.broker().address(),
          String.join(" ", QUALITY_RULE));
      loop.run(System.out);
    } catch (IOException | RuntimeException e) {
      System.err.println("The QoS loop failed: " + e.getMessage());
      System.exit(1);
    }
  }
}
