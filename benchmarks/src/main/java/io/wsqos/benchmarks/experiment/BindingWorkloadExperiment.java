package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.binding.ItemQuery;
import io.wsqos.benchmarks.binding.LedgerEntry;
import io.wsqos.benchmarks.binding.Workloads;
import io.wsqos.benchmarks.binding.WorkloadsImpl;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.binding.BindingKind;
import io.wsqos.binding.BindingProxy;
import io.wsqos.binding.BindingPublisher;
import io.wsqos.binding.Calibration;
import io.wsqos.binding.CostModel;
import io.wsqos.binding.Discovery;
import io.wsqos.binding.Environment;
import io.wsqos.binding.Hints;
import io.wsqos.binding.LocalRegistry;
import io.wsqos.binding.MessageSizes;
import io.wsqos.binding.PolicyRules;
import io.wsqos.binding.Prediction;
import io.wsqos.binding.Predictor;
import io.wsqos.binding.Publication;
import io.wsqos.binding.ServiceDescriptor;
import io.wsqos.binding.TimePrediction;
import io.wsqos.cli.Option;
import io.wsqos.server.EmbeddedServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.GregorianCalendar;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;

/**
 * The binding-selection report's Table 1 (search results of 10 and 100 items, financial messages of
 * 1, 10 and 100 KB) and Figure 3 (Google-, Amazon-, MapPoint- and financial-like operations):
 * response time and CPU per call over SOAP, RMI, a local call through the binding proxy and a
 * direct call, interleaved, beside the predictor's votes (with the case's hints): the report's size
 * vote, the time vote with the documented default costs and with costs calibrated against the
 * bindings, the rules' choice for a client on another JVM, and the measured fastest of SOAP and
 * RMI. Client and server share this JVM and talk over loopback.
 */
final class BindingWorkloadExperiment implements Experiment {

  static final Option<Integer> REPS =
      Option.integer("reps", 5, 1, 1000, "interleaved rounds of every case on every binding");
  static final Option<Duration> WARMUP =
      Run.seconds("warmup", 0.3, "calls before each round's measured part, not counted");
  static final Option<Duration> MEASURE = Run.seconds("measure", 0.7, "each round's measured part");

  /** One workload: an operation, its arguments, and the hints that describe them. */
  record Case(String group, String name, String operation, Object[] args, Hints hints) {}

  @Override
  public String name() {
    return "binding-workloads";
  }

  @Override
  public List<Option<?>> options() {
    return List.of(REPS, WARMUP, MEASURE);
  }

  static List<Case> cases() {
    Hints base = Hints.none().withMaxMessageBytes(300 * 1024);
    List<Case> cases = new ArrayList<>();
    cases.add(search("table1", "google-10-results", "java performance", 10, base));
    cases.add(search("table1", "google-100-results", "java performance", 100, base));
    for (int kb : new int[] {1, 10, 100}) {
      cases.add(financial("table1", "financial-" + kb + "KB", kb, base));
    }
    String[] queries = {
      "q", "jdk", "soap binding", "deployment time selection", "web services performance evaluation"
    };
    for (int i = 0; i < queries.length; i++) {
      cases.add(search("fig3a-google", "Q." + (char) ('A' + i), queries[i], 10, base));
    }
    cases.add(
        amazon(
            "restaurant",
            q -> {
              q.searchIndex = "Restaurants";
              q.city = "Yorktown Heights";
              q.cuisine = "Korean";
            },
            base));
    cases.add(
        amazon(
            "video",
            q -> {
              q.searchIndex = "Video";
              q.keywords = "binding";
              q.director = "Choi";
            },
            base));
    cases.add(
        amazon(
            "books",
            q -> {
              q.searchIndex = "Books";
              q.keywords = "web services";
              q.author = "Lee";
              q.sort = "salesrank";
            },
            base));
    cases.add(
        amazon(
            "music",
            q -> {
              q.searchIndex = "Music";
              q.keywords = "jazz";
              q.artist = "Ryu";
            },
            base));
    cases.add(
        new Case(
            "fig3c-mappoint",
            "find-address",
            "findAddress",
            new Object[] {"Kitchawan Road"},
            base.withStringLength(12).withNullShare(0).withArraySizes(3)));
    for (int kb : new int[] {2, 20}) {
      cases.add(
          new Case(
              "fig3c-mappoint",
              "get-map-" + kb + "KB",
              "getMap",
              new Object[] {41.27, -73.78, kb * 1024},
              base.withNullShare(0).withBinaryBytes(kb * 1024)));
    }
    for (int kb : new int[] {1, 10, 100}) {
      cases.add(financial("fig3d-financial", kb + "KBx" + kb + "KB", kb, base));
    }
    return cases;
  }

