package io.wsqos.benchmarks.experiment;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.cli.Arguments;
import io.wsqos.core.cli.Option;
import io.wsqos.core.cli.Options;
import io.wsqos.examples.bookstore.BookstoreImpl;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;
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
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * The bookstore with a monitoring mode, for the monitoring experiments: {@code java -cp
 * benchmarks.jar io.wsqos.benchmarks.experiment.MonitoringServer
 * --mode=plain|monitored|monitor-only|cxf-metrics [--db-dir=DIR] [--jdbc-url=URL --jdbc-user=USER]
 * [--h2-settings=A=1;B=2] [--flush-interval-ms=MS] [--store-interval-ms=MS]
 * [--writer-priority=1..10] [--stats-file=FILE] [--host=HOST] [--port=PORT]}; the log writes to an
 * H2 file in {@code --db-dir} unless given a JDBC URL, with {@code QosLog}'s defaults but the flush
 * interval and writer priority given. Prints the bookstore's line {@code Bookstore listening at
 * ...} and stops on SIGTERM: Jetty first (requests in flight finish), then the {@code QosLog}
 * (everything queued is written), then it writes its counters to the stats file (a properties
 * file), so that the driver can compare the records written with the responses served.
 *
 * <p>Every mode counts the responses CXF sent (one {@link LongAdder} increment at the end of the
 * out and out-fault chains), independently of the monitor, so that the count is the same work in
 * each variant.
 */
public final class MonitoringServer {

  /** The H2 database file name (without {@code .mv.db}) in {@code --db-dir}. */
  static final String DATABASE_NAME = "qos";

  private static final String H2_FILE_SUFFIX = ".mv.db";

  /**
   * The stats file's key for the size in bytes of the log's H2 file once the log closed; absent
   * when the log wrote elsewhere than the H2 file in {@code --db-dir} ({@link #logFile}) or the
   * server ran without a log.
   */
  static final String LOG_FILE_BYTES = "log.file.bytes";

  /** How long stopping may take: Jetty's graceful stop, then the log's close. */
  static final Duration LOG_CLOSE_TIMEOUT = Duration.ofSeconds(10);

  static final Option<String> MODE =
      Option.choice(
          "mode",
          "plain",
          java.util.Arrays.stream(MonitoringMode.values()).map(MonitoringMode::token).toList(),
          "what monitors the bookstore");
  static final Option<String> HOST =
      Option.string("host", BookstoreServer.DEFAULT_HOST, "the address to listen on");
  static final Option<Integer> PORT =
      Option.integer("port", 0, 0, 65535, "the port, 0 for a free one");
  static final Option<Path> STATS_FILE =
      Run.path("stats-file", null, "where to write the counters on stop");
  static final Option<Path> DB_DIR = Run.path("db-dir", ".", "where the log's H2 file goes");
  static final Option<String> JDBC_URL =
      Option.string("jdbc-url", null, "where the log writes, instead of the H2 file");
  static final Option<String> JDBC_USER = Option.string("jdbc-user", "", "the JDBC user");
  static final Option<String> H2_SETTINGS =
      Option.string(
          "h2-settings", "", "the H2 file's settings, e.g. CACHE_SIZE=256;WRITE_DELAY=100");
  static final Option<Duration> FLUSH =
      Run.millis(
          "flush-interval-ms", QosLog.DEFAULT_FLUSH_INTERVAL_MILLIS, "the log's flush interval");
  static final Option<Duration> STORE =
      Run.millis(
          "store-interval-ms", QosLog.DEFAULT_STORE_INTERVAL_MILLIS, "the log's store interval");
  static final Option<Integer> WRITER_PRIORITY =
      Option.integer(
          "writer-priority",
          QosLog.DEFAULT_WRITER_PRIORITY,
          1,
          10,
          "the log writer's priority, 1-10");

  /** The options of a monitored JVM's log, server's or client's. */
  static final List<Option<?>> LOG_OPTIONS =
      List.of(DB_DIR, JDBC_URL, JDBC_USER, H2_SETTINGS, FLUSH, STORE, WRITER_PRIORITY);

  private MonitoringServer() {}

  /**
   * The JDBC URL of the database the monitored server writes in {@code dbDir}, with the settings
   * {@link QosLog#H2_LOG_SETTINGS} recommends.
   */
  static String jdbcUrl(Path dbDir) {
    return fileUrl(dbDir) + QosLog.H2_LOG_SETTINGS;
  }

  private static String fileUrl(Path dbDir) {
    return "jdbc:h2:file:" + dbDir.toAbsolutePath().resolve(DATABASE_NAME);
  }

  /**
   * The monitored JVM's log, server's or client's, from the options they share: {@code --db-dir}
   * (an H2 file there, whose URL gets {@code --h2-settings} instead of {@link
   * QosLog#H2_LOG_SETTINGS} when given) or {@code --jdbc-url}/{@code --jdbc-user}, {@code
   * --flush-interval-ms}, {@code --store-interval-ms} and {@code --writer-priority}.
   */
  static QosLog openLog(Arguments args, MeterRegistry registry) throws IOException {
    Files.createDirectories(args.get(DB_DIR));
    return QosLog.builder(registry)
        .jdbcUrl(logUrl(args), args.get(JDBC_USER), "")
        .closeTimeout(LOG_CLOSE_TIMEOUT)
        .flushInterval(args.get(FLUSH))
        .storeInterval(args.get(STORE))
        .writerPriority(args.get(WRITER_PRIORITY))
        .build();
  }

