package io.wsqos.examples.brokerdemo;

import static java.util.Objects.requireNonNull;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.app.Broker;
import io.wsqos.broker.app.BrokerLauncher;
import io.wsqos.broker.app.BrokerOptions;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.server.Launcher;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar broker-demo.jar}: the broker (the same options as {@code wsqos-broker.jar}) with
 * its demo, on unless {@code --demo off}: the bookstore served twice with dynamic compression and
 * monitoring, registered through the {@link BrokerService} as two providers with different offers
 * (see {@link DemoProvider}); then the broker's URLs and a {@code curl} selection are printed.
 * Registering again on a registry that has the demo's providers replaces them, so the demo starts
 * the same on every run.
 */
public final class BrokerDemo implements AutoCloseable {

  /** The bookstore's port type, the service the demo's providers offer. */
  public static final QName BOOKSTORE = new QName(BookstoreService.NAMESPACE, "Bookstore");

  static final Option<String> DEMO =
      Option.choice(
          "demo",
          "on",
          List.of("on", "off"),
          "Start the bookstore as two providers and register them (off: the broker alone)");

  static final Option<String> DEMO_DIR =
      Option.string(
              "demo-dir",
              "./data",
              "Directory of the demo bookstores' monitor databases (one sub-directory each)")
          .withMetavar("DIR");

  static final Options OPTIONS = options();

  private static final Logger logger = LoggerFactory.getLogger(BrokerDemo.class);

  private final Broker broker;
  private final Map<String, BookstoreServer> bookstores;
  private final AtomicBoolean closed = new AtomicBoolean();

  private BrokerDemo(Broker broker, Map<String, BookstoreServer> bookstores) {
    this.broker = broker;
    this.bookstores = Map.copyOf(bookstores);
  }

  private static Options options() {
    List<Option<?>> all = new ArrayList<>(BrokerOptions.OPTIONS.options());
    all.add(DEMO);
    all.add(DEMO_DIR);
    return Options.of(
        "java -jar broker-demo.jar",
        "Runs the broker with its demo: the bookstore as two providers with different offers.",
        all);
  }

  /**
   * Starts the broker as {@code arguments} (of {@link #OPTIONS}) say, then (unless {@code --demo
   * off}) the two bookstores on free ports of the broker's host, and registers them; the caller
   * owns the result.
   *
   * @throws IOException if a bookstore's monitor directory cannot be created
   */
  public static BrokerDemo start(Arguments arguments) throws IOException {
    Broker broker = Broker.start(arguments);
    Map<String, BookstoreServer> bookstores = new LinkedHashMap<>();
    if (arguments.get(DEMO).equals("off")) {
      return new BrokerDemo(broker, bookstores);
    }
    try {
      Path dir = Path.of(arguments.get(DEMO_DIR));
      for (DemoProvider provider : DemoProvider.ALL) {
        List<String> args = new ArrayList<>(provider.bookstoreOptions());
        args.addAll(
            List.of(
                "--host",
                arguments.get(BrokerOptions.HOST),
                "--port",
                "0",
                "--monitor-db-dir",
                dir.resolve(provider.directory()).toString()));
        bookstores.put(provider.name(), BookstoreServer.launch(args.toArray(String[]::new)));
      }
      register(broker.service(), broker.admin(), bookstores);
      broker.selector().refresh();
      return new BrokerDemo(broker, bookstores);
    } catch (IOException | RuntimeException e) {
      bookstores.values().forEach(BookstoreServer::close);
      broker.close();
      throw e;
    }
  }

  /** Registers the demo's providers, their endpoints and offers, replacing earlier ones. */
  private static void register(
      BrokerService service, Caller admin, Map<String, BookstoreServer> bookstores) {
    for (DemoProvider provider : DemoProvider.ALL) {
      find(service, admin, provider.name()).ifPresent(id -> service.withdrawProvider(admin, id));
    }
    BookstoreServer first = bookstores.values().iterator().next();
    URI wsdl = URI.create(first.address() + "?wsdl");
    Service bookstore =
        findService(service, admin)
            .map(found -> service.updateService(admin, found.id(), wsdl))
            .orElseGet(() -> service.registerService(admin, BOOKSTORE, wsdl));
    for (DemoProvider provider : DemoProvider.ALL) {
      ProviderRegistration registration = service.registerProvider(admin, provider.name());
      // The provider acts with its own token, as a remote one would.
      Caller caller = Caller.bearer(registration.token());
      Endpoint endpoint =
          service.registerEndpoint(
              caller,
              registration.provider().id(),
              bookstore.id(),
              URI.create(bookstores.get(provider.name()).address()),
              Set.of(Binding.SOAP_1_1));
      service.publishOffer(caller, endpoint.id(), provider.terms());
    }
  }