  private static Case search(String group, String name, String query, int results, Hints base) {
    return new Case(
        group,
        name,
        "search",
        new Object[] {query, results},
        base.withStringLength(35).withNullShare(0).withArraySizes(results));
  }

  private static Case amazon(String name, java.util.function.Consumer<ItemQuery> set, Hints base) {
    ItemQuery query = new ItemQuery();
    set.accept(query);
    // 16 optional fields, 3 or 4 of them set: about 80% null, as the report measured for Amazon.
    return new Case(
        "fig3b-amazon",
        name,
        "itemSearch",
        new Object[] {query},
        base.withStringLength(14).withNullShare(0.78).withArraySizes(10));
  }

  /** About {@code kb} KB of SOAP body each way: one entry is about 330 bytes of XML. */
  private static Case financial(String group, String name, int kb, Hints base) {
    int entries = Math.max(1, kb * 1024 / 330);
    List<LedgerEntry> list = new ArrayList<>(entries);
    TimeZone zone = TimeZone.getTimeZone("America/New_York");
    for (int i = 0; i < entries; i++) {
      LedgerEntry e = new LedgerEntry();
      e.account = "DE89370400440532" + String.format("%06d", i);
      e.counterparty = "US64SVBKUS6S33" + String.format("%08d", i);
      e.currency = "USD";
      e.reference = "TX-2006-" + i;
      e.memo = "Settlement of invoice " + i;
      e.booked = calendar(zone, i);
      e.valued = calendar(zone, i + 1);
      e.amount = BigDecimal.valueOf(100_000 + i * 37L, 2);
      list.add(e);
    }
    return new Case(
        group,
        name,
        "post",
        new Object[] {list},
        base.withStringLength(19).withNullShare(0.1).withArraySizes(entries));
  }

  private static GregorianCalendar calendar(TimeZone zone, int day) {
    GregorianCalendar calendar = new GregorianCalendar(zone);
    calendar.setTimeInMillis(1_136_000_000_000L + day * 86_400_000L);
    return calendar;
  }

