package io.wsqos.benchmarks.experiment;

import static io.wsqos.benchmarks.report.Table.column;

import io.wsqos.benchmarks.experiment.AdaptiveClient.Call;
import io.wsqos.benchmarks.experiment.AdaptiveClient.Outcome;
import io.wsqos.benchmarks.experiment.AdaptiveTimeline.Played;
import io.wsqos.benchmarks.experiment.AdaptiveTimeline.Row;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.broker.adaptive.AdaptiveOffer;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.app.BrokerLauncher;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.cli.Option;
import io.wsqos.core.load.LoadProbe;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.testing.ChildJvm;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Section 7.4 of {@code 000_49aae6b7688bc2eb.txt} (Table 6, Figures 68-70) with real processes: the
 * broker, the bookstore pinned to one core with a CPU cost per call, an {@link AdaptiveOffer} at
 * the seed's rule reading the bookstore's own CPU, and Table 6's four {@link AdaptiveClient}s; then
 * the same timeline at a fixed price, to show what adaptation prevents.
 */
final class AdaptiveOffersExperiment implements Experiment {

  static final String ADAPTIVE = "adaptive";
  static final String FIXED = "fixed";

  static final Option<Double> SCALE =
      Option.decimal(
          "scale",
          0.25,
          0.001,
          1,
          "the seed's timeline times this: the 30 s window and every phase (1: the seed's 17 min)");
  static final Option<Integer> CPU_COST_US =
      Option.integer(
          "cpu-cost-us",
          null,
          0,
          1_000_000,
          "the bookstore's CPU per call (its --cpu-cost-us); default: calibrated so that a call"
              + " costs 1/60 s of CPU in all");
  static final Option<String> BOOKSTORE_CPU =
      Option.string("bookstore-cpu", "1", "the CPUs the bookstore is pinned to (taskset -c)");
  static final Option<String> OTHERS_CPU =
      Option.string(
          "others-cpu", null, "the CPUs the broker and the clients are pinned to (default: none)");
  static final Option<Integer> BOOKSTORE_NICE =
      Option.integer(
          "bookstore-nice",
          0,
          -20,
          19,
          "the bookstore's niceness (nice -n; below 0 needs root): on a shared machine, what lets"
              + " it have its core");
  static final Option<List<String>> MODES =
      Option.listOf(
          Option.choice(
              "modes", null, List.of(ADAPTIVE, FIXED), "the price: adapted or fixed at 0"),
          List.of(ADAPTIVE, FIXED));
  static final Option<Integer> RESPONSE_TIMEOUT_MS =
      Option.integer(
          "response-timeout-ms", 5000, 1, 600_000, "a client gives up a call after this");

  /** Seconds (real) between two samples of the timeline; the probe samples twice as often. */
  static final double SAMPLE_SECONDS = 1;

  private static final Pattern BROKER_LISTENING =
      Pattern.compile("Broker listening at (http://\\S+)");
  private static final Pattern BOOKSTORE_LISTENING =
      Pattern.compile("Bookstore listening at (http://\\S+)");
  private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

  /**
   * The CPU a call should cost the bookstore in all: Table 6's four clients at 15 calls/s then need
   * its whole core, three 75% of it, one 25% (the paper's one client: about 30%).
   */
  static final double TARGET_CPU_SECONDS_PER_CALL = 1 / (4 * AdaptiveTimeline.RATE);

  /** The calibration's warm-up, and then its measurement, each this long. */
  private static final Duration CALIBRATION = Duration.ofSeconds(15);

  /** The bookstore's cost per call, and how it was chosen. */
  record Cost(int micros, String how) {}

  /** One mode's run: the timeline, each client's calls, and the bookstore's address. */
  record ModeRun(String mode, Played played, List<List<Call>> calls) {}

  @Override
  public String name() {
    return "adaptive-offers";
  }

  @Override
  public List<Option<?>> options() {
    return List.of(
        SCALE, CPU_COST_US, BOOKSTORE_CPU, BOOKSTORE_NICE, OTHERS_CPU, MODES, RESPONSE_TIMEOUT_MS);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    Duration timeline =
        Duration.ofMillis(Math.round(AdaptiveTimeline.END_S * options.get(SCALE) * 1000));
    // Each mode: a bookstore and its clients; without --cpu-cost-us, a calibration first.
    Duration perMode = timeline.plus(Estimates.jvmStarts(2));
    Duration calibration =
        options.get(CPU_COST_US) != null
            ? Duration.ZERO
            : CALIBRATION.multipliedBy(2).plus(Estimates.jvmStarts(2));
    return Estimates.jvmStarts(1)
        .plus(calibration)
        .plus(perMode.multipliedBy(options.get(MODES).size()));
  }

