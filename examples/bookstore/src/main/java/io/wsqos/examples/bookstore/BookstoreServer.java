package io.wsqos.examples.bookstore;

import static io.wsqos.examples.bookstore.BookstoreOptions.ADMISSION;
import static io.wsqos.examples.bookstore.BookstoreOptions.ADMISSION_ENTITLEMENT;
import static io.wsqos.examples.bookstore.BookstoreOptions.ADMISSION_MAX_LIMIT;
import static io.wsqos.examples.bookstore.BookstoreOptions.ADMISSION_MIN_LIMIT;
import static io.wsqos.examples.bookstore.BookstoreOptions.ADMISSION_STANDING_TARGET_MS;
import static io.wsqos.examples.bookstore.BookstoreOptions.ADMISSION_TOLERANCE;
import static io.wsqos.examples.bookstore.BookstoreOptions.COMPRESSION;
import static io.wsqos.examples.bookstore.BookstoreOptions.CPU_COST_US;
import static io.wsqos.examples.bookstore.BookstoreOptions.CXF_METRICS;
import static io.wsqos.examples.bookstore.BookstoreOptions.DELAY_MS;
import static io.wsqos.examples.bookstore.BookstoreOptions.DSCP;
import static io.wsqos.examples.bookstore.BookstoreOptions.HOST;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_DB_DIR;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_FLUSH_INTERVAL;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_H2_SETTINGS;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_JDBC;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_JDBC_USER;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_OTLP;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_RECORDS;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_STORE_INTERVAL;
import static io.wsqos.examples.bookstore.BookstoreOptions.MONITOR_WRITER_PRIORITY;
import static io.wsqos.examples.bookstore.BookstoreOptions.OPTIONS;
import static io.wsqos.examples.bookstore.BookstoreOptions.PORT;
import static io.wsqos.examples.bookstore.BookstoreOptions.STATS_FILE;
import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.MainArguments;
import io.wsqos.cli.Source;
import io.wsqos.core.admission.AdmissionControl;
import io.wsqos.core.admission.AdmissionHandler;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.jdbc.JdbcPool;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.monitor.otel.OpenTelemetryTracer;
import io.wsqos.proxy.DscpMarkingFeature;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.server.Launcher;
import io.wsqos.server.MetricsServlet;
import io.wsqos.server.ReadinessServlet;
import jakarta.servlet.Servlet;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.xml.namespace.QName;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.metrics.MetricsFeature;
import org.apache.cxf.metrics.micrometer.MicrometerMetricsProperties;
import org.apache.cxf.metrics.micrometer.MicrometerMetricsProvider;
import org.apache.cxf.metrics.micrometer.provider.DefaultExceptionClassProvider;
import org.apache.cxf.metrics.micrometer.provider.DefaultTimedAnnotationProvider;
import org.apache.cxf.metrics.micrometer.provider.StandardTags;
import org.apache.cxf.metrics.micrometer.provider.StandardTagsProvider;
import org.apache.cxf.metrics.micrometer.provider.jaxws.JaxwsFaultCodeProvider;
import org.apache.cxf.metrics.micrometer.provider.jaxws.JaxwsFaultCodeTagsCustomizer;
import org.apache.cxf.metrics.micrometer.provider.jaxws.JaxwsOperationTagsCustomizer;
import org.apache.cxf.metrics.micrometer.provider.jaxws.JaxwsTags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bookstore's launcher: serves it on an {@link EmbeddedServer} at {@code
 * http://HOST:PORT/bookstore} with the compression and monitoring the command line asks for, the
 * QoS report at {@code /qos/report}, the metrics at {@code /metrics} and a readiness check at
 * {@code /ready}. Run {@code java -jar bookstore.jar --help} for the options. It prints one line on
 * stdout, {@code Bookstore listening at http://HOST:PORT/bookstore}, once it accepts requests (the
 * rest goes to the log on stderr), and stops cleanly on Ctrl-C or SIGTERM.
 */
public final class BookstoreServer implements AutoCloseable {

  /** The default interface to listen on: loopback only. */
  public static final String DEFAULT_HOST = EmbeddedServer.DEFAULT_HOST;

