package io.wsqos.benchmarks.experiment;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.examples.bookstore.BookstoreService;
import io.wsqos.examples.bookstore.ProcessStats;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.feature.Feature;
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

  /** CXF's switch from the {@code java.net.http} conduit to {@code HttpURLConnection}'s. */
  static final String FORCE_URL_CONNECTION = "org.apache.cxf.transport.http.forceURLConnection";

  /** The book every call asks for: the one of {@code examples/bookstore/requests/lite-1.xml}. */
  static final String DEFAULT_ISBN = "978-1-4000-0000-5";

  /** Transports a client can use. */
  static final List<String> TRANSPORTS = List.of("httpclient", "urlconnection");

  static final Option<String> URL = Option.string("url", null, "the bookstore's address");
  static final Option<String> TRANSPORT =
      Option.choice("transport", TRANSPORTS.get(0), TRANSPORTS, "the CXF conduit");
  static final Option<String> ISBN = Option.string("isbn", DEFAULT_ISBN, "the book asked for");
  static final Option<Path> STATS_FILE =
      Run.path("stats-file", null, "where to write the counters on stop");

  private MonitoringClient() {}

  public static void main(String[] argv) throws Exception {
    List<Option<?>> declared =
        new ArrayList<>(List.of(ClientMonitor.MODE, URL, TRANSPORT, ISBN, STATS_FILE));
    declared.addAll(ClientMonitor.LOG_OPTIONS);
    Arguments args =
        Options.of(
                "MonitoringClient",
                "A CXF client of the bookstore with a monitoring mode.",
                declared)
            .parse(argv);
    MonitoringMode mode = MonitoringMode.parse("mode", args.get(ClientMonitor.MODE));
    String transport = args.get(TRANSPORT);
    if (transport.equals("urlconnection")) {
      // Read when CXF creates the conduit, so it must be set before the proxy is built.
      System.setProperty(FORCE_URL_CONNECTION, "true");
    }
    if (!args.isSet(URL)) {
      throw new IllegalArgumentException("--url: missing (expected: the bookstore's address)");
    }
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    QosLog log = null;
    Feature feature =
        switch (mode) {
          case PLAIN -> null;
          case MONITORED -> {
            log = ClientMonitor.openLog(args, registry);
            yield MonitoringFeature.builder().log(log).build();
          }
          case MONITOR_ONLY -> MonitoringFeature.builder().listener(records -> {}).build();
          case CXF_METRICS -> BookstoreServer.cxfMetrics(registry);
        };
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(BookstoreService.class);
    factory.setAddress(args.get(URL));
    if (feature != null) {
      factory.getFeatures().add(feature);
    }
    BookstoreService proxy = factory.create(BookstoreService.class);
    Client client = ClientProxy.getClient(proxy);
    HTTPClientPolicy policy = new HTTPClientPolicy();
    policy.setConnectionTimeout(5_000);
    policy.setReceiveTimeout(30_000);
    ((HTTPConduit) client.getConduit()).setClient(policy);

    String isbn = args.get(ISBN);
    Callers.CallerCounts calls = new Callers.CallerCounts();
    try (Callers callers = new Callers(() -> proxy.getBookInfo(isbn), calls)) {
      System.out.println(
          ClientProtocol.READY
              + " (mode "
              + mode.token()
              + ", transport "
              + transport
              + ", conduit "
              + client.getConduit().getClass().getSimpleName()
              + ")");
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
          RunResult result = callers.run(run.callers(), run.warmup(), run.measure());
          System.out.println(ClientProtocol.encode(result));
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
