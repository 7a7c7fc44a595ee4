package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.xml.namespace.QName;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.bus.extension.ExtensionManagerBus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Serves the bookstore on embedded Jetty at {@code http://HOST:PORT/bookstore}. Run it with {@code
 * java -jar examples/bookstore/target/bookstore.jar [--host HOST] [--port PORT]}; it prints one
 * line, {@code Bookstore listening at http://HOST:PORT/bookstore}, once it accepts requests, and
 * stops cleanly on Ctrl-C or SIGTERM.
 */
public final class BookstoreServer implements AutoCloseable {

  /** The default interface to listen on: loopback only. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  /** The default port; 0 picks a free one. */
  public static final int DEFAULT_PORT = 8080;

  /** The path of the endpoint. */
  public static final String PATH = "/bookstore";

  static final String USAGE =
      String.join(
          System.lineSeparator(),
          "Usage: java -jar bookstore.jar [--host HOST] [--port PORT] [--delay-ms N]",
          "  --host HOST    interface to listen on (default: " + DEFAULT_HOST + ")",
          "  --port PORT    port to listen on, 0 for any free port (default: " + DEFAULT_PORT + ")",
          "  --delay-ms N   answer every call N ms late, an injected slow back end (default: 0)",
          "  --help         print this message");

  /** Jetty's threads are named after this prefix. */
  static final String THREAD_NAME_PREFIX = "bookstore-jetty";

  /** How long stopping waits for the requests in flight to finish. */
  static final long STOP_TIMEOUT_MILLIS = 5_000;

  /**
   * Connections the kernel holds for Jetty's acceptor. Jetty's default (0) leaves the JDK's 50:
   * with one connection per request at a few thousand per second, a 10 ms pause (GC, JIT) fills it
   * and every further SYN is dropped, so clients wait a second for the retransmission. Linux caps
   * the value at {@code net.core.somaxconn}.
   */
  public static final int ACCEPT_QUEUE_SIZE = 1024;

  private static final Logger logger = LoggerFactory.getLogger(BookstoreServer.class);

  private final org.eclipse.jetty.server.Server jetty;
  private final Bus bus;
  private final Server endpoint;
  private final int port;
  private final String address;
  private final AtomicBoolean closed = new AtomicBoolean();

  private BookstoreServer(
      org.eclipse.jetty.server.Server jetty, Bus bus, Server endpoint, String host, int port) {
    this.jetty = jetty;
    this.bus = bus;
    this.endpoint = endpoint;
    this.port = port;
    this.address = "http://" + uriHost(host) + ":" + port + PATH;
  }

  /**
   * Starts the bookstore over the default catalogue and returns once it accepts requests.
   *
   * @param host the interface to listen on
   * @param port the port, 0 to pick a free one
   * @throws Exception if Jetty cannot bind or start; nothing is left running then
   */
  public static BookstoreServer start(String host, int port) throws Exception {
    return start(host, port, new BookstoreImpl());
  }

  /** Starts {@code service} the same way: for a service wrapped or configured by the caller. */
  public static BookstoreServer start(String host, int port, BookstoreService service)
      throws Exception {
    return start(host, port, service, List.of());
  }

  /**
   * Starts {@code service} with server-side CXF features (compression, monitoring, ...) on its
   * endpoint.
   *
   * @throws Exception if Jetty cannot bind or start; nothing is left running then
   */
  public static BookstoreServer start(
      String host, int port, BookstoreService service, List<? extends Feature> features)
      throws Exception {
    requireNonNull(host, "host");
    requireNonNull(service, "service");
    List<Feature> endpointFeatures = List.copyOf(features);
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port: " + port + " (expected: 0..65535)");
    }
    // A dedicated bus, never the default one: shutting it down cannot affect other CXF users in
    // the same JVM, and their clients do not pick up this server's configuration.
    ExtensionManagerBus bus = new ExtensionManagerBus();
    undoDefaultBus(bus);
    bus.initialize();
    QueuedThreadPool threadPool = new QueuedThreadPool();
    threadPool.setName(THREAD_NAME_PREFIX);
    org.eclipse.jetty.server.Server jetty = new org.eclipse.jetty.server.Server(threadPool);
    jetty.setStopTimeout(STOP_TIMEOUT_MILLIS);
    Server endpoint = null;
    try {
      JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
      factory.setBus(bus);
      factory.setServiceClass(BookstoreService.class);
      factory.setServiceBean(service);
      factory.setServiceName(new QName(BookstoreService.NAMESPACE, "BookstoreService"));
      factory.setEndpointName(new QName(BookstoreService.NAMESPACE, "BookstorePort"));
      factory.setAddress(PATH);
      factory.setFeatures(new ArrayList<>(endpointFeatures));
      endpoint = factory.create();

      ServletContextHandler context = new ServletContextHandler("/");
      // The servlet serves the destinations of the bus's HTTP transport, where the relative address
      // registers (an absolute http:// address would start CXF's own Jetty engine instead).
      CXFNonSpringServlet servlet = new CXFNonSpringServlet();
      servlet.setBus(bus);
      ServletHolder holder = new ServletHolder("cxf", servlet);
      holder.setInitOrder(1);
      context.addServlet(holder, "/*");

      ServerConnector connector = new ServerConnector(jetty);
      connector.setHost(host);
      connector.setPort(port);
      connector.setAcceptQueueSize(ACCEPT_QUEUE_SIZE);
      jetty.addConnector(connector);
      // Lets stop() finish the requests in flight, up to STOP_TIMEOUT_MILLIS, before closing.
      GracefulHandler graceful = new GracefulHandler();
      graceful.setHandler(context);
      jetty.setHandler(graceful);
      jetty.start();

      return new BookstoreServer(jetty, bus, endpoint, host, connector.getLocalPort());
    } catch (Exception | Error e) {
      stopQuietly(jetty, endpoint, bus);
      throw e;
    }
  }

  /** The endpoint's URL, e.g. {@code http://127.0.0.1:8080/bookstore}. */
  public String address() {
    return address;
  }

  /** The port the server listens on, useful when started on port 0. */
  public int port() {
    return port;
  }

  /** The server's dedicated bus; shut down by {@link #close()}. */
  Bus bus() {
    return bus;
  }

  /** Blocks until the server has stopped. */
  public void join() throws InterruptedException {
    jetty.join();
  }

  /** Stops Jetty, then the endpoint and the bus. Idempotent. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      stopQuietly(jetty, endpoint, bus);
    }
  }

  private static void stopQuietly(org.eclipse.jetty.server.Server jetty, Server endpoint, Bus bus) {
    try {
      jetty.stop();
    } catch (Exception e) {
      logger.warn("Jetty did not stop cleanly", e);
    }
    if (endpoint != null) {
      endpoint.destroy();
    }
    bus.shutdown(true);
  }

  /**
   * A new bus makes itself the JVM's and the thread's default when there is none yet; undo that, so
   * that code asking for the default bus never gets this server's, which dies with it.
   */
  private static void undoDefaultBus(Bus bus) {
    if (BusFactory.getThreadDefaultBus(false) == bus) {
      BusFactory.setThreadDefaultBus(null);
    }
    if (BusFactory.getDefaultBus(false) == bus) {
      BusFactory.setDefaultBus(null);
    }
  }

  private static String uriHost(String host) {
    return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  /**
   * Runs the bookstore until the JVM is told to stop. Exits with 2 and a usage message on bad
   * arguments, with 1 if the server cannot start.
   */
  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** The body of {@link #main}, returning the exit status instead of exiting. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.println(USAGE);
      return 2;
    }
    if (options.help()) {
      out.println(USAGE);
      return 0;
    }
    SLF4JBridgeHandler.removeHandlersForRootLogger();
    SLF4JBridgeHandler.install();

    BookstoreServer server;
    try {
      BookstoreService service = new BookstoreImpl();
      if (options.delayMillis() > 0) {
        service = new DelayedBookstore(service, Duration.ofMillis(options.delayMillis()));
      }
      server = start(options.host(), options.port(), service);
    } catch (Exception e) {
      logger.error("Bookstore could not start on {}:{}", options.host(), options.port(), e);
      return 1;
    }
    logger.info("Bookstore started at {}", server.address());
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  logger.info("Bookstore stopped");
                },
                "bookstore-shutdown"));
    out.println("Bookstore listening at " + server.address());
    out.flush();
    try {
      server.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      server.close();
    }
    return 0;
  }

  /** The command line. */
  record Options(String host, int port, long delayMillis, boolean help) {

    static Options parse(String... args) {
      String host = DEFAULT_HOST;
      int port = DEFAULT_PORT;
      long delayMillis = 0;
      boolean help = false;
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        String name = arg;
        String value = null;
        int equals = arg.indexOf('=');
        if (arg.startsWith("--") && equals > 0) {
          name = arg.substring(0, equals);
          value = arg.substring(equals + 1);
        }
        switch (name) {
          case "--help", "-h" -> help = true;
          case "--host" -> {
            host = value != null ? value : valueOf(args, ++i, name);
            if (host.isBlank()) {
              throw new IllegalArgumentException("--host: '' (expected: a host name or address)");
            }
          }
          case "--port" -> port = port(value != null ? value : valueOf(args, ++i, name));
          case "--delay-ms" ->
              delayMillis = delayMillis(value != null ? value : valueOf(args, ++i, name));
          default ->
              throw new IllegalArgumentException(
                  "unknown argument: '"
                      + arg
                      + "' (expected: --host, --port, --delay-ms or --help)");
        }
      }
      return new Options(host, port, delayMillis, help);
    }

    private static String valueOf(String[] args, int i, String name) {
      if (i >= args.length) {
        throw new IllegalArgumentException(name + ": missing value");
      }
      return args[i];
    }

    private static int port(String text) {
      try {
        int port = Integer.parseInt(text);
        if (port >= 0 && port <= 65_535) {
          return port;
        }
      } catch (NumberFormatException e) {
        // reported below with the expected range
      }
      throw new IllegalArgumentException("--port: '" + text + "' (expected: 0..65535)");
    }

    private static long delayMillis(String text) {
      long max = DelayedBookstore.MAX_DELAY.toMillis();
      try {
        long millis = Long.parseLong(text);
        if (millis >= 0 && millis <= max) {
          return millis;
        }
      } catch (NumberFormatException e) {
        // reported below with the expected range
      }
      throw new IllegalArgumentException("--delay-ms: '" + text + "' (expected: 0.." + max + ")");
    }
  }
}
