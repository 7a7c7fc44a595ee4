package io.wsqos.benchmarks.jmh;

import io.wsqos.benchmarks.binding.LedgerEntry;
import io.wsqos.benchmarks.binding.SearchResult;
import io.wsqos.benchmarks.binding.Workloads;
import io.wsqos.benchmarks.binding.WorkloadsImpl;
import io.wsqos.binding.BindingKind;
import io.wsqos.binding.BindingProxy;
import io.wsqos.binding.BindingPublisher;
import io.wsqos.binding.LocalRegistry;
import io.wsqos.binding.PolicyRules;
import io.wsqos.binding.Publication;
import io.wsqos.binding.Selection;
import io.wsqos.server.EmbeddedServer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One small call through the binding selector's {@link BindingProxy} on the local binding, beside a
 * direct call on the implementation: {@code local} against {@code direct} is the proxy's own cost
 * (goal: at most twice direct and under 100 ns more). {@code localSearch} and {@code localPost}
 * repeat the comparison on the binding workloads' ten-result search and three-entry financial post;
 * {@code reselect} is one re-selection on the local binding (rediscovery of the published CXF
 * local, RMI and SOAP bindings, probing RMI's and SOAP's ports, the rules, connecting, the swap),
 * in microseconds.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Benchmark)
public class BindingProxyBenchmark {

  private final List<BindingProxy<?>> proxies = new ArrayList<>();
  private Publication publication;
  private Publication workloads;
  private QuoteService direct;
  private QuoteService local;
  private BindingProxy<QuoteService> reselecting;
  private String symbol = "IBM";
  private int quantity = 100;
  private Workloads directWorkloads;
  private Workloads localWorkloads;
  private String query = "java performance";
  private int results = 10;
  private List<LedgerEntry> entries;

  @Setup(Level.Trial)
  public void setUp() {
    direct = new QuoteService.Quotes();
    LocalRegistry registry = new LocalRegistry();
    publication =
        BindingPublisher.builder(QuoteService.class, direct)
            .local(registry)
            .cxfLocal(registry)
            .rmi("127.0.0.1")
            .soap(EmbeddedServer.builder(), "/quotes")
            .publish();
    local = bind(registry, BindingKind.LOCAL).service();
    reselecting = bind(registry, BindingKind.LOCAL);
    directWorkloads = new WorkloadsImpl();
    workloads =
        BindingPublisher.builder(Workloads.class, directWorkloads).local(registry).publish();
    BindingProxy<Workloads> proxy =
        BindingProxy.builder(Workloads.class)
            .descriptor(workloads.descriptor())
            .localRegistry(registry)
            .rules(PolicyRules.always(BindingKind.LOCAL))
            .build();
    proxies.add(proxy);
    localWorkloads = proxy.service();
    entries = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      LedgerEntry e = new LedgerEntry();
      e.account = "DE89370400440532" + i;
      e.counterparty = "US64SVBKUS6S33" + i;
      e.currency = "USD";
      e.reference = "TX-2006-" + i;
      e.memo = "Settlement of invoice " + i;
      e.booked = new GregorianCalendar(2006, 0, 1 + i);
      e.valued = new GregorianCalendar(2006, 0, 2 + i);
      e.amount = BigDecimal.valueOf(100_000 + i, 2);
      entries.add(e);
    }
  }

  private BindingProxy<QuoteService> bind(LocalRegistry registry, BindingKind kind) {
    BindingProxy<QuoteService> proxy =
        BindingProxy.builder(QuoteService.class)
            .descriptor(publication.descriptor())
            .localRegistry(registry)
            .rules(PolicyRules.always(kind))
            .build();
    proxies.add(proxy);
    if (proxy.selection().kind() != kind) {
      throw new IllegalStateException("expected " + kind + ", got " + proxy.explain());
    }
    return proxy;
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    proxies.forEach(BindingProxy::close);
    publication.close();
    workloads.close();
  }

  @Benchmark
  public double direct() {
    return direct.price(symbol, quantity);
  }

  @Benchmark
  public double local() {
    return local.price(symbol, quantity);
  }

  @Benchmark
  public List<SearchResult> directSearch() {
    return directWorkloads.search(query, results);
  }

  @Benchmark
  public List<SearchResult> localSearch() {
    return localWorkloads.search(query, results);
  }

  @Benchmark
  public List<LedgerEntry> directPost() {
    return directWorkloads.post(entries);
  }

  @Benchmark
  public List<LedgerEntry> localPost() {
    return localWorkloads.post(entries);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public Selection reselect() {
    return reselecting.reselect();
  }
}
