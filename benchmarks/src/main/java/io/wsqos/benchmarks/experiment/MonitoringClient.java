package io.wsqos.benchmarks.experiment;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.examples.bookstore.ProcessStats;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;

/**
 * A CXF JAX-WS client of the bookstore in a JVM of its own, with a {@link MonitoringMode}, for the
 * monitoring-client experiment. One proxy, shared by every caller thread (CXF's proxies are safe to
 * share while the request context is not changed), calls {@code getBookInfo} in a closed loop. It
 * reads commands on stdin and answers on stdout ({@link ClientProtocol}); on {@code stop} or the
 * end of stdin it closes the log (everything queued is written) and writes its counters to the
 * stats file.
 */
public final class MonitoringClient {

  /** The book every call asks for: the one of {@code examples/bookstore/requests/lite-1.xml}. */
  static final String ISBN = "978-1-4000-0000-5";

  /** Transports a client can use: the JDK HttpClient or HttpURLConnection. */
  static final List<String> TRANSPORTS = List.of("httpclient", "urlconnection");

  static final Option<String> MODE =
      Option.choice(
          "mode",
          "plain",
          MonitoringMode.CLIENT_MODES.stream().map(MonitoringMode::token).toList(),
          "what monitors the client");
  static final Option<String> URL =
      Option.string("url", null, "the bookstore's address").required();
  static final Option<String> TRANSPORT =
      Option.choice("transport", TRANSPORTS.get(0), TRANSPORTS, "the CXF conduit");
  static final Option<Path> DB_DIR = Run.path("db-dir", ".", "where the log's H2 file goes");
  static final Option<Path> STATS_FILE =
      Run.path("stats-file", null, "where to write the counters on stop");

  private MonitoringClient() {}

  public static void main(String[] argv) throws Exception {
    Arguments args =
        Options.of(
                "MonitoringClient",
                "A CXF client of the bookstore with a monitoring mode.",
                List.of(MODE, URL, TRANSPORT, DB_DIR, STATS_FILE))
            .parse(argv);
    MonitoringMode mode = MonitoringMode.of(args.get(MODE));
    String transport = args.get(TRANSPORT);
    if (transport.equals("urlconnection")) {
      // Read when CXF creates the conduit, so it must be set before the proxy is built.
      System.setProperty("org.apache.cxf.transport.http.forceURLConnection", "true");
    }
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    QosLog log = null;
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(BookstoreService.class);
    factory.setAddress(args.get(URL));
    switch (mode) {
      case PLAIN -> {}
      case MONITORED -> {
        Files.createDirectories(args.get(DB_DIR));
        log =
            QosLog.builder(registry)
                .store(
                    JdbcRecordStore.builder()
                        .url(MonitorLogs.h2Url(args.get(DB_DIR)), "", "")
                        .build())
                .build();
        factory.getFeatures().add(MonitoringFeature.builder().log(log).build());
      }
      case MONITOR_ONLY ->
          factory.getFeatures().add(MonitoringFeature.builder().listener(records -> {}).build());
      case CXF_METRICS -> factory.getFeatures().add(BookstoreServer.cxfMetrics(registry));
      case MONITORED_OTEL ->
          throw new IllegalArgumentException("--mode: " + mode + " (server only)");
    }
    BookstoreService proxy = factory.create(BookstoreService.class);
    Client client = ClientProxy.getClient(proxy);
    HTTPClientPolicy policy = new HTTPClientPolicy();
    policy.setConnectionTimeout(5_000);
    policy.setReceiveTimeout(30_000);
    ((HTTPConduit) client.getConduit()).setClient(policy);

    Callers.CallerCounts calls = new Callers.CallerCounts();
    try (Callers callers = new Callers(() -> proxy.getBookInfo(ISBN), calls)) {
      System.out.printf(
          "%s (mode %s, transport %s, conduit %s)%n",
          ClientProtocol.READY, mode, transport, client.getConduit().getClass().getSimpleName());
      System.out.flush();
      BufferedReader in =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String line;
      while ((line = in.readLine()) != null && !line.strip().equals(ClientProtocol.STOP)) {
        if (line.isBlank()) {
          continue;
        }
        try {
          ClientProtocol.Run run = ClientProtocol.Run.parse(line);
          System.out.println(
              ClientProtocol.encode(callers.run(run.callers(), run.warmup(), run.measure())));
        } catch (IllegalArgumentException e) {
          System.out.println(ClientProtocol.ERROR + e.getMessage());
        }
        System.out.flush();
      }
      // Before the callers end: their CPU goes with them.
      Map<String, Long> threadCpu = ProcessStats.threadCpuByName();
      callers.close();
      client.destroy();
      if (log != null) {
        log.close();
      }
      if (args.isSet(STATS_FILE)) {
        Properties stats = new Properties();
        stats.setProperty("mode", mode.token());
        stats.setProperty("transport", transport);
        calls.forEach((outcome, n) -> stats.setProperty("calls." + outcome, Long.toString(n)));
        ProcessStats.write(args.get(STATS_FILE), stats, registry, threadCpu);
      }
    }
  }
}