  /** The log's JDBC URL: {@code --jdbc-url}, else {@link #logFileUrl} in {@code --db-dir}. */
  static String logUrl(Arguments args) {
    return args.isSet(JDBC_URL) ? args.get(JDBC_URL) : logFileUrl(args.get(DB_DIR), args);
  }

  /**
   * The URL of the log's own H2 file in {@code dbDir}: with {@code --h2-settings} if given (in
   * place of {@link QosLog#H2_LOG_SETTINGS}, since H2 refuses a setting given twice), else as
   * {@link #jdbcUrl}.
   */
  static String logFileUrl(Path dbDir, Arguments args) {
    return args.isSet(H2_SETTINGS) ? fileUrl(dbDir) + h2Settings(args) : jdbcUrl(dbDir);
  }

  /** {@code --h2-settings=A=1;B=2} as {@code ;A=1;B=2}, for the log's own H2 file; or nothing. */
  static String h2Settings(Arguments args) {
    String settings = args.get(H2_SETTINGS);
    return settings.isEmpty() ? "" : ";" + settings;
  }

  public static void main(String[] argv) throws Exception {
    List<Option<?>> declared = new ArrayList<>(List.of(MODE, HOST, PORT, STATS_FILE));
    declared.addAll(LOG_OPTIONS);
    Arguments args =
        Options.of("MonitoringServer", "The bookstore with a monitoring mode.", declared)
            .parse(argv);
    MonitoringMode mode = MonitoringMode.parse("mode", args.get(MODE));
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    ResponseCounter served = new ResponseCounter();
    List<Feature> features = new ArrayList<>();
    features.add(served);
    QosLog log = null;
    switch (mode) {
      case PLAIN -> {}
      case MONITORED -> {
        log = openLog(args, registry);
        features.add(MonitoringFeature.builder().log(log).build());
      }
      case MONITOR_ONLY ->
          features.add(MonitoringFeature.builder().listener(records -> {}).build());
      case CXF_METRICS -> features.add(cxfMetrics(registry));
    }
    BookstoreServer server =
        BookstoreServer.start(args.get(HOST), args.get(PORT), new BookstoreImpl(), features);
    Optional<Path> logFile = log == null ? Optional.empty() : logFile(args);
    Path statsFile = args.optional(STATS_FILE).orElse(null);
    QosLog qosLog = log;
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    // Before the stops: Jetty's pool and the log's writer end with them, and
                    // their threads' CPU times with them.
                    Map<String, Long> threadCpu = ProcessStats.threadCpuByName();
                    server.close();
                    if (qosLog != null) {
                      qosLog.close();
                    }
                    if (statsFile != null) {
                      Properties stats = new Properties();
                      stats.setProperty("mode", mode.token());
                      stats.setProperty("responses", Long.toString(served.responses.sum()));
                      stats.setProperty("faults", Long.toString(served.faults.sum()));
                      logFile
                          .filter(Files::isRegularFile)
                          .ifPresent(f -> stats.setProperty(LOG_FILE_BYTES, sizeOf(f)));
                      ProcessStats.write(statsFile, stats, registry, threadCpu);
                    }
                  } finally {
                    stopped.countDown();
                  }
                },
                "monitoring-server-stop"));
    System.out.println(
        "Bookstore listening at " + server.address() + " (mode " + mode.token() + ")");
    System.out.flush();
    stopped.await();
  }

  /**
   * The H2 file the log writes, when its URL (given or made) names the file in {@code --db-dir};
   * empty for any other database.
   */
  static Optional<Path> logFile(Arguments args) {
    Path dbDir = args.get(DB_DIR);
    String url = logUrl(args);
    String file = fileUrl(dbDir);
    return url.equals(file) || url.startsWith(file + ";")
        ? Optional.of(dbDir.toAbsolutePath().resolve(DATABASE_NAME + H2_FILE_SUFFIX))
        : Optional.empty();
  }

  private static String sizeOf(Path file) {
    try {
      return Long.toString(Files.size(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** CXF's MetricsFeature as its documentation wires it for JAX-WS with Micrometer. */
  static MetricsFeature cxfMetrics(MeterRegistry registry) {
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

  /** Counts the responses and faults CXF sent, in every mode alike. */
  static final class ResponseCounter implements Feature {
    final LongAdder responses = new LongAdder();
    final LongAdder faults = new LongAdder();

    @Override
    public void initialize(Server server, Bus bus) {
      server.getEndpoint().getOutInterceptors().add(new Count(responses));
      server.getEndpoint().getOutFaultInterceptors().add(new Count(faults));
    }

    @Override
    public void initialize(Client client, Bus bus) {
      throw new UnsupportedOperationException("ResponseCounter on a client");
    }

    @Override
    public void initialize(InterceptorProvider interceptorProvider, Bus bus) {
      throw new UnsupportedOperationException("ResponseCounter on " + interceptorProvider);
    }

    @Override
    public void initialize(Bus bus) {
      throw new UnsupportedOperationException("ResponseCounter on a bus");
    }
  }

  private static final class Count extends AbstractPhaseInterceptor<Message> {
    private final LongAdder adder;

    Count(LongAdder adder) {
      super(Phase.PREPARE_SEND_ENDING);
      this.adder = adder;
    }

    @Override
    public void handleMessage(Message message) {
      adder.increment();
    }
  }
}