  /** The default port; 0 picks a free one. */
  public static final int DEFAULT_PORT = 8080;

  /** The path of the endpoint. */
  public static final String PATH = "/bookstore";

  /** The path of the QoS report (Tables 2 and 3), served when the monitor logs. */
  public static final String REPORT_PATH = "/qos/report";

  /** The path of the metrics in Prometheus' text format. */
  public static final String METRICS_PATH = "/metrics";

  /** The path of the readiness check: 200 once the bookstore serves, for health checks. */
  public static final String READY_PATH = ReadinessServlet.PATH;

  /** The H2 database file name (without {@code .mv.db}) in {@code --monitor-db-dir}. */
  public static final String DATABASE_NAME = "qos";

  /**
   * The stats file's key for the size in bytes of the log's H2 file once the log closed; absent
   * when the log wrote elsewhere or the server ran without a log.
   */
  public static final String LOG_FILE_BYTES = "log.file.bytes";

  /** Jetty's threads are named after this prefix. */
  static final String THREAD_NAME_PREFIX = "bookstore-jetty";

  /** How long closing the log may take, after Jetty's graceful stop. */
  static final Duration LOG_CLOSE_TIMEOUT = Duration.ofSeconds(10);

  private static final Logger logger = LoggerFactory.getLogger(BookstoreServer.class);

  private final EmbeddedServer server;
  private final List<AutoCloseable> resources;
  private final Runnable beforeStop;
  private final Runnable afterStop;
  private final AtomicBoolean closed = new AtomicBoolean();

  private BookstoreServer(
      EmbeddedServer server,
      List<AutoCloseable> resources,
      Runnable beforeStop,
      Runnable afterStop) {
    this.server = server;
    this.resources = List.copyOf(resources);
    this.beforeStop = beforeStop;
    this.afterStop = afterStop;
  }

  /**
   * Starts the bookstore over the default catalogue, without compression or monitoring, and returns
   * once it accepts requests.
   *
   * @throws IllegalStateException if Jetty cannot bind or start; nothing is left running then
   */
  public static BookstoreServer start(String host, int port) {
    return start(host, port, new BookstoreImpl());
  }

  /** Starts {@code service} the same way: for a service wrapped or configured by the caller. */
  public static BookstoreServer start(String host, int port, BookstoreService service) {
    return start(host, port, service, List.of());
  }

  /**
   * Starts {@code service} with server-side CXF features (compression, monitoring, ...) on its
   * endpoint; the caller owns the features.
   *
   * @throws IllegalStateException if Jetty cannot bind or start; nothing is left running then
   */
  public static BookstoreServer start(
      String host, int port, BookstoreService service, List<? extends Feature> features) {
    EmbeddedServer server = serve(host, port, service, features, Map.of(), false, null);
    return new BookstoreServer(server, List.of(), () -> {}, () -> {});
  }

  /**
   * Starts the bookstore in this JVM as {@code java -jar bookstore.jar args} would, for a caller
   * (an experiment, a test) that wants the launcher's wiring without a process of its own; the
   * caller owns the result and must close it.
   *
   * @throws io.wsqos.cli.UsageException if {@code args} do not match the options
   * @throws IllegalStateException if Jetty cannot bind or start; nothing is left running then
   * @throws IOException if the monitor's database directory cannot be created
   */
  public static BookstoreServer launch(String... args) throws IOException {
    Arguments arguments = OPTIONS.parse(args);
    if (arguments.helpRequested()) {
      throw new IllegalArgumentException("--help: not a configuration (expected: options)");
    }
    return launch(arguments);
  }

