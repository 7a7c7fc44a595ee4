package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.binding.BindingKind;
import io.wsqos.binding.BindingProxy;
import io.wsqos.binding.BindingPublisher;
import io.wsqos.binding.LocalRegistry;
import io.wsqos.binding.PolicyRules;
import io.wsqos.binding.Publication;
import io.wsqos.server.EmbeddedServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.cxf.feature.Feature;

/**
 * What the binding experiments share: a service published over SOAP, RMI and the local registry in
 * this JVM, and the clients {@link InterleavedRounds} measures on it, each held by the run.
 */
final class BindingClients<T> {

  private final Run run;
  private final Class<T> type;
  private final T implementation;
  private final LocalRegistry local = new LocalRegistry();
  private final Publication publication;

  private BindingClients(Run run, Class<T> type, T implementation, String path) {
    this.run = run;
    this.type = type;
    this.implementation = implementation;
    this.publication =
        run.hold(
            BindingPublisher.builder(type, implementation)
                .local(local)
                .rmi("127.0.0.1")
                .soap(EmbeddedServer.builder(), path)
                .publish());
  }

  /** What {@link #publish} takes, for the estimates: a server, an RMI export, four clients. */
  static final Duration PUBLISH = Duration.ofSeconds(5);

  static <T> BindingClients<T> publish(Run run, Class<T> type, T implementation, String path) {
    return new BindingClients<>(run, type, implementation, path);
  }

  Publication publication() {
    return publication;
  }

  /** A proxy whose rules always choose {@code kind}, with {@code features} on its SOAP client. */
  T bind(BindingKind kind, Feature... features) {
    BindingProxy.Builder<T> builder =
        BindingProxy.builder(type)
            .descriptor(publication.descriptor())
            .localRegistry(local)
            .rules(PolicyRules.always(kind));
    for (Feature feature : features) {
      builder.feature(feature);
    }
    BindingProxy<T> proxy = run.hold(builder.build());
    if (proxy.selection().kind() != kind) {
      throw new IllegalStateException("expected " + kind + ", got " + proxy.explain());
    }
    return proxy.service();
  }

  /** One client for each of {@link InterleavedRounds#CLIENTS}: the direct one is the service. */
  Map<String, T> all() {
    Map<String, T> clients = new LinkedHashMap<>();
    clients.put("soap", bind(BindingKind.SOAP));
    clients.put("rmi", bind(BindingKind.RMI));
    clients.put("local", bind(BindingKind.LOCAL));
    clients.put("direct", implementation);
    return clients;
  }

  /** The bytes of {@code values} written one after another by one {@link ObjectOutputStream}. */
  static int serializedSize(Object... values) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      for (Object value : values) {
        out.writeObject(value);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.size();
  }

  /**
   * Writes {@code results.csv}, {@code response-time.png} (the rounds' median time per {@code per}
   * over each {@code x}) and {@code report.md} with the table under "Results", after {@code text}.
   */
  static void write(
      Run run,
      String title,
      List<String> settings,
      String text,
      Table table,
      InterleavedRounds<?> rounds,
      String per,
      String x) {
    Plot plot =
        Plot.of("Response time per " + per + " (median of rounds)", x, "microseconds")
            .logarithmicY();
    rounds.addSeries(plot);
    table.writeCsv(run.out().resolve("results.csv"));
    plot.write(run.out().resolve("response-time.png"));
    run.writeReport(title, settings, List.of(Report.section("Results", text, table)));
  }
}
