package io.wsqos.benchmarks.jmh;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.wsqos.benchmarks.broker.BrokerDataSet;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.core.header.QosRequirement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One in-process selection by the broker ({@link OfferSelector#select}: index lookup, constraints,
 * ranking, tie spreading; no I/O, no API layer) on a {@link BrokerDataSet} in in-memory H2, the
 * requirements cycling through the services and the set's four kinds; beside a {@link HashMap}
 * lookup of each service's precomputed best offer, the floor of any in-memory answer. {@code
 * meters=prometheus} times each selection into a Prometheus registry, as the launcher does.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class BrokerSelectionBenchmark {

  @Param({"paper", "large"})
  public String set;

  @Param({"none", "prometheus"})
  public String meters;

  private Registry registry;
  private OfferSelector selector;
  private QName[] services;
  private QosRequirement[] requirements;
  private Map<QName, Candidate> bestByService;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    registry =
        Registry.builder().url("jdbc:h2:mem:broker-benchmark-" + System.nanoTime(), "", "").build();
    List<QName> portTypes = BrokerDataSet.of(set).fill(registry);
    OfferSelector.Builder builder = OfferSelector.builder(registry);
    if (meters.equals("prometheus")) {
      builder.meterRegistry(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    } else if (!meters.equals("none")) {
      throw new IllegalArgumentException("meters: " + meters + " (expected: none, prometheus)");
    }
    selector = builder.build();
    services = portTypes.toArray(new QName[0]);
    requirements = new QosRequirement[services.length];
    bestByService = new HashMap<>();
    for (int i = 0; i < services.length; i++) {
      requirements[i] = BrokerDataSet.requirement(i);
      bestByService.put(
          services[i],
          selector.select(services[i], BrokerDataSet.requirement(0)).best().orElseThrow());
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    selector.close();
    registry.close();
  }

  @Benchmark
  public Candidate baselineMapLookup() {
    return bestByService.get(services[next()]);
  }

  @Benchmark
  public Selection select() {
    int i = next();
    return selector.select(services[i], requirements[i]);
  }

  private int next() {
    int i = next;
    next = i + 1 == services.length ? 0 : i + 1;
    return i;
  }
}
