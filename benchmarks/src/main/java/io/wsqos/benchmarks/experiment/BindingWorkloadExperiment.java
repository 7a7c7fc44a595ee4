package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.binding.ItemQuery;
import io.wsqos.benchmarks.binding.LedgerEntry;
import io.wsqos.benchmarks.binding.Workloads;
import io.wsqos.benchmarks.binding.WorkloadsImpl;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.binding.BindingKind;
import io.wsqos.binding.Calibration;
import io.wsqos.binding.CostModel;
import io.wsqos.binding.Discovery;
import io.wsqos.binding.Environment;
import io.wsqos.binding.Hints;
import io.wsqos.binding.MessageSizes;
import io.wsqos.binding.PolicyRules;
import io.wsqos.binding.Prediction;
import io.wsqos.binding.Predictor;
import io.wsqos.binding.ServiceDescriptor;
import io.wsqos.binding.TimePrediction;
import io.wsqos.cli.Option;
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

  private static final Hints BASE = Hints.none().withMaxMessageBytes(300 * 1024);

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
    List<Case> cases = new ArrayList<>();
    cases.add(search("table1", "google-10-results", "java performance", 10));
    cases.add(search("table1", "google-100-results", "java performance", 100));
    for (int kb : new int[] {1, 10, 100}) {
      cases.add(financial("table1", "financial-" + kb + "KB", kb));
    }
    String[] queries = {
      "q", "jdk", "soap binding", "deployment time selection", "web services performance evaluation"
    };
    for (int i = 0; i < queries.length; i++) {
      cases.add(search("fig3a-google", "Q." + (char) ('A' + i), queries[i], 10));
    }
    cases.add(
        amazon("restaurant", "searchIndex=Restaurants", "city=Yorktown Heights", "cuisine=Korean"));
    cases.add(amazon("video", "searchIndex=Video", "keywords=binding", "director=Choi"));
    cases.add(
        amazon(
            "books", "searchIndex=Books", "keywords=web services", "author=Lee", "sort=salesrank"));
    cases.add(amazon("music", "searchIndex=Music", "keywords=jazz", "artist=Ryu"));
    cases.add(
        new Case(
            "fig3c-mappoint",
            "find-address",
            "findAddress",
            new Object[] {"Kitchawan Road"},
            BASE.withStringLength(12).withNullShare(0).withArraySizes(3)));
    for (int kb : new int[] {2, 20}) {
      cases.add(
          new Case(
              "fig3c-mappoint",
              "get-map-" + kb + "KB",
              "getMap",
              new Object[] {41.27, -73.78, kb * 1024},
              BASE.withNullShare(0).withBinaryBytes(kb * 1024)));
    }
    for (int kb : new int[] {1, 10, 100}) {
      cases.add(financial("fig3d-financial", kb + "KBx" + kb + "KB", kb));
    }
    return cases;
  }

  private static Case search(String group, String name, String query, int results) {
    return new Case(
        group,
        name,
        "search",
        new Object[] {query, results},
        BASE.withStringLength(35).withNullShare(0).withArraySizes(results));
  }

  /** An item search with the query's fields set as {@code field=value}. */
  private static Case amazon(String name, String... fields) {
    ItemQuery query = new ItemQuery();
    try {
      for (String field : fields) {
        String[] f = field.split("=", 2);
        ItemQuery.class.getField(f[0]).set(query, f[1]);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
    // 16 optional fields, 3 or 4 of them set: about 80% null, as the report measured for Amazon.
    return new Case(
        "fig3b-amazon",
        name,
        "itemSearch",
        new Object[] {query},
        BASE.withStringLength(14).withNullShare(0.78).withArraySizes(10));
  }

  /** About {@code kb} KB of SOAP body each way: one entry is about 330 bytes of XML. */
  private static Case financial(String group, String name, int kb) {
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
        BASE.withStringLength(19).withNullShare(0.1).withArraySizes(entries));
  }

  private static GregorianCalendar calendar(TimeZone zone, int day) {
    GregorianCalendar calendar = new GregorianCalendar(zone);
    calendar.setTimeInMillis(1_136_000_000_000L + day * 86_400_000L);
    return calendar;
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    return BindingClients.PUBLISH.plus(
        InterleavedRounds.estimate(
            cases().size(), options.get(REPS), options.get(WARMUP), options.get(MEASURE)));
  }

  @Override
  public void run(Run run) throws Exception {
    WorkloadsImpl implementation = new WorkloadsImpl();
    BindingClients<Workloads> bindings =
        BindingClients.publish(run, Workloads.class, implementation, "/workloads");
    ServiceDescriptor published = bindings.publication().descriptor();
    // What a client in another JVM discovers: only the remote bindings, none in its JVM.
    ServiceDescriptor remote =
        new ServiceDescriptor(
            Workloads.class.getName(),
            "another-jvm",
            published.bindings().stream().filter(b -> !b.kind().inJvm()).toList());
    Environment environment = Discovery.builder().build().discover(remote);
    // As a proxy with a calibration does at its first selection: before any call has warmed up.
    Calibration.Result calibrated =
        Calibration.create()
            .recalibrate(remote, environment, CostModel.defaults(), List.of(), 500, 30_000);
    run.progress().println("calibrated: " + calibrated.notes());
    PolicyRules rules = PolicyRules.defaults();
    Predictor predictor = Predictor.create();
    List<Case> cases = cases();
    InterleavedRounds<Case> rounds =
        InterleavedRounds.measure(
            cases,
            bindings.all(),
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
    int[] matches = new int[3];
    for (Case c : cases) {
      BindingKind fastest =
          rounds.micros(c, "rmi") <= rounds.micros(c, "soap") ? BindingKind.RMI : BindingKind.SOAP;
      Method method = operation(c.operation());
      Prediction bySize = predictor.predict(method, c.hints());
      TimePrediction byDefaults = predictor.predictTime(method, c.hints(), CostModel.defaults());
      TimePrediction byTime = predictor.predictTime(method, c.hints(), calibrated.model());
      Set<String> facts = new LinkedHashSet<>(environment.facts());
      facts.add("predicted:" + byTime.choice().token());
      facts.add("size-predicted:" + bySize.choice().token());
      BindingKind chosen = rules.decide(facts, environment::usable).kind();
      MessageSizes sizes =
          predictor.estimate(method, c.hints().points().get(c.hints().points().size() / 2));
      matches[0] += chosen == fastest ? 1 : 0;
      matches[1] += byDefaults.choice() == fastest ? 1 : 0;
      matches[2] += bySize.choice() == fastest ? 1 : 0;
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
              chosen == fastest ? "yes" : "no",
              Math.round(sizes.soap()),
              Math.round(sizes.rmi()),
              BindingClients.serializedSize((Object) c.args())
                  + BindingClients.serializedSize(call(implementation, c))));
      table.row(cells);
    }
    String verdict =
        Template.render(
            "reports/binding-workloads/verdict.md",
            Map.of(
                "matches",
                matches[0],
                "cases",
                cases.size(),
                "percent",
                Math.round(100.0 * matches[0] / cases.size()),
                "defaultMatches",
                matches[1],
                "sizeMatches",
                matches[2],
                "calibration",
                String.join("; ", calibrated.notes())));
    Map<String, Object> settings =
        Map.of(
            "reps", run.get(REPS),
            "warmup", run.get(WARMUP).toMillis(),
            "measure", run.get(MEASURE).toMillis());
    BindingClients.write(
        run,
        "Binding workloads: the report's Table 1 and Figure 3",
        Template.items("reports/binding-workloads/settings.md", settings),
        verdict,
        table,
        rounds,
        "call",
        "case");
    run.progress().println(verdict);
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
}