  private static OptionalLong find(BrokerService service, Caller admin, String name) {
    long after = 0;
    while (true) {
      Page<Provider> page = service.providers(admin, after, 1_000);
      for (Provider provider : page.items()) {
        if (provider.name().equals(name)) {
          return OptionalLong.of(provider.id());
        }
      }
      if (page.nextAfter().isEmpty()) {
        return OptionalLong.empty();
      }
      after = page.nextAfter().getAsLong();
    }
  }

  private static Optional<Service> findService(BrokerService service, Caller admin) {
    long after = 0;
    while (true) {
      Page<Service> page = service.services(admin, after, 1_000);
      for (Service found : page.items()) {
        if (found.portType().equals(BOOKSTORE)) {
          return Optional.of(found);
        }
      }
      if (page.nextAfter().isEmpty()) {
        return Optional.empty();
      }
      after = page.nextAfter().getAsLong();
    }
  }

  /** The running broker. */
  public Broker broker() {
    return broker;
  }

  /** The address of the bookstore of the demo provider {@code name}. */
  public String bookstoreAddress(String name) {
    return bookstore(name).address();
  }

  /**
   * Stops the bookstore of the demo provider {@code name} while its offer stays in the broker: an
   * outage as its clients see it (connections refused). {@link #close()} stops the rest.
   */
  void stopBookstore(String name) {
    bookstore(name).close();
  }

  private BookstoreServer bookstore(String name) {
    BookstoreServer bookstore = bookstores.get(requireNonNull(name, "name"));
    if (bookstore == null) {
      throw new IllegalArgumentException(
          "name: " + name + " (expected one of " + bookstores.keySet() + ")");
    }
    return bookstore;
  }

  /**
   * A ready-to-paste {@code curl} line that selects, through the REST API, the bookstore offers
   * answering within 200 ms: the faster provider, though the cheaper one ranks first without it.
   */
  public String curlSelection() {
    return "curl -sG "
        + broker.restAddress()
        + "/select --data-urlencode 'service="
        + BOOKSTORE
        + "' -d maxResponseTimeMillis=200";
  }

  /** Stops the bookstores, then the broker. Idempotent. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      try {
        bookstores.values().forEach(BookstoreServer::close);
      } finally {
        broker.close();
      }
    }
  }

  /** Runs the demo until the JVM is told to stop; exits with 1 and one line if it cannot start. */
  public static void main(String[] args) {
    int status = run(args, System.getenv(), System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  static int run(String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
    Arguments arguments;
    try {
      arguments = BrokerOptions.parse(OPTIONS, args, environment);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage() + " (see --help)");
      return 1;
    }
    if (arguments.helpRequested()) {
      out.print(OPTIONS.usage());
      return 0;
    }
    Launcher.bridgeJavaUtilLogging();
    BrokerDemo demo;
    try {
      demo = start(arguments);
    } catch (IOException | RuntimeException e) {
      logger.debug("The demo could not start", e);
      err.println("The broker demo could not start: " + e.getMessage());
      return 1;
    }
    BrokerLauncher.printUrls(demo.broker, out);
    if (!demo.bookstores.isEmpty()) {
      for (DemoProvider provider : DemoProvider.ALL) {
        out.println(
            "  provider " + provider.name() + ": " + demo.bookstoreAddress(provider.name()));
      }
      out.println("Select a bookstore answering within 200 ms:");
      out.println(demo.curlSelection());
    }
    out.flush();
    Launcher.closeOnShutdownAndWait(
        "wsqos-broker-demo-shutdown",
        () -> {
          demo.close();
          logger.info("Broker demo stopped");
        },
        demo.broker::join);
    return 0;
  }
}
