package io.wsqos.benchmarks.jmh;

import io.wsqos.binding.BindingKind;
import io.wsqos.binding.BindingProxy;
import io.wsqos.binding.BindingPublisher;
import io.wsqos.binding.LocalRegistry;
import io.wsqos.binding.PolicyRules;
import io.wsqos.binding.Publication;
import io.wsqos.server.EmbeddedServer;
import java.util.ArrayList;
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
 * One small call through the binding selector's {@link BindingProxy} on each binding, beside a
 * direct call on the implementation (the baseline): {@code local} against {@code direct} is the
 * proxy's own cost per call (goal: local at most twice direct, and under 100 ns more); {@code
 * cxfLocal}, {@code rmi} and {@code soap} are the other bindings' round trips on loopback, client
 * and server in this JVM, single-threaded. Does not measure selection (done once in setup),
 * concurrency, or the network beyond loopback.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Benchmark)
public class BindingProxyBenchmark {

  /** The implementation: a little arithmetic on its arguments, so that the call is not folded. */
  static final class Quotes implements QuoteService {
    @Override
    public double price(String symbol, int quantity) {
      return symbol.length() * 1.25 + quantity;
    }
  }

  private final List<BindingProxy<QuoteService>> proxies = new ArrayList<>();
  private Publication publication;
  private QuoteService direct;
  private QuoteService local;
  private QuoteService cxfLocal;
  private QuoteService rmi;
  private QuoteService soap;
  private String symbol = "IBM";
  private int quantity = 100;

  @Setup(Level.Trial)
  public void setUp() {
    direct = new Quotes();
    LocalRegistry registry = new LocalRegistry();
    publication =
        BindingPublisher.builder(QuoteService.class, direct)
            .local(registry)
            .cxfLocal(registry)
            .rmi("127.0.0.1")
            .soap(EmbeddedServer.builder(), "/quotes")
            .publish();
    local = bind(registry, BindingKind.LOCAL);
    cxfLocal = bind(registry, BindingKind.CXF_LOCAL);
    rmi = bind(registry, BindingKind.RMI);
    soap = bind(registry, BindingKind.SOAP);
  }

  private QuoteService bind(LocalRegistry registry, BindingKind kind) {
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
    return proxy.service();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    proxies.forEach(BindingProxy::close);
    publication.close();
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
  public double cxfLocal() {
    return cxfLocal.price(symbol, quantity);
  }

  @Benchmark
  public double rmi() {
    return rmi.price(symbol, quantity);
  }

  @Benchmark
  public double soap() {
    return soap.price(symbol, quantity);
  }
}