  @Override
  public void run(Run run) throws Exception {
    LocalRegistry local = new LocalRegistry();
    WorkloadsImpl implementation = new WorkloadsImpl();
    Publication publication =
        run.hold(
            BindingPublisher.builder(Workloads.class, implementation)
                .local(local)
                .rmi("127.0.0.1")
                .soap(EmbeddedServer.builder(), "/workloads")
                .publish());
    // What a client in another JVM discovers: only the remote bindings, none in its JVM.
    ServiceDescriptor remote =
        new ServiceDescriptor(
            Workloads.class.getName(),
            "another-jvm",
            publication.descriptor().bindings().stream().filter(b -> !b.kind().inJvm()).toList());
    Environment environment = Discovery.builder().build().discover(remote);
    // As a proxy with a calibration does at its first selection: before any call has warmed up.
    Calibration.Result calibrated =
        Calibration.create()
            .recalibrate(remote, environment, CostModel.defaults(), List.of(), 500, 30_000);
    run.progress().println("calibrated: " + calibrated.notes());
    Map<String, Workloads> clients = new java.util.LinkedHashMap<>();
    for (BindingKind kind : List.of(BindingKind.SOAP, BindingKind.RMI, BindingKind.LOCAL)) {
      BindingProxy<Workloads> proxy =
          run.hold(
              BindingProxy.builder(Workloads.class)
                  .descriptor(publication.descriptor())
                  .localRegistry(local)
                  .rules(PolicyRules.always(kind))
                  .build());
      clients.put(kind.token(), proxy.service());
    }
    clients.put("direct", implementation);
    PolicyRules rules = PolicyRules.defaults();
    Predictor predictor = Predictor.create();

    List<Case> cases = cases();
    InterleavedRounds<Case> rounds =
        InterleavedRounds.measure(
            cases,
            clients,
            BindingWorkloadExperiment::call,
            run.get(REPS),
            run.get(WARMUP),
            run.get(MEASURE),
            rep -> run.progress().printf("%s: round %d of %d done%n", name(), rep, run.get(REPS)));

    List<String> columns = new ArrayList<>(List.of("group", "case"));
    columns.addAll(InterleavedRounds.TIME_COLUMNS);
    columns.addAll(
        List.of(
            "measured_fastest",
            "size_vote",
            "size_share",
            "time_vote_defaults",
            "time_vote_calibrated",
            "time_share_calibrated",
            "pred_rmi_us",
            "pred_soap_us",
            "rules_choice",
            "match",
            "est_soap_bytes",
            "est_rmi_bytes",
            "java_serialized_bytes"));
    Table table = Table.of(columns);
    int matches = 0;
    int sizeMatches = 0;
    int defaultMatches = 0;
    Plot plot =
        Plot.of("Response time per call (median of rounds)", "case", "microseconds").logarithmicY();
    for (Case c : cases) {
      double soap = rounds.micros(c, "soap");
      double rmi = rounds.micros(c, "rmi");
      BindingKind fastest = rmi <= soap ? BindingKind.RMI : BindingKind.SOAP;
      Method method = operation(c.operation());
      Prediction bySize = predictor.predict(method, c.hints());
      TimePrediction byDefaults = predictor.predictTime(method, c.hints(), CostModel.defaults());
      TimePrediction byTime = predictor.predictTime(method, c.hints(), calibrated.model());
      Set<String> facts = new LinkedHashSet<>(environment.facts());
      facts.add("predicted:" + byTime.choice().token());
      facts.add("size-predicted:" + bySize.choice().token());
      BindingKind chosen = rules.decide(facts, environment::usable).kind();
      Hints.Point point = c.hints().points().get(c.hints().points().size() / 2);
      MessageSizes sizes = predictor.estimate(method, point);
      Object result = call(implementation, c);
      boolean match = chosen == fastest;
      matches += match ? 1 : 0;
      sizeMatches += bySize.choice() == fastest ? 1 : 0;
      defaultMatches += byDefaults.choice() == fastest ? 1 : 0;
      List<Object> cells = new ArrayList<>(List.of(c.group(), c.name()));
      cells.addAll(rounds.timeCells(c, 2));
      cells.addAll(
          List.of(
              fastest,
              bySize.choice(),
              Table.fixed(bySize.share() * 100, 1) + "%",
              byDefaults.choice(),
              byTime.choice(),
              Table.fixed(byTime.share() * 100, 1) + "%",
              Table.fixed(byTime.medianRmiMicros(), 1),
              Table.fixed(byTime.medianSoapMicros(), 1),
              chosen,
              match ? "yes" : "no",
              Math.round(sizes.soap()),
              Math.round(sizes.rmi()),
              serializedSize(c.args()) + serializedSize(result)));
      table.row(cells);
    }
    rounds.addSeries(plot);
    java.nio.file.Files.createDirectories(run.out());
    table.writeCsv(run.out().resolve("results.csv"));
    plot.write(run.out().resolve("response-time.png"));
    int n = cases.size();
    String verdict =
        Template.render(
            "reports/binding-workloads/verdict.md",
            Map.of(
                "matches", matches,
                "cases", n,
                "percent", Math.round(100.0 * matches / n),
                "defaultMatches", defaultMatches,
                "sizeMatches", sizeMatches,
                "calibration", String.join("; ", calibrated.notes())));
    List<String> settings =
        Template.items(
            "reports/binding-workloads/settings.md",
            Map.of(
                "reps", run.get(REPS),
                "warmup", run.get(WARMUP).toMillis(),
                "measure", run.get(MEASURE).toMillis()));
    run.report("Binding workloads: the report's Table 1 and Figure 3", summary(), settings)
        .add(Report.section("Results", verdict, table))
        .write(run.out().resolve("report.md"));
    run.progress().println(verdict);
    run.progress().println("wrote " + run.out().toAbsolutePath());
  }

  private static Object call(Workloads client, Case c) {
    try {
      return operation(c.operation()).invoke(client, c.args());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(c.name() + ": " + e.getCause(), e.getCause());
    }
  }

  private static Method operation(String name) {
    return Arrays.stream(Workloads.class.getMethods())
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static int serializedSize(Object value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.size();
  }
}