  @Override
  public void run(Run run) throws Exception {
    Files.createDirectories(run.out());
    String adminToken = token();
    ChildJvm broker =
        start(
            run,
            "broker",
            BrokerLauncher.class,
            List.of("--port=0", "--jdbc-url=jdbc:h2:mem:adaptive-offers;DB_CLOSE_DELAY=-1"),
            run.get(OTHERS_CPU),
            0,
            BROKER_LISTENING,
            Map.of("WSQOS_BROKER_ADMIN_TOKEN", adminToken));
    URI brokerUrl = URI.create(broker.ready().group(1));
    BrokerClient admin = BrokerClient.builder(brokerUrl).token(adminToken).build();
    long serviceId =
        admin.registerService(AdaptiveClient.SERVICE, URI.create("http://127.0.0.1:9/?wsdl")).id();
    Provider.Setup setup = new Provider.Setup(run, admin, brokerUrl, serviceId);
    Cost cost =
        run.get(CPU_COST_US) != null
            ? new Cost(run.get(CPU_COST_US), "set by --cpu-cost-us")
            : calibrate(setup);
    List<ModeRun> runs = new ArrayList<>();
    for (String mode : run.get(MODES)) {
      runs.add(runMode(setup, mode, cost.micros()));
    }
    write(run, runs, cost);
  }

  /** A bookstore JVM with its own provider, endpoint and offer (at 0) in the broker. */
  record Provider(ChildJvm jvm, BrokerClient own, Offer offer) implements AutoCloseable {

    /** What starting one takes: the run, the broker, the service's id in it. */
    record Setup(Run run, BrokerClient admin, URI brokerUrl, long serviceId) {}

    static Provider start(Setup setup, String label, int costMicros) {
      Run run = setup.run();
      ChildJvm jvm =
          AdaptiveOffersExperiment.start(
              run,
              "bookstore-" + label,
              BookstoreServer.class,
              List.of("--port=0", "--cpu-cost-us=" + costMicros),
              run.get(BOOKSTORE_CPU),
              run.get(BOOKSTORE_NICE),
              BOOKSTORE_LISTENING,
              Map.of());
      ProviderRegistration provider = setup.admin().registerProvider("bookstore-" + label);
      BrokerClient own = BrokerClient.builder(setup.brokerUrl()).token(provider.token()).build();
      Endpoint endpoint =
          own.registerEndpoint(
              provider.provider().id(),
              setup.serviceId(),
              URI.create(jvm.ready().group(1)),
              Set.of(Binding.SOAP_1_1));
      Offer offer =
          own.publishOffer(
              endpoint.id(),
              OfferTerms.builder()
                  .price("0.00", "EUR")
                  .maxResponseTimeMillis(1000)
                  .availability(0.99)
                  .throughputPerSecond(60)
                  .build());
      return new Provider(jvm, own, offer);
    }

    /**
     * The offer's price in the broker, or {@code last} when the broker does not answer in time: a
     * busy broker leaves a gap in the record, it does not end the run.
     */
    BigDecimal price(BigDecimal last, PrintStream progress) {
      try {
        return own.offer(offer.id()).terms().price();
      } catch (RuntimeException e) {
        progress.println("WARNING: price not read, the last one kept: " + e.getMessage());
        return last;
      }
    }

    /** Withdraws the offer if it is still there, then stops the bookstore. */
    @Override
    public void close() {
      try {
        own.withdrawOffer(offer.id(), own.offer(offer.id()).version());
      } catch (NotFoundException e) {
        // Withdrawn already, by its adaptation.
      } finally {
        jvm.close();
      }
    }
  }

