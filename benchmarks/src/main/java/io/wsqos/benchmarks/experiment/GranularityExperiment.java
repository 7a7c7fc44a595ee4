package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.binding.SoapBytes;
import io.wsqos.benchmarks.binding.TcpMib;
import io.wsqos.benchmarks.binding.TcpMibImpl;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.binding.BindingKind;
import io.wsqos.cli.Option;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Seed 004's granularity table over the binding selector's bindings: four ways to read MIB-II's TCP
 * group ({@link Shape}) over SOAP, RMI, a local call through the binding proxy and a direct call;
 * response time and CPU, calls and bytes per retrieval.
 */
final class GranularityExperiment implements Experiment {

  static final Option<Integer> REPS =
      Option.integer("reps", 5, 1, 1000, "interleaved rounds of every shape on every binding");
  static final Option<Integer> ROWS =
      Option.integer("rows", 40, 1, 100_000, "rows of the connection table (004: 40)");
  static final Option<Duration> WARMUP =
      Run.seconds("warmup", 0.3, "retrievals before each round's measured part, not counted");
  static final Option<Duration> MEASURE = Run.seconds("measure", 0.7, "each round's measured part");

  /** JRMP's call and return headers around the serialized streams, as the predictor counts them. */
  private static final int JRMP_HEADERS = 39 + 20;

  /** HTTP's request and response headers of a CXF call, as the predictor counts them. */
  private static final int HTTP_HEADERS = 240 + 130;

  /** What one call sent and got back: the operation's key, its arguments and its result. */
  private record Call(String key, Object[] args, Object result) {}

  /** One of 004's four ways to read the TCP group. */
  enum Shape {
    ONE_ATTRIBUTE("1attr/1method", "one counter, one call"),
    N_ATTRIBUTES("Nattr/1method", "the 14 counters in one call"),
    TABLE("NMOs/1method", "the whole connection table in one call"),
    ROW_PER_CALL("1MO/1method", "the rows' keys, then one call per row");

    final String label;
    final String description;

    Shape(String label, String description) {
      this.label = label;
      this.description = description;
    }

    /** Reads once; adds each call made to {@code calls} unless it is null (when timed). */
    void read(TcpMib mib, List<Call> calls) {
      switch (this) {
        case ONE_ATTRIBUTE -> {
          Object r = mib.counter("tcpActiveOpens");
          add(calls, "counter(java.lang.String)", new Object[] {"tcpActiveOpens"}, r);
        }
        case N_ATTRIBUTES -> add(calls, "counters()", new Object[0], mib.counters());
        case TABLE -> add(calls, "connections()", new Object[0], mib.connections());
        case ROW_PER_CALL -> {
          List<String> keys = mib.connectionKeys();
          add(calls, "connectionKeys()", new Object[0], keys);
          for (String key : keys) {
            Object row = mib.connection(key);
            add(calls, "connection(java.lang.String)", new Object[] {key}, row);
          }
        }
      }
    }

    private static void add(List<Call> calls, String key, Object[] args, Object result) {
      if (calls != null) {
        calls.add(new Call(key, args, result));
      }
    }
  }

  @Override
  public String name() {
    return "binding-granularity";
  }

  @Override
  public List<Option<?>> options() {
    return List.of(REPS, ROWS, WARMUP, MEASURE);
  }

  @Override
  public Duration estimatedDuration(OptionValues options) {
    return BindingClients.PUBLISH.plus(
        InterleavedRounds.estimate(
            Shape.values().length, options.get(REPS), options.get(WARMUP), options.get(MEASURE)));
  }

  @Override
  public void run(Run run) throws Exception {
    TcpMibImpl implementation = new TcpMibImpl(run.get(ROWS));
    BindingClients<TcpMib> bindings =
        BindingClients.publish(run, TcpMib.class, implementation, "/mib");
    SoapBytes soapBytes = new SoapBytes();
    TcpMib soapCounted = bindings.bind(BindingKind.SOAP, soapBytes);
    InterleavedRounds<Shape> rounds =
        InterleavedRounds.measure(
            List.of(Shape.values()),
            bindings.all(),
            (client, shape) -> shape.read(client, null),
            run.get(REPS),
            run.get(WARMUP),
            run.get(MEASURE),
            rep -> run.progress().printf("%s: round %d of %d done%n", name(), rep, run.get(REPS)));

    List<String> columns = new ArrayList<>(List.of("shape", "what", "calls"));
    columns.addAll(InterleavedRounds.TIME_COLUMNS);
    columns.addAll(
        List.of("soap_bytes", "rmi_bytes", "soap_envelope_bytes", "rmi_serialized_bytes"));
    Table table = Table.of(columns);
    for (Shape shape : Shape.values()) {
      List<Call> calls = new ArrayList<>();
      shape.read(implementation, calls);
      long serialized = 0;
      for (Call call : calls) {
        serialized +=
            BindingClients.serializedSize(call.key(), call.args())
                + BindingClients.serializedSize(call.result());
      }
      soapBytes.reset();
      shape.read(soapCounted, null);
      long envelopes = soapBytes.sent() + soapBytes.received();
      List<Object> cells = new ArrayList<>(List.of(shape.label, shape.description, calls.size()));
      cells.addAll(rounds.timeCells(shape, 3));
      cells.addAll(
          List.of(
              envelopes + (long) calls.size() * HTTP_HEADERS,
              serialized + (long) calls.size() * JRMP_HEADERS,
              envelopes,
              serialized));
      table.row(cells);
    }
    List<String> settings =
        Template.items(
            "reports/binding-granularity/settings.md",
            Map.of(
                "reps", run.get(REPS),
                "warmup", run.get(WARMUP).toMillis(),
                "measure", run.get(MEASURE).toMillis(),
                "rows", run.get(ROWS),
                "httpHeaders", HTTP_HEADERS,
                "jrmpHeaders", JRMP_HEADERS));
    BindingClients.write(
        run,
        "Binding granularity: seed 004's table over SOAP, RMI and a local call",
        settings,
        "",
        table,
        rounds,
        "retrieval",
        "shape");
  }
}
