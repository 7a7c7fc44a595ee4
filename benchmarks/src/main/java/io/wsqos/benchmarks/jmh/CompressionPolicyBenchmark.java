package io.wsqos.benchmarks.jmh;

import com.sun.management.OperatingSystemMXBean;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.compression.CompressionPolicy.Decision;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.load.CpuLoadProbe;
import io.wsqos.core.load.LoadProbe;
import java.lang.management.ManagementFactory;
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
 * What the compression decision costs a response: a CXF interceptor that asks the {@link
 * CompressionPolicy} for a {@code server-decides} client, next to an empty interceptor (the floor
 * of anything installed in a chain). The goal of issue 4 is a difference within noise.
 *
 * <p>{@code policy} selects the decision: {@code always}, {@code load-aware} and {@code graded} are
 * the built-in policies over a {@link CpuLoadProbe} sampling in the background (what a server
 * runs); {@code per-request-cpu-load} reads {@code OperatingSystemMXBean.getCpuLoad()} in the
 * decision itself, as the seed's dynamic variant did, for contrast. It does not measure the
 * compression itself ({@link CodecBenchmark}) nor the probe's sampling thread.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CompressionPolicyBenchmark -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class CompressionPolicyBenchmark {

  @Param({"always", "load-aware", "graded", "per-request-cpu-load"})
  public String policy;

  private CpuLoadProbe probe;
  private Message message;
  private EmptyInterceptor empty;
  private DecidingInterceptor deciding;

  @Setup(Level.Trial)
  public void setUp() {
    probe = LoadProbe.cpu();
    message = new MessageImpl();
    empty = new EmptyInterceptor();
    deciding = new DecidingInterceptor(policy(policy, probe));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    probe.close();
  }

  private static CompressionPolicy policy(String name, LoadProbe probe) {
    return switch (name) {
      case "always" -> CompressionPolicy.always();
      case "load-aware" -> CompressionPolicy.loadAware(probe);
      case "graded" -> CompressionPolicy.graded(probe, 50, 80, 5);
      case "per-request-cpu-load" -> new PerRequestCpuLoadPolicy();
      default -> throw new IllegalArgumentException("policy: " + name);
    };
  }

  @Benchmark
  public Message baselineEmptyInterceptor() {
    empty.handleMessage(message);
    return message;
  }

  @Benchmark
  public Decision interceptorDecides() {
    deciding.handleMessage(message);
    return deciding.last;
  }

  private static final class EmptyInterceptor extends AbstractPhaseInterceptor<Message> {
    EmptyInterceptor() {
      super(Phase.PREPARE_SEND);
    }

    @Override
    public void handleMessage(Message message) {}
  }

  /** Asks the policy, as the server's compression interceptor does once per response. */
  private static final class DecidingInterceptor extends AbstractPhaseInterceptor<Message> {
    private final CompressionPolicy policy;
    Decision last;

    DecidingInterceptor(CompressionPolicy policy) {
      super(Phase.PREPARE_SEND);
      this.policy = policy;
    }

    @Override
    public void handleMessage(Message message) {
      last = policy.decide(CompressionPreference.SERVER_DECIDES);
    }
  }

  /** The seed's way: the CPU load read on the request path, for every response. */
  private static final class PerRequestCpuLoadPolicy implements CompressionPolicy {
    private final OperatingSystemMXBean os =
        (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    @Override
    public Decision decide(CompressionPreference preference) {
      return os.getCpuLoad() * 100 < DEFAULT_THRESHOLD_PERCENT
          ? Decision.COMPRESS
          : Decision.SKIP_LOAD_ABOVE_THRESHOLD;
    }
  }
}