  /**
   * The cost per call that makes a call cost {@link #TARGET_CPU_SECONDS_PER_CALL} in all: one
   * client calls a bookstore without a cost, and the bookstore's CPU time per answered call after a
   * warm-up is what the bookstore itself spends.
   */
  private Cost calibrate(Provider.Setup setup) throws Exception {
    Run run = setup.run();
    Path file = run.out().resolve("calls-calibration.tmp");
    try (Provider provider = Provider.start(setup, "calibration", 0);
        ChildProcess client = startClient(run, 3, setup.brokerUrl(), file)) {
      client.send(AdaptiveClient.JOIN);
      Thread.sleep(CALIBRATION.toMillis());
      double cpuBefore = ProcessCpuLoad.cpuSeconds(provider.jvm().pid());
      long from = System.currentTimeMillis();
      Thread.sleep(CALIBRATION.toMillis());
      double cpu = ProcessCpuLoad.cpuSeconds(provider.jvm().pid()) - cpuBefore;
      long to = System.currentTimeMillis();
      client.close();
      long answered =
          Files.readAllLines(file).stream()
              .filter(l -> !l.isBlank())
              .map(Call::parse)
              .filter(c -> c.outcome() == Outcome.OK)
              .filter(c -> c.sentEpochMillis() >= from && c.sentEpochMillis() < to)
              .count();
      Files.delete(file);
      double own = cpu / Math.max(1, answered);
      int cost = (int) Math.max(0, (TARGET_CPU_SECONDS_PER_CALL - own) * 1e6);
      String how =
          "calibrated: the bookstore spent %.2f ms of CPU per call of its own (%d calls answered in %d s at %.0f/s); cost per call %d us"
              .formatted(
                  own * 1000, answered, CALIBRATION.toSeconds(), AdaptiveTimeline.RATE, cost);
      run.progress().printf("[%s] %s%n", name(), how);
      return new Cost(cost, how);
    }
  }

  private ModeRun runMode(Provider.Setup setup, String mode, int costMicros) throws Exception {
    Run run = setup.run();
    double scale = run.get(SCALE);
    Duration window = AdaptiveTimeline.window(scale);
    List<ChildProcess> clients = new ArrayList<>();
    try (Provider provider = Provider.start(setup, mode, costMicros);
        LoadProbe probe =
            LoadProbe.sampling(
                    new ProcessCpuLoad(
                        provider.jvm().pid(), ProcessCpuLoad.count(run.get(BOOKSTORE_CPU))))
                .sampleInterval(Duration.ofMillis((long) (SAMPLE_SECONDS * 500)))
                .averagingWindow(window)
                .build()) {
      List<Path> callFiles = new ArrayList<>();
      for (int c = 0; c < AdaptiveTimeline.CLIENTS.size(); c++) {
        Path file = run.out().resolve("calls-" + mode + "-" + c + ".tmp");
        callFiles.add(file);
        clients.add(startClient(run, c, setup.brokerUrl(), file));
      }
      AdaptiveOffer adaptation =
          mode.equals(ADAPTIVE)
              ? AdaptiveOffer.builder(provider.own(), provider.offer().id(), probe)
                  .period(window)
                  .lease(window.multipliedBy(3))
                  .closing(AdaptiveOffer.Closing.WITHDRAW)
                  .build()
                  .start()
              : null;
      run.progress()
          .printf("[%s] %s: timeline of %.0f s%n", name(), mode, AdaptiveTimeline.END_S * scale);
      BigDecimal[] lastPrice = {provider.offer().terms().price()};
      Played played =
          AdaptiveTimeline.play(
              scale,
              SAMPLE_SECONDS,
              probe,
              e ->
                  clients
                      .get(e.client())
                      .send(e.join() ? AdaptiveClient.JOIN : AdaptiveClient.LEAVE),
              () -> lastPrice[0] = provider.price(lastPrice[0], run.progress()));
      if (adaptation != null) {
        adaptation.close();
      }
      clients.forEach(ChildProcess::close);
      List<List<Call>> calls = new ArrayList<>();
      for (Path file : callFiles) {
        calls.add(
            Files.readAllLines(file).stream().filter(l -> !l.isBlank()).map(Call::parse).toList());
        Files.delete(file);
      }
      return new ModeRun(mode, played, calls);
    } finally {
      clients.forEach(ChildProcess::close);
    }
  }

  private ChildProcess startClient(Run run, int c, URI brokerUrl, Path calls) {
    List<String> command =
        ChildProcess.taskset(
            run.get(OTHERS_CPU),
            ChildProcess.javaCommand(
                Stream.concat(Run.JVM_OPTIONS.stream(), Stream.of(AdaptiveClient.LOGGING)).toList(),
                AdaptiveClient.class,
                List.of(
                    "--broker=" + brokerUrl,
                    "--max-price=" + AdaptiveTimeline.MAX_PRICES.get(c),
                    "--rate=" + AdaptiveTimeline.RATE,
                    "--response-timeout-ms=" + run.get(RESPONSE_TIMEOUT_MS),
                    "--calls=" + calls.toAbsolutePath())));
    ChildProcess client =
        ChildProcess.start(
            "client " + AdaptiveTimeline.CLIENTS.get(c),
            command,
            line -> line.startsWith(AdaptiveClient.READY),
            AdaptiveClient.STOP,
            run.progress());
    client.ready(START_TIMEOUT);
    return client;
  }