  /**
   * Starts the bookstore as the command line {@code arguments} (of {@link BookstoreOptions})
   * describe; closing it stops Jetty, then the monitor's log (everything queued is written), then
   * writes the stats file if asked for.
   *
   * @throws IllegalStateException if Jetty cannot bind or start; nothing is left running then
   * @throws IllegalArgumentException if an option's value is refused by the part it configures
   */
  static BookstoreServer launch(Arguments arguments) throws IOException {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      List<Feature> features = new ArrayList<>();
      ResponseCounter served = new ResponseCounter();
      features.add(served);
      Compression compression = Compression.of(arguments.get(COMPRESSION));
      compression.feature(registry, resources).ifPresent(features::add);
      boolean monitor =
          arguments.get(MONITOR) || arguments.isSet(MONITOR_JDBC) || arguments.isSet(MONITOR_OTLP);
      Optional<OpenTelemetryTracer> tracer =
          arguments.isSet(MONITOR_OTLP)
              ? Optional.of(
                  OpenTelemetryTracer.builder()
                      .settings(
                          Map.of(
                              "otel.exporter.otlp.endpoint",
                              arguments.get(MONITOR_OTLP),
                              "otel.service.name",
                              "bookstore"))
                      .build())
              : Optional.empty();
      tracer.ifPresent(resources::add);
      boolean logRecords = monitor && arguments.get(MONITOR_RECORDS).equals("log");
      Map<String, Servlet> servlets = new LinkedHashMap<>();
      servlets.put(METRICS_PATH, new MetricsServlet(registry::scrape));
      servlets.put(READY_PATH, ReadinessServlet.whileServed());
      Optional<Path> logFile = Optional.empty();
      String logUrl = null;
      if (logRecords) {
        Path dbDir = Path.of(arguments.get(MONITOR_DB_DIR)).toAbsolutePath().normalize();
        String settings = arguments.get(MONITOR_H2_SETTINGS);
        String fileUrl = "jdbc:h2:file:" + dbDir.toAbsolutePath().resolve(DATABASE_NAME);
        if (arguments.isSet(MONITOR_JDBC)) {
          logUrl = arguments.get(MONITOR_JDBC);
        } else {
          Files.createDirectories(dbDir);
          logUrl = fileUrl + (settings.isEmpty() ? "" : ";" + settings);
          logFile = Optional.of(dbDir.toAbsolutePath().resolve(DATABASE_NAME + ".mv.db"));
        }
        QosLog log =
            QosLog.builder(registry)
                .store(
                    JdbcRecordStore.builder()
                        .url(logUrl, arguments.get(MONITOR_JDBC_USER), "")
                        .build())
                .closeTimeout(LOG_CLOSE_TIMEOUT)
                .flushInterval(arguments.get(MONITOR_FLUSH_INTERVAL))
                .storeInterval(arguments.get(MONITOR_STORE_INTERVAL))
                .writerPriority(arguments.get(MONITOR_WRITER_PRIORITY))
                .build();
        resources.add(log);
        MonitoringFeature.Builder monitoring = MonitoringFeature.builder().log(log);
        tracer.ifPresent(monitoring::tracer);
        features.add(monitoring.build());
        HikariDataSource reportSource = reportDataSource(logUrl, arguments.get(MONITOR_JDBC_USER));
        resources.add(reportSource);
        servlets.put(REPORT_PATH, new QosReportServlet(reportSource));
      } else if (monitor) {
        MonitoringFeature.Builder monitoring = MonitoringFeature.builder().listener(records -> {});
        tracer.ifPresent(monitoring::tracer);
        features.add(monitoring.build());
      }
      if (arguments.get(DSCP)) {
        features.add(DscpMarkingFeature.builder().meterRegistry(registry).build());
      }
      if (arguments.get(CXF_METRICS)) {
        features.add(cxfMetrics(registry));
      }
      AdmissionHandler admission = null;
      if (arguments.get(ADMISSION)) {
        AdmissionControl control =
            AdmissionControl.builder()
                .name("bookstore")
                .limit(
                    Math.min(
                        arguments.get(ADMISSION_MAX_LIMIT),
                        Math.max(
                            AdmissionControl.DEFAULT_INITIAL_LIMIT,
                            arguments.get(ADMISSION_MIN_LIMIT))),
                    arguments.get(ADMISSION_MIN_LIMIT),
                    arguments.get(ADMISSION_MAX_LIMIT))
                .tolerance(arguments.get(ADMISSION_TOLERANCE))
                .standingQueue(
                    Duration.ofMillis(arguments.get(ADMISSION_STANDING_TARGET_MS)),
                    Duration.ofMillis(AdmissionControl.DEFAULT_STANDING_INTERVAL_MILLIS))
                .meterRegistry(registry)
                .entitlement(
                    PriorityEntitlement.everyone(
                        TransportPriority.fromToken(arguments.get(ADMISSION_ENTITLEMENT))
                            .orElseThrow()))
                .build();
        resources.add(control);
        admission = AdmissionHandler.of(control);
      }
      BookstoreService service = new BookstoreImpl();
      if (arguments.get(CPU_COST_US) > 0) {
        service =
            new CpuCostBookstore(service, Duration.ofNanos(arguments.get(CPU_COST_US) * 1000L));
      }
      if (arguments.get(DELAY_MS) > 0) {
        service = new DelayedBookstore(service, Duration.ofMillis(arguments.get(DELAY_MS)));
      }
      EmbeddedServer server =
          serve(
              arguments.get(HOST),
              arguments.get(PORT),
              service,
              features,
              servlets,
              // Marks reach IPv4 packets only from IPv4 channels on JDK 17-20 (JDK-8303509).
              arguments.get(DSCP),
              admission);
      String mode =
          !monitor
              ? (arguments.get(CXF_METRICS) ? "cxf-metrics" : "plain")
              : logRecords ? "monitored" : "monitor-only";
      Optional<Path> statsFile = arguments.optional(STATS_FILE).map(Path::of);
      Optional<Path> writtenLogFile = logFile;
      Map<String, Long> threadCpu = new ConcurrentHashMap<>();
      Runnable beforeStop =
          () -> {
            // Before the stops: Jetty's pool and the log's writer end with them, and their
            // threads' CPU times with them.
            if (statsFile.isPresent()) {
              threadCpu.putAll(ProcessStats.threadCpuByName());
            }
          };
      Runnable afterStop =
          () ->
              statsFile.ifPresent(
                  file -> {
                    Properties stats = new Properties();
                    stats.setProperty("mode", mode);
                    stats.setProperty("compression", compression.token());
                    stats.setProperty("responses", Long.toString(served.responses.sum()));
                    stats.setProperty("faults", Long.toString(served.faults.sum()));
                    writtenLogFile
                        .filter(Files::isRegularFile)
                        .ifPresent(f -> stats.setProperty(LOG_FILE_BYTES, sizeOf(f)));
                    ProcessStats.write(file, stats, registry, threadCpu);
                  });
      BookstoreServer bookstore = new BookstoreServer(server, resources, beforeStop, afterStop);
      if (logUrl != null) {
        logger.info(
            "QoS report (Tables 2 and 3) at {}; the same from the command line: java -cp"
                + " bookstore.jar io.wsqos.monitor.jdbc.report.QosReport --jdbc-url '{}' --side"
                + " provider",
            bookstore.server.address(REPORT_PATH),
            logUrl);
      }
      logger.info("Metrics (Prometheus) at {}", bookstore.server.address(METRICS_PATH));
      return bookstore;
    } catch (RuntimeException | IOException | Error e) {
      closeAll(resources, e);
      throw e;
    }
  }

  private static EmbeddedServer serve(
      String host,
      int port,
      BookstoreService service,
      List<? extends Feature> features,
      Map<String, Servlet> servlets,
      boolean ipv4,
      AdmissionHandler admission) {
    requireNonNull(service, "service");
    EmbeddedServer.Builder builder =
        EmbeddedServer.builder()
            .host(requireNonNull(host, "host"))
            .port(port)
            .threadNamePrefix(THREAD_NAME_PREFIX)
            .endpoint(
                PATH,
                BookstoreService.class,
                service,
                features,
                factory -> {
                  factory.setServiceName(new QName(BookstoreService.NAMESPACE, "BookstoreService"));
                  factory.setEndpointName(new QName(BookstoreService.NAMESPACE, "BookstorePort"));
                });
    servlets.forEach(builder::servlet);
    if (ipv4) {
      builder.protocolFamily(StandardProtocolFamily.INET);
    }
    if (admission != null) {
      builder.admission(admission);
    }
    return builder.start();
  }

  /**
   * Longest run of one query of the report page: it reads every record of the log, so far longer
   * than a service call, yet a page that a hung database holds fails within a minute.
   */
  static final Duration REPORT_STATEMENT_TIMEOUT = Duration.ofMinutes(1);

  /** A small read-only pool for the report, apart from the log's writer. */
  private static HikariDataSource reportDataSource(String url, String user) {
    // The log's writer creates the schema; the report connects when first asked.
    return JdbcPool.builder(url)
        .credentials(user, "")
        .poolName("wsqos-report")
        .maxPoolSize(2)
        .minIdle(0)
        .readOnly(true)
        .statementTimeout(REPORT_STATEMENT_TIMEOUT)
        .connectAtFirstUse(true)
        .build();
  }

  /**
   * CXF's own {@code MetricsFeature} as its documentation wires it for JAX-WS with Micrometer
   * (standard, operation and fault-code tags), timing into {@code registry}: the baseline a
   * benchmark compares the wsqos monitor with, on a server or a client.
   */
  public static MetricsFeature cxfMetrics(MeterRegistry registry) {
    JaxwsTags jaxwsTags = new JaxwsTags();
    MicrometerMetricsProvider provider =
        new MicrometerMetricsProvider(
            registry,
            new StandardTagsProvider(new DefaultExceptionClassProvider(), new StandardTags()),
            List.of(
                new JaxwsOperationTagsCustomizer(jaxwsTags),
                new JaxwsFaultCodeTagsCustomizer(jaxwsTags, new JaxwsFaultCodeProvider())),
            new DefaultTimedAnnotationProvider(),
            new MicrometerMetricsProperties());
    return new MetricsFeature(provider);
  }

  /** The endpoint's URL, e.g. {@code http://127.0.0.1:8080/bookstore}. */
  public String address() {
    return server.address(PATH);
  }

  /** The URL of {@code path} on this server, e.g. {@link #REPORT_PATH}. */
  public String address(String path) {
    return server.address(path);
  }

  /** The port the server listens on, useful when started on port 0. */
  public int port() {
    return server.port();
  }

  /** The server's dedicated bus; shut down by {@link #close()}. */
  Bus bus() {
    return server.bus();
  }

  /** Blocks until the server has stopped. */
  public void join() throws InterruptedException {
    server.join();
  }

  /**
   * Stops Jetty (the requests in flight finish), then closes the monitor's log and the compression
   * feature, then writes the stats file if one was asked for. Idempotent.
   */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      beforeStop.run();
      try {
        server.close();
      } finally {
        closeAll(resources, null);
        afterStop.run();
      }
    }
  }

  private static void closeAll(List<AutoCloseable> resources, Throwable cause) {
    for (AutoCloseable resource : resources) {
      try {
        resource.close();
      } catch (Exception e) {
        if (cause != null) {
          cause.addSuppressed(e);
        } else {
          logger.warn("{} did not close cleanly", resource, e);
        }
      }
    }
  }

  private static String sizeOf(Path file) {
    try {
      return Long.toString(Files.size(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs the bookstore until the JVM is told to stop. Exits with 2 and the usage text on bad
   * arguments, with 1 if the server cannot start.
   */
  public static void main(String[] args) {
    int status = run(args, System.getenv(), System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /**
   * The body of {@link #main}, returning the exit status instead of exiting: {@code args} over the
   * {@value BookstoreOptions#ENV_PREFIX} variables of {@code environment}.
   */
  static int run(String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
    MainArguments parsed =
        OPTIONS.parseForMain(
            List.of(Source.environment(BookstoreOptions.ENV_PREFIX, environment)), args, out, err);
    if (parsed.done()) {
      return parsed.exitStatus();
    }
    Arguments arguments = parsed.arguments();
    Launcher.bridgeJavaUtilLogging();

    BookstoreServer server;
    try {
      server = launch(arguments);
    } catch (Exception e) {
      logger.error(
          "Bookstore could not start on {}:{}", arguments.get(HOST), arguments.get(PORT), e);
      return 1;
    }
    logger.info("Bookstore started at {}", server.address());
    out.println("Bookstore listening at " + server.address());
    out.flush();
    Launcher.closeOnShutdownAndWait(
        "bookstore-shutdown",
        () -> {
          server.close();
          logger.info("Bookstore stopped");
        },
        server::join);
    return 0;
  }
}
