package io.wsqos.benchmarks.experiment;

import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.client.NoOfferException;
import io.wsqos.broker.client.QosAwareClientFeature;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.examples.bookstore.BookNotFoundFault;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.examples.bookstore.InvalidRequestFault;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import javax.xml.namespace.QName;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;

/**
 * One of Table 6's clients in a JVM of its own, for the {@code adaptive-offers} experiment: a CXF
 * client of the bookstore whose {@link QosAwareClientFeature} follows the broker's best offer
 * within its maximum price, calling {@code getBookInfo} in an open loop at a fixed rate while it
 * has joined. A call made while no offer is within the maximum is refused by the feature without a
 * request. It reads {@code join}, {@code leave} and {@code stop} on stdin; at {@code stop} it
 * writes every call (sent at, outcome, milliseconds) to its calls file.
 */
public final class AdaptiveClient {

  /** The bookstore's port type, as the broker knows the service. */
  static final QName SERVICE = new QName(BookstoreService.NAMESPACE, "Bookstore");

  static final String READY = "adaptive-client ready";

  /**
   * The client JVM's logging: CXF logs every failed call with its stack trace, which while calls
   * are refused or time out by the hundred would cost the client more CPU than its calls.
   */
  static final String LOGGING =
      "-Dlogback.configurationFile=io/wsqos/benchmarks/adaptive-client-logback.xml";

  static final String JOIN = "join";
  static final String LEAVE = "leave";
  static final String STOP = "stop";

  /** What became of one call: answered, refused for want of an offer, timed out, failed. */
  enum Outcome {
    OK,
    NO_OFFER,
    TIMEOUT,
    FAILED
  }

  /** One call: when it was due (epoch ms), what became of it, and after how long. */
  record Call(long sentEpochMillis, Outcome outcome, double millis) {
    String line() {
      return sentEpochMillis + "," + outcome + "," + millis;
    }

    static Call parse(String line) {
      String[] f = line.split(",");
      return new Call(Long.parseLong(f[0]), Outcome.valueOf(f[1]), Double.parseDouble(f[2]));
    }
  }

  static final Option<String> BROKER =
      Option.string("broker", null, "the broker's base URL").required();
  static final Option<Double> MAX_PRICE =
      Option.decimal("max-price", null, 0, 1000, "the most it pays per call (EUR)").required();
  static final Option<Double> RATE = Option.decimal("rate", 15.0, 0.1, 1000, "calls per second");
  static final Option<Integer> TIMEOUT_MS =
      Option.integer("response-timeout-ms", 5000, 1, 600_000, "a call gives up after this long");
  static final Option<Path> CALLS = Run.path("calls", null, "where the calls are written at stop");

  private AdaptiveClient() {}

  public static void main(String[] argv) throws Exception {
    Arguments args =
        Options.of(
                "AdaptiveClient",
                "A Table 6 client following the broker's offers.",
                List.of(BROKER, MAX_PRICE, RATE, TIMEOUT_MS, CALLS))
            .parse(argv);
    QosRequirement requirement =
        QosRequirement.of(
            CompressionPreference.SERVER_DECIDES,
            QosTerms.builder().maxPrice(BigDecimal.valueOf(args.get(MAX_PRICE))).build());
    BrokerClient broker = BrokerClient.builder(URI.create(args.get(BROKER))).build();
    QosAwareClientFeature feature =
        QosAwareClientFeature.builder(broker, SERVICE, requirement).build();
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(BookstoreService.class);
    factory.setAddress("http://127.0.0.1:9/unselected"); // the feature sets each call's address
    factory.getFeatures().add(feature);
    BookstoreService proxy = factory.create(BookstoreService.class);
    HTTPClientPolicy policy = new HTTPClientPolicy();
    policy.setConnectionTimeout(args.get(TIMEOUT_MS));
    policy.setReceiveTimeout(args.get(TIMEOUT_MS));
    ((HTTPConduit) ClientProxy.getClient(proxy).getConduit()).setClient(policy);
    proxy.hello(); // the first call loads CXF's client path before the timeline starts

    ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
    AtomicBoolean joined = new AtomicBoolean();
    AtomicInteger shown = new AtomicInteger(); // the first failures' causes, for the log
    // Open loop: a slow answer holds a caller thread, never the next call's start.
    ExecutorService callers = Executors.newCachedThreadPool();
    ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    ticker.scheduleAtFixedRate(
        () -> {
          if (joined.get()) {
            long sent = System.currentTimeMillis();
            long start = System.nanoTime();
            callers.execute(() -> calls.add(call(proxy, sent, start, shown)));
          }
        },
        0,
        (long) (1e9 / args.get(RATE)),
        TimeUnit.NANOSECONDS);
    System.out.println(READY);
    System.out.flush();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null && !line.strip().equals(STOP)) {
      joined.set(line.strip().equals(JOIN) || (joined.get() && !line.strip().equals(LEAVE)));
    }
    ticker.shutdownNow();
    callers.shutdown();
    callers.awaitTermination(args.get(TIMEOUT_MS) + 5_000L, TimeUnit.MILLISECONDS);
    Files.writeString(
        args.get(CALLS),
        calls.stream().map(Call::line).collect(Collectors.joining("\n", "", "\n")));
    feature.close();
    System.exit(0);
  }

  private static Call call(BookstoreService proxy, long sent, long start, AtomicInteger shown) {
    Outcome outcome = Outcome.OK;
    try {
      proxy.getBookInfo(MonitoringClient.ISBN);
    } catch (RuntimeException | BookNotFoundFault | InvalidRequestFault e) {
      outcome = classify(e);
      if (outcome == Outcome.FAILED && shown.getAndIncrement() < 3) {
        Throwable root = e;
        while (root.getCause() != null) {
          root = root.getCause();
        }
        System.err.println("call failed: " + e + ", at the root: " + root);
      }
    }
    return new Call(sent, outcome, (System.nanoTime() - start) / 1e6);
  }

  static Outcome classify(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NoOfferException) {
        return Outcome.NO_OFFER;
      }
      if (t instanceof java.net.SocketTimeoutException || t instanceof HttpTimeoutException) {
        return Outcome.TIMEOUT;
      }
    }
    return Outcome.FAILED;
  }
}