  private static ChildJvm start(
      Run run,
      String label,
      Class<?> main,
      List<String> args,
      String cpus,
      int nice,
      Pattern ready,
      Map<String, String> environment) {
    return run.hold(
        ChildJvm.builder(main)
            .name(label)
            .jvmOptions(Run.JVM_OPTIONS.toArray(String[]::new))
            .args(args)
            .environment(environment)
            .wrappedBy(
                c ->
                    ChildProcess.prefixed(
                        nice == 0 ? List.of() : List.of("nice", "-n", Integer.toString(nice)),
                        ChildProcess.taskset(cpus, c)))
            .stderrToStdout()
            .echo(run.progress())
            .readyLine(ready)
            .startTimeout(START_TIMEOUT)
            .stopGrace(Duration.ofSeconds(ChildProcess.STOP_TIMEOUT_SECONDS))
            .start());
  }

  private static String token() {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private void write(Run run, List<ModeRun> runs, Cost cost) throws IOException {
    List<String> sections = new ArrayList<>();
    Map<String, List<Row>> rowsByMode = new LinkedHashMap<>();
    for (ModeRun r : runs) {
      List<Row> rows = AdaptiveTimeline.rows(r.played(), r.calls());
      rowsByMode.put(r.mode(), rows);
      timelineCsv(rows).writeCsv(run.out().resolve("timeline-" + r.mode() + ".csv"));
      if (r.mode().equals(ADAPTIVE)) {
        plot(rows, "Figure 68 (Part I): clients joining", 0, AdaptiveTimeline.PART_II_S)
            .write(run.out().resolve("fig68-part1.png"));
        plot(
                rows,
                "Figure 69 (Part II): steady state",
                AdaptiveTimeline.PART_II_S,
                AdaptiveTimeline.PART_III_S)
            .write(run.out().resolve("fig69-part2.png"));
        plot(
                rows,
                "Figure 70 (Part III): clients leaving",
                AdaptiveTimeline.PART_III_S,
                AdaptiveTimeline.END_S)
            .write(run.out().resolve("fig70-part3.png"));
        sections.add(
            Report.section(
                "Parts I-III with adaptation",
                Template.text("reports/adaptive-offers/parts.md"),
                partsTable(rows)));
      } else {
        plot(rows, "The same timeline at a fixed price of 0", 0, AdaptiveTimeline.END_S)
            .write(run.out().resolve("fixed-price.png"));
      }
      plotClients(rows, r.mode()).write(run.out().resolve("clients-" + r.mode() + ".png"));
    }
    sections.add(
        Report.section(
            "While all four clients want to call: adaptation on and off",
            Template.text("reports/adaptive-offers/loaded.md"),
            loadedTable(runs, rowsByMode)));
    sections.add(Report.section("Each client while all four want to call", "", clientsTable(runs)));
    double scale = run.get(SCALE);
    Map<String, Object> values = new HashMap<>();
    values.put("scale", scale);
    values.put("window", "%.1f".formatted(AdaptiveTimeline.WINDOW_S * scale));
    values.put("timeline", "%.0f".formatted(AdaptiveTimeline.END_S * scale));
    values.put("seedTimeline", "%.0f".formatted(AdaptiveTimeline.END_S));
    values.put("cost", cost.micros());
    values.put("how", cost.how());
    values.put("bookstoreCpu", run.get(BOOKSTORE_CPU));
    int nice = run.get(BOOKSTORE_NICE);
    values.put("nice", nice == 0 ? "" : " at niceness " + nice);
    values.put("othersCpu", run.get(OTHERS_CPU) == null ? "none" : run.get(OTHERS_CPU));
    values.put("jvm", String.join(" ", Run.JVM_OPTIONS));
    values.put("sample", "%.1f".formatted(SAMPLE_SECONDS / 2));
    values.put("rate", "%.0f".formatted(AdaptiveTimeline.RATE));
    values.put("timeout", run.get(RESPONSE_TIMEOUT_MS));
    List<String> settings = Template.items("reports/adaptive-offers/settings.md", values);
    run.writeReport(
        "Adaptive WS-QoS offers protect a server from overload (Table 6, Figures 68-70)",
        settings,
        sections);
  }

  private static Table timelineCsv(List<Row> rows) {
    List<Table.Column<Row>> columns =
        new ArrayList<>(
            List.of(
                column("seed_s", r -> Table.fixed(r.sample().seedSeconds(), 1)),
                column("part", r -> AdaptiveTimeline.part(r.sample().seedSeconds())),
                column("price_eur", r -> r.sample().price().toPlainString()),
                column("cpu_pct", r -> Table.fixed(r.sample().load() * 100, 1)),
                column("cpu_avg_pct", r -> Table.fixed(r.sample().averageLoad() * 100, 1)),
                column("sent_per_s", r -> Table.fixed(AdaptiveTimeline.total(r.sent()), 1))));
    for (int c = 0; c < AdaptiveTimeline.CLIENTS.size(); c++) {
      int client = c;
      String name = AdaptiveTimeline.CLIENTS.get(c);
      columns.add(column(name + "_sent_per_s", r -> Table.fixed(r.sent()[client], 1)));
      columns.add(column(name + "_failed_per_s", r -> Table.fixed(r.failed()[client], 1)));
    }
    return Table.of(rows, columns);
  }

  private static Plot plot(List<Row> rows, String title, double from, double to) {
    List<Row> in =
        rows.stream()
            .filter(r -> r.sample().seedSeconds() >= from && r.sample().seedSeconds() <= to)
            .toList();
    List<Double> x = in.stream().map(r -> r.sample().seedSeconds()).toList();
    Function<Function<Row, Double>, List<Double>> ys = f -> in.stream().map(f).toList();
    return Plot.of(title, "time on the seed's scale (s)", "% / cent / calls per s")
        .series("CPU load (%)", x, ys.apply(r -> r.sample().load() * 100))
        .series("average CPU load (%)", x, ys.apply(r -> r.sample().averageLoad() * 100))
        .series("price (cent)", x, ys.apply(r -> r.sample().price().doubleValue() * 100))
        .series("calls sent per s", x, ys.apply(r -> AdaptiveTimeline.total(r.sent())));
  }

  private static Plot plotClients(List<Row> rows, String mode) {
    List<Double> x = rows.stream().map(r -> r.sample().seedSeconds()).toList();
    Plot plot =
        Plot.of(
            "Calls sent per s by client (" + mode + ")",
            "time on the seed's scale (s)",
            "calls per s");
    for (int c = 0; c < AdaptiveTimeline.CLIENTS.size(); c++) {
      int client = c;
      plot.series(
          AdaptiveTimeline.CLIENTS.get(c) + " (max " + AdaptiveTimeline.MAX_PRICES.get(c) + ")",
          x,
          rows.stream().map(r -> r.sent()[client] + client * 0.3).toList());
    }
    return plot;
  }

  private static Table partsTable(List<Row> rows) {
    Table table =
        Table.of(
            "part",
            "seed time (s)",
            "mean CPU %",
            "mean average CPU %",
            "price (EUR) min..max",
            "price changes",
            "calls sent per s");
    double[][] parts = {
      {0, AdaptiveTimeline.PART_II_S},
      {AdaptiveTimeline.PART_II_S, AdaptiveTimeline.PART_III_S},
      {AdaptiveTimeline.PART_III_S, AdaptiveTimeline.END_S + 1}
    };
    for (double[] p : parts) {
      List<Row> in = during(rows, p[0], p[1]);
      List<BigDecimal> prices = in.stream().map(r -> r.sample().price()).toList();
      long changes =
          IntStream.range(1, prices.size())
              .filter(i -> prices.get(i).compareTo(prices.get(i - 1)) != 0)
              .count();
      table.row(
          AdaptiveTimeline.part(p[0]),
          Table.point(p[0]) + ".." + Table.point(Math.min(p[1], AdaptiveTimeline.END_S)),
          Table.fixed(Summary.of(in, r -> r.sample().load() * 100).mean(), 1),
          Table.fixed(Summary.of(in, r -> r.sample().averageLoad() * 100).mean(), 1),
          Collections.min(prices).toPlainString() + ".." + Collections.max(prices).toPlainString(),
          changes,
          Table.fixed(Summary.of(in, r -> AdaptiveTimeline.total(r.sent())).mean(), 1));
    }
    return table;
  }

  /** The loaded interval: from the last join to the first leave. */
  private static List<Call> loaded(ModeRun r, List<List<Call>> calls) {
    return AdaptiveTimeline.between(
        r.played(), calls, AdaptiveTimeline.JOIN_S[3], AdaptiveTimeline.LEAVE_S[0]);
  }

  /** A mode's calls and samples while all four clients want to call. */
  private record Loaded(ModeRun run, List<Call> calls, List<Row> rows) {}

  private static Table loadedTable(List<ModeRun> runs, Map<String, List<Row>> rowsByMode) {
    List<Loaded> modes =
        runs.stream()
            .map(r -> new Loaded(r, loaded(r, r.calls()), loadedRows(rowsByMode.get(r.mode()))))
            .toList();
    double seedSeconds = AdaptiveTimeline.LEAVE_S[0] - AdaptiveTimeline.JOIN_S[3];
    Map<String, Function<Loaded, String>> metrics = new LinkedHashMap<>();
    metrics.put(
        "calls sent per s",
        l -> Table.fixed(sent(l.calls()).size() / (seedSeconds * l.run().played().scale()), 1));
    metrics.put(
        "calls not sent: no offer within the maximum", l -> count(l.calls(), Outcome.NO_OFFER));
    metrics.put("calls answered", l -> count(l.calls(), Outcome.OK));
    metrics.put("calls timed out", l -> count(l.calls(), Outcome.TIMEOUT));
    metrics.put("calls failed otherwise", l -> count(l.calls(), Outcome.FAILED));
    metrics.put(
        "failed share of calls sent",
        l ->
            Table.percent(
                l.calls().stream().filter(AdaptiveTimeline::failed).count(),
                sent(l.calls()).size(),
                "-"));
    for (double p : new double[] {50, 95, 99}) {
      metrics.put(
          "response time p" + (int) p + " (ms, answered calls)",
          l -> Table.fixed(answered(l.calls()).percentile(p), 1));
    }
    metrics.put("response time max (ms)", l -> Table.fixed(answered(l.calls()).max(), 1));
    metrics.put(
        "mean CPU load %",
        l -> Table.fixed(Summary.of(l.rows(), w -> w.sample().load() * 100).mean(), 1));
    metrics.put(
        "samples with the average CPU load >= 80%",
        l ->
            Table.percent(
                l.rows().stream().filter(w -> w.sample().averageLoad() >= 0.8).count(),
                l.rows().size(),
                "-"));
    List<String> header = new ArrayList<>(List.of("while all four want to call"));
    runs.forEach(r -> header.add(r.mode()));
    Table table = Table.of(header);
    metrics.forEach(
        (name, f) -> {
          List<String> cells = new ArrayList<>(List.of(name));
          modes.forEach(l -> cells.add(f.apply(l)));
          table.row(cells);
        });
    return table;
  }

  private static List<Row> loadedRows(List<Row> rows) {
    return during(rows, AdaptiveTimeline.JOIN_S[3], AdaptiveTimeline.LEAVE_S[0]);
  }

  /** The rows sampled at seed times from {@code from} to before {@code to}. */
  private static List<Row> during(List<Row> rows, double from, double to) {
    return rows.stream()
        .filter(r -> r.sample().seedSeconds() >= from && r.sample().seedSeconds() < to)
        .toList();
  }

  private static Table clientsTable(List<ModeRun> runs) {
    List<String> header = new ArrayList<>(List.of("client", "max price (EUR)"));
    runs.forEach(r -> header.addAll(List.of(r.mode() + ": sent", "not sent", "failed", "p99 ms")));
    Table table = Table.of(header);
    for (int c = 0; c < AdaptiveTimeline.CLIENTS.size(); c++) {
      List<String> cells =
          new ArrayList<>(
              List.of(
                  AdaptiveTimeline.CLIENTS.get(c),
                  AdaptiveTimeline.MAX_PRICES.get(c).toPlainString()));
      for (ModeRun r : runs) {
        List<Call> calls = loaded(r, List.of(r.calls().get(c)));
        cells.add(Integer.toString(sent(calls).size()));
        cells.add(count(calls, Outcome.NO_OFFER));
        cells.add(Long.toString(calls.stream().filter(AdaptiveTimeline::failed).count()));
        cells.add(Table.fixed(answered(calls).percentile(99), 1));
      }
      table.row(cells);
    }
    return table;
  }

  private static List<Call> sent(List<Call> calls) {
    return calls.stream().filter(c -> c.outcome() != Outcome.NO_OFFER).toList();
  }

  private static String count(List<Call> calls, Outcome outcome) {
    return Long.toString(calls.stream().filter(c -> c.outcome() == outcome).count());
  }

  private static Summary answered(List<Call> calls) {
    return Summary.of(calls.stream().filter(c -> c.outcome() == Outcome.OK).toList(), Call::millis);
  }
}
