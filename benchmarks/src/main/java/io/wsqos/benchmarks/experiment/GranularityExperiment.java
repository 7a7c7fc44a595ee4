package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.binding.SoapBytes;
import io.wsqos.benchmarks.binding.TcpMib;
import io.wsqos.benchmarks.binding.TcpMibImpl;
import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.binding.BindingKind;
import io.wsqos.binding.BindingProxy;
import io.wsqos.binding.BindingPublisher;
import io.wsqos.binding.LocalRegistry;
import io.wsqos.binding.PolicyRules;
import io.wsqos.binding.Publication;
import io.wsqos.cli.Option;
import io.wsqos.server.EmbeddedServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 004's granularity table over the binding selector's bindings: one attribute per call, all
 * attributes in one call, a whole table in one call, and one call per row (after a call for the
 * rows' keys), over SOAP, RMI, a local call through the binding proxy and a direct call; response
 * time and CPU per retrieval, calls and bytes per retrieval. Client and server share this JVM and
 * talk over loopback.
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

    /** Reads once; returns the calls made and collects what went in and out for the bytes. */
    int read(TcpMib mib, List<Object[]> requests, List<Object> responses) {
      switch (this) {
        case ONE_ATTRIBUTE -> {
          Object r = mib.counter("tcpActiveOpens");
          record(
              requests, responses, "counter(java.lang.String)", new Object[] {"tcpActiveOpens"}, r);
          return 1;
        }
        case N_ATTRIBUTES -> {
          record(requests, responses, "counters()", new Object[0], mib.counters());
          return 1;
        }
        case TABLE -> {
          record(requests, responses, "connections()", new Object[0], mib.connections());
          return 1;
        }
        default -> {
          List<String> keys = mib.connectionKeys();
          record(requests, responses, "connectionKeys()", new Object[0], keys);
          for (String key : keys) {
            Object row = mib.connection(key);
            record(requests, responses, "connection(java.lang.String)", new Object[] {key}, row);
          }
          return 1 + keys.size();
        }
      }
    }

    private static void record(
        List<Object[]> requests, List<Object> responses, String key, Object[] args, Object result) {
      if (requests != null) {
        requests.add(new Object[] {key, args});
        responses.add(result);
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
  public void run(Run run) throws Exception {
    TcpMibImpl implementation = new TcpMibImpl(run.get(ROWS));
    LocalRegistry local = new LocalRegistry();
    Publication publication =
        run.hold(
            BindingPublisher.builder(TcpMib.class, implementation)
                .local(local)
                .rmi("127.0.0.1")
                .soap(EmbeddedServer.builder(), "/mib")
                .publish());
    Map<String, TcpMib> clients = new LinkedHashMap<>();
    clients.put("soap", bind(run, publication, local, BindingKind.SOAP, null));
    clients.put("rmi", bind(run, publication, local, BindingKind.RMI, null));
    clients.put("local", bind(run, publication, local, BindingKind.LOCAL, null));
    clients.put("direct", implementation);
    SoapBytes soapBytes = new SoapBytes();
    TcpMib soapCounted = bind(run, publication, local, BindingKind.SOAP, soapBytes);

    InterleavedRounds<Shape> rounds =
        InterleavedRounds.measure(
            List.of(Shape.values()),
            clients,
            (client, shape) -> shape.read(client, null, null),
            run.get(REPS),
            run.get(WARMUP),
            run.get(MEASURE),
            rep -> run.progress().printf("%s: round %d of %d done%n", name(), rep, run.get(REPS)));

    List<String> columns = new ArrayList<>(List.of("shape", "what", "calls"));
    columns.addAll(InterleavedRounds.TIME_COLUMNS);
    columns.addAll(
        List.of("soap_bytes", "rmi_bytes", "soap_envelope_bytes", "rmi_serialized_bytes"));
    Table table = Table.of(columns);
    Plot plot =
        Plot.of("Response time per retrieval (median of rounds)", "shape", "microseconds")
            .logarithmicY();
    for (Shape shape : Shape.values()) {
      List<Object[]> requests = new ArrayList<>();
      List<Object> responses = new ArrayList<>();
      int calls = shape.read(implementation, requests, responses);
      long serialized = 0;
      for (int i = 0; i < requests.size(); i++) {
        serialized += serializedSize(requests.get(i)) + serializedSize(responses.get(i));
      }
      soapBytes.reset();
      shape.read(soapCounted, null, null);
      long envelopes = soapBytes.sent() + soapBytes.received();
      List<Object> cells = new ArrayList<>(List.of(shape.label, shape.description, calls));
      cells.addAll(rounds.timeCells(shape, 3));
      cells.addAll(
          List.of(
              envelopes + (long) calls * HTTP_HEADERS,
              serialized + (long) calls * JRMP_HEADERS,
              envelopes,
              serialized));
      table.row(cells);
    }
    rounds.addSeries(plot);
    Files.createDirectories(run.out());
    table.writeCsv(run.out().resolve("results.csv"));
    plot.write(run.out().resolve("response-time.png"));
    run.report(
            "Binding granularity: seed 004's table over SOAP, RMI and a local call",
            summary(),
            List.of(
                "rounds: "
                    + run.get(REPS)
                    + ", each "
                    + run.get(WARMUP).toMillis()
                    + " ms warm-up and "
                    + run.get(MEASURE).toMillis()
                    + " ms measured per shape and binding, the order rotated every round; "
                    + run.get(ROWS)
                    + " table rows",
                "times and CPU: the median over rounds of each round's mean per retrieval (all the"
                    + " calls of the shape); CPU is the whole process's (client and server)",
                "soap_bytes: the envelopes counted on the client's streams plus "
                    + HTTP_HEADERS
                    + " bytes of HTTP headers per call (the predictor's estimate); rmi_bytes: the"
                    + " operation key, arguments and result as ObjectOutputStream writes them plus "
                    + JRMP_HEADERS
                    + " bytes of JRMP headers per call; local and direct calls pass references"))
        .add(Report.section("Results", "", table))
        .write(run.out().resolve("report.md"));
    run.progress().println("wrote " + run.out().toAbsolutePath());
  }

  private static TcpMib bind(
      Run run, Publication publication, LocalRegistry local, BindingKind kind, SoapBytes counter) {
    BindingProxy.Builder<TcpMib> builder =
        BindingProxy.builder(TcpMib.class)
            .descriptor(publication.descriptor())
            .localRegistry(local)
            .rules(PolicyRules.always(kind));
    if (counter != null) {
      builder.feature(counter);
    }
    BindingProxy<TcpMib> proxy = run.hold(builder.build());
    if (proxy.selection().kind() != kind) {
      throw new IllegalStateException("expected " + kind + ", got " + proxy.explain());
    }
    return proxy.service();
  }

  private static int serializedSize(Object value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      if (value instanceof Object[] call && call.length == 2 && call[0] instanceof String) {
        out.writeObject(call[0]);
        out.writeObject(call[1]);
      } else {
        out.writeObject(value);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.size();
  }
}
