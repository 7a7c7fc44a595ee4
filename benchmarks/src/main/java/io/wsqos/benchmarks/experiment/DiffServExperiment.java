package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.benchmarks.report.PointResult;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.TransportPriority;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cost of DiffServ marking (Figure 62 of {@code 000_49aae6b7688bc2eb.txt}): the bookstore
 * called directly, with the in-process marking feature, and through the standalone QoS proxy, each
 * in its own JVM, under an open-loop rate of requests asking for the assured class.
 */
final class DiffServExperiment implements Experiment {

  /** Goal: in-process marking keeps 98% of the unmarked server's throughput. */
  static final double MARKING_RATIO = 0.98;

  /** Goal: the standalone proxy keeps 70% of the direct throughput at saturation. */
  static final double PROXY_RATIO = 0.70;

  @Override
  public String name() {
    return "diffserv-rate";
  }

  private static final Option<List<Double>> RATES =
      Run.numbers(
          "rates",
          List.of(500.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0),
          "offered rates (req/s)");

  @Override
  public List<Option<?>> options() {
    return Run.join(
        List.of(RATES, Run.REQUEST),
        Run.driverSweep(5, 1, 5, 5_000),
        ServerWarmup.OPTIONS,
        Servers.OPTIONS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    int servers = 3; // direct, marking, proxy: one variant each
    return Estimates.serverSweep(options, servers, options.get(RATES).size(), servers);
  }

  @Override
  public void run(Run run) {
    String axis = "offered rate (req/s)";
    PointRunner driver = run.driver(false);
    List<Double> points = run.get(RATES);
    Path requestFile = run.get(Run.REQUEST);
    Servers bookstores =
        run.servers(
            List.of("direct", "marking"),
            token -> token.equals("marking") ? List.of("--dscp") : List.of());
    URI direct = bookstores.address("direct");
    Servers proxies =
        run.servers(
            List.of("proxy"),
            token -> List.of("--target", Servers.origin(direct), "--ipv4"),
            Servers.PROXY);
    Map<String, URI> addresses = new LinkedHashMap<>();
    addresses.put("direct", direct);
    addresses.put("marking", bookstores.address("marking"));
    addresses.put("proxy", Servers.withPath(proxies.address("proxy"), direct));
    Map<String, Long> pids = new LinkedHashMap<>();

    byte[] body =
        QosEnvelopes.withRequirement(
            Run.read(requestFile), CompressionPreference.NONE, TransportPriority.ASSURED);
    List<Variant> variants = new ArrayList<>();
    addresses.forEach(
        (name, address) -> {
          pids.put(name, (name.equals("proxy") ? proxies : bookstores).pid(name));
          variants.add(
              new Variant(name, RequestSource.of(Variant.soapPost(address, body).build())));
        });
    List<RunWindow> windows = new ArrayList<>();
    List<PointResult> results =
        run.sweep(
            points,
            variants,
            RunWindow.windowed(windows, driver, v -> pids.get(v.name()), run.progress()),
            true);

    List<String> settings =
        Template.items(
            "reports/diffserv-rate/settings.md",
            Map.of(
                "jvm", bookstores.launch(),
                "origin", Servers.origin(direct),
                "request", requestFile,
                "connections", Connections.PER_REQUEST.describe(),
                "rates", points,
                "timing", run.timing().describe(run.options(), true),
                "timeouts", run.describeTimeouts()));
    List<String> sections =
        List.of(
            MonitoringTables.peakSection(
                results,
                "direct",
                List.of(
                    new MonitoringTables.PeakGoal(
                        "marking", MARKING_RATIO, "in-process marking keeps >= 98% of peak"),
                    new MonitoringTables.PeakGoal(
                        "proxy", PROXY_RATIO, "the proxy keeps >= 70% of peak"))),
            CpuTables.section(windows, "direct"),
            PairedRatios.section(
                axis,
                results,
                List.of(
                    new PairedRatios.Goal("marking", "direct", MARKING_RATIO),
                    new PairedRatios.Goal("proxy", "direct", PROXY_RATIO))));
    CpuTables.csv(windows).writeCsv(run.out().resolve("cpu.csv"));
    run.writeSweep(
        "DiffServ marking: throughput and response time against offered rate (Figure 62)",
        axis,
        settings,
        results,
        sections);
  }
}
