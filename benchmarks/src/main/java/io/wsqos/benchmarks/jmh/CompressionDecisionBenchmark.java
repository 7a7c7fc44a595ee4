package io.wsqos.benchmarks.jmh;

import com.sun.management.OperatingSystemMXBean;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.compression.CompressionPolicy.Decision;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.core.compression.EncodingNegotiator;
import io.wsqos.core.compression.Negotiation;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.load.CpuLoadProbe;
import io.wsqos.core.load.LoadProbe;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
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
 * What deciding about compression costs a response, each part beside its floor: reading the load
 * ({@link LoadProbe}, beside a plain and a volatile field read, and one {@code getCpuLoad()} call
 * as the seed made per request); an interceptor asking the {@link CompressionPolicy} about a {@code
 * server-decides} client (beside an empty interceptor; {@code policy=per-request-cpu-load} is the
 * seed's way); and choosing a coding from {@code Accept-Encoding} (allocation-free: run with {@code
 * -prof gc}). The probe's background sampling and the compression itself are not measured.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class CompressionDecisionBenchmark {

  private final OperatingSystemMXBean os =
      ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
  private double plainField = 0.42;
  private volatile double volatileField = 0.42;
  private LoadProbe probe;

  @Setup(Level.Trial)
  public void setUp() {
    probe = LoadProbe.cpu();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    probe.close();
  }

  @Benchmark
  public double baselinePlainField() {
    return plainField;
  }

  @Benchmark
  public double baselineVolatileField() {
    return volatileField;
  }

  @Benchmark
  public double probeCurrentLoad() {
    return probe.currentLoad();
  }

  @Benchmark
  public double probeAverageLoad() {
    return probe.averageLoad();
  }

  @Benchmark
  public double directGetCpuLoad() {
    return os.getCpuLoad();
  }

  @Benchmark
  public Message baselineEmptyInterceptor(Policy p) {
    p.empty.handleMessage(p.message);
    return p.message;
  }

  @Benchmark
  public Decision interceptorDecides(Policy p) {
    p.deciding.handleMessage(p.message);
    return p.deciding.last;
  }

  @Benchmark
  public Negotiation negotiate(Accept a) {
    return a.negotiator.negotiate(a.acceptEncoding);
  }

  /** A policy, and the interceptors that ask it and that do nothing. */
  @State(Scope.Thread)
  public static class Policy {
    /** {@code always}, {@code load-aware}, {@code graded} over a sampling {@link CpuLoadProbe}. */
    @Param({"always", "load-aware", "graded", "per-request-cpu-load"})
    public String policy;

    private final Message message = new MessageImpl();
    private final AbstractPhaseInterceptor<Message> empty =
        new AbstractPhaseInterceptor<>(Phase.PREPARE_SEND) {
          @Override
          public void handleMessage(Message message) {}
        };
    private CpuLoadProbe probe;
    private Deciding deciding;

    @Setup(Level.Trial)
    public void setUp() {
      probe = LoadProbe.cpu();
      OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
      deciding =
          new Deciding(
              switch (policy) {
                case "always" -> CompressionPolicy.always();
                case "load-aware" -> CompressionPolicy.loadAware(probe);
                case "graded" -> CompressionPolicy.graded(probe, 50, 80, 5);
                case "per-request-cpu-load" ->
                    preference ->
                        os.getCpuLoad() * 100 < CompressionPolicy.DEFAULT_THRESHOLD_PERCENT
                            ? Decision.COMPRESS
                            : Decision.SKIP_LOAD_ABOVE_THRESHOLD;
                default -> throw new IllegalArgumentException("policy: " + policy);
              });
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      probe.close();
    }
  }

  /** An {@code Accept-Encoding} and the negotiator of the codings a server offers. */
  @State(Scope.Thread)
  public static class Accept {
    /** A typical header of curl, of a browser, and one with q-values and identity;q=0. */
    @Param({"gzip", "gzip, deflate, br, zstd", "zstd;q=0.9, gzip;q=0.8, identity;q=0"})
    public String acceptEncoding;

    private final EncodingNegotiator negotiator =
        EncodingNegotiator.of(
            List.of(ContentCoding.GZIP, ContentCoding.ZSTD, ContentCoding.DEFLATE));
  }

  /** Asks the policy, as the server's compression interceptor does once per response. */
  private static final class Deciding extends AbstractPhaseInterceptor<Message> {
    private final CompressionPolicy policy;
    Decision last;

    Deciding(CompressionPolicy policy) {
      super(Phase.PREPARE_SEND);
      this.policy = policy;
    }

    @Override
    public void handleMessage(Message message) {
      last = policy.decide(CompressionPreference.SERVER_DECIDES);
    }
  }
}
